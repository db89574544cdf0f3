import { describe, expect, it } from 'vitest';
import type { AuditLine } from '@/types/api';
import { describeLine } from '@/features/admin-audit/sentence';

const line = (overrides: Partial<AuditLine>): AuditLine => ({
  id: 1,
  actor_id: 2,
  actor_name: 'Anu',
  subject: 'Neem Cake 5 kg',
  action: 'variant.update',
  entity: 'variant',
  entity_id: '31',
  old_values: null,
  new_values: null,
  created_at: '2026-11-20T09:15:00Z',
  ...overrides,
});

describe('an audit line in words', () => {
  it('names the one field that changed, money in rupees', () => {
    const { sentence, changes } = describeLine(line({ old_values: { retail_price: 480, sku: 'NC-5', version: 3 }, new_values: { retail_price: 520.5, sku: 'NC-5', version: 4 } }));
    expect(sentence).toBe('Anu changed the price of Neem Cake 5 kg from ₹480 to ₹520.50');
    expect(changes).toEqual([]);
  });

  it('lists several changes as field: before → after', () => {
    const { sentence, changes } = describeLine(line({ old_values: { retail_price: 480, MRP: 500 }, new_values: { retail_price: 520, MRP: 560 } }));
    expect(sentence).toBe('Anu changed Neem Cake 5 kg');
    expect(changes.map((change) => change.field)).toEqual(['retail_price', 'MRP']);
  });

  it('says who did what to whom for the people desk, and never shows an id', () => {
    expect(describeLine(line({ action: 'customer.erase', entity: 'guest', entity_id: 'abc', subject: null })).sentence).toBe('Anu erased the personal data of something no longer there');
    expect(describeLine(line({ action: 'order.status', entity: 'order', subject: 'ORD-2026-000042', old_values: { status: 'placed' }, new_values: { status: 'confirmed' } })).sentence).toBe(
      'Anu moved order ORD-2026-000042 from placed to confirmed',
    );
    expect(describeLine(line({ actor_name: null, action: 'stock.adjust', old_values: { stock: 4 }, new_values: { stock: 10, delta: 6, reason: 'received' } })).sentence).toBe(
      'The system changed the stock of Neem Cake 5 kg from 4 to 10',
    );
    expect(describeLine(line({ action: 'stock.count', old_values: { stock: 50 }, new_values: { stock: 48, delta: -2, reason: 'stocktake', note: 'Counted 48 (was 50)' } })).sentence).toBe(
      'Anu changed the stock of Neem Cake 5 kg from 50 to 48',
    );
  });
});
