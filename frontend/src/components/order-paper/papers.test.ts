import { describe, expect, it } from 'vitest';
import { order } from '@/testing/orders';
import type { Order, OrderLine } from '@/types/orders';
import { covers, creditNotePapers, documentPapers, paperHasTax, paperTotals, quantityWithUnit, unitAmount } from '@/components/order-paper/papers';

const none = { total: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };

/** A registered buyer's order of a taxable line and two exempt ones, with a return of one bag of
 * fertiliser and one packet of seed (each document credited), and an older cancellation shape. */
function mixed(kind: 'registered' | 'unregistered' = 'registered'): Order {
  const base = order();
  const [fertiliser] = base.lines as [OrderLine, OrderLine];
  const seed: OrderLine = { ...fertiliser, product_id: 3, variant_id: 30, product_name: 'Cardamom seed', sku: 'SEED-10G', position: 1, supply_kind: 'exempt', gst_rate: 0, uqc: 'KGS', uqc_quantity: '0.01', quantity: 4, returned: 1, unit_price: 50, taxable_value: 200, cgst: 0, sgst: 0, igst: 0, total: 200, shipping: none };
  const spade: OrderLine = { ...seed, product_id: 4, variant_id: 40, product_name: 'Spade', sku: 'SPADE', position: 2, supply_kind: 'nil_rated', uqc: 'NOS', uqc_quantity: '1', quantity: 1, returned: 0 };
  const documents: Order['documents'] =
    kind === 'registered'
      ? [
          { kind: 'tax_invoice', number: 'WR/26-27/000001', date: '2026-11-20', eway_bill_number: null },
          { kind: 'bill_of_supply', number: 'WRBS/26-27/00001', date: '2026-11-20', eway_bill_number: null },
        ]
      : [{ kind: 'invoice_cum_bill', number: 'WR/26-27/000001', date: '2026-11-20', eway_bill_number: null }];
  const backLine = (position: number, supply: OrderLine['supply_kind'], total: number) => ({ position, quantity: 1, restocked: true, supply_kind: supply, taxable_value: total, cgst: 0, sgst: 0, igst: 0, total, shipping: none });
  return {
    ...base,
    lines: [{ ...fertiliser, quantity: 3, returned: 1 }, seed, spade],
    invoice: documents[0] ?? null,
    documents,
    returns: [{ id: 9, date: '2026-11-25', reason: 'Torn bag', refund_delivery: false, value: 1230, credit_notes: ['WRCN/26-27/00001', 'WRCN/26-27/00002'], lines: [backLine(0, 'taxable', 1180), backLine(1, 'exempt', 50)] }],
    credit_notes: [
      { number: 'WRCN/26-27/00001', date: '2026-11-25', reason: 'Torn bag', against: 'WR/26-27/000001', return_id: 9 },
      { number: 'WRCN/26-27/00002', date: '2026-11-25', reason: 'Torn bag', against: documents[1]?.number ?? 'WR/26-27/000001', return_id: 9 },
      { number: 'WRCN/26-27/00003', date: '2026-11-26', reason: 'Cancelled', against: 'WR/26-27/000001', return_id: null },
    ],
  };
}

const names = (lines: { line: OrderLine }[]) => lines.map(({ line }) => line.product_name);

describe('which lines each paper shows', () => {
  it('a tax invoice the taxable lines, a bill of supply the others, an invoice-cum-bill all', () => {
    expect(covers('tax_invoice', 'taxable')).toBe(true);
    expect(covers('tax_invoice', 'exempt')).toBe(false);
    expect(['nil_rated', 'exempt', 'non_gst'].every((kind) => covers('bill_of_supply', kind as OrderLine['supply_kind']))).toBe(true);
    expect(covers('bill_of_supply', 'taxable')).toBe(false);
    expect(covers('invoice_cum_bill', 'taxable') && covers('invoice_cum_bill', 'non_gst')).toBe(true);
  });

  it('gives a registered buyer’s mixed order a tax invoice and a bill of supply, the first at #tax-invoice', () => {
    const [invoice, bill] = documentPapers(mixed());
    expect(invoice).toMatchObject({ id: 'tax-invoice', kind: 'document' });
    expect(names(invoice?.lines ?? [])).toEqual(['Cardamom Booster']);
    expect(bill?.id).toBe('document-WRBS/26-27/00001');
    expect(names(bill?.lines ?? [])).toEqual(['Cardamom seed', 'Spade']);
    expect(paperHasTax(invoice!)).toBe(true);
    expect(paperHasTax(bill!)).toBe(false);
  });

  it('gives an unregistered buyer’s mixed order one invoice-cum-bill with every line', () => {
    const papers = documentPapers(mixed('unregistered'));
    expect(papers).toHaveLength(1);
    expect(names(papers[0]?.lines ?? [])).toEqual(['Cardamom Booster', 'Cardamom seed', 'Spade']);
    expect(paperHasTax(papers[0]!)).toBe(true);
  });

  it('credits what came back on each document it was on, and a whole document on a cancellation', () => {
    const [onInvoice, onBill, whole] = creditNotePapers(mixed());
    expect(onInvoice).toMatchObject({ id: 'credit-note-WRCN/26-27/00001', documentKind: 'tax_invoice' });
    expect(onInvoice?.lines.map((line) => [line.line.product_name, line.quantity, line.total])).toEqual([['Cardamom Booster', 1, 1180]]);
    expect(onBill).toMatchObject({ documentKind: 'bill_of_supply' });
    expect(onBill?.lines.map((line) => [line.line.product_name, line.quantity, line.total])).toEqual([['Cardamom seed', 1, 50]]);
    expect(paperHasTax(onBill!)).toBe(false);
    // A cancellation credits the document as sold.
    expect(whole?.lines.map((line) => [line.line.product_name, line.quantity])).toEqual([['Cardamom Booster', 3]]);
  });

  it('adds up a paper in paise, goods and delivery shares together', () => {
    const totals = paperTotals(documentPapers(order())[0]?.lines ?? []);
    expect(totals).toEqual({ units: 2, taxable: 118494, cgst: 9965, sgst: 9962, igst: 0, total: 138421 });
  });
});

describe('quantities with their unit', () => {
  it('multiplies the pack’s unit without float drift and keeps a service’s count alone', () => {
    expect(unitAmount(3, '50')).toBe('150');
    expect(unitAmount(3, '0.1')).toBe('0.3');
    expect(unitAmount(4, '0.01')).toBe('0.04');
    expect(unitAmount(2, '0.5')).toBe('1');
    expect(quantityWithUnit({ uqc: 'KGS', uqc_quantity: '50' }, 3)).toBe('3 (150 KGS)');
    expect(quantityWithUnit({ uqc: 'NA', uqc_quantity: null }, 2)).toBe('2');
  });
});
