import { describe, expect, it } from 'vitest';
import { order } from '@/testing/orders';
import { returnBody, returnErrorsByPosition, unitsLeft, type ReturnDraft } from '@/features/admin-orders/return-form';

const sold = order({ lines: order().lines.map((line) => ({ ...line, quantity: 3, returned: line.position })) });
const draft = (quantities: Record<number, string>, reason = 'Torn bag'): ReturnDraft => ({ quantities, restock: { 0: true, 1: false }, refundDelivery: true, reason });

describe('the take-back form', () => {
  it('counts what is left of each line', () => {
    expect(sold.lines.map(unitsLeft)).toEqual([3, 2]);
  });

  it('sends the lines that came back, with their restock choice', () => {
    expect(returnBody(draft({ 0: '0', 1: '2' }), sold)).toEqual({ ok: true, body: { lines: [{ position: 1, quantity: 2, restock: false }], refund_delivery: true, reason: 'Torn bag' } });
  });

  it('refuses more than is left, nothing at all, and no reason', () => {
    expect(returnBody(draft({ 1: '3' }), sold)).toEqual({ ok: false, errors: { '1.quantity': 'desk.returns.badQuantity' } });
    expect(returnBody(draft({ 0: '1.5' }), sold)).toEqual({ ok: false, errors: { '0.quantity': 'desk.returns.badQuantity' } });
    expect(returnBody(draft({ 0: '0' }, ' '), sold)).toEqual({ ok: false, errors: { lines: 'desk.returns.noLines', reason: 'desk.returns.noReason' } });
  });

  it('puts the server’s errors beside the lines they name by their place in the body', () => {
    const sent = { lines: [{ position: 1, quantity: 2, restock: true }], refund_delivery: false, reason: 'x' };
    expect(returnErrorsByPosition({ 'lines.0.quantity': 'Only 2 left.', reason: 'Too long.', refund_delivery: 'Say so.' }, sent)).toEqual({
      '1.quantity': 'Only 2 left.',
      reason: 'Too long.',
      lines: 'Say so.',
    });
  });
});
