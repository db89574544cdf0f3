import { describe, expect, it } from 'vitest';
import { apportionShipping, lineTax, orderPreview, placeOfSupply, shippingFor, splitTax } from '@/features/checkout/order-preview';

const rule = { freeAbove: 200000, flatFee: 9900 };

describe('the tax in a line', () => {
  it('takes GST out of the inclusive price, rounded half away from zero once per line', () => {
    // ₹118 at 18 %: exactly ₹18 of tax.
    expect(lineTax({ pricePaise: 11800, quantity: 1, gstBasisPoints: 1800 })).toBe(1800);
    // ₹210 × 3 at 5 %: 63000 × 500 / 10500 = 3000 paise.
    expect(lineTax({ pricePaise: 21000, quantity: 3, gstBasisPoints: 500 })).toBe(3000);
    // ₹99.99 at 12 %: 9999 × 1200 / 11200 = 1071.32… → 1071.
    expect(lineTax({ pricePaise: 9999, quantity: 1, gstBasisPoints: 1200 })).toBe(1071);
    // 7 paise at 5 %: 0.333… → 0; 21 paise at 5 %: exactly 1.
    expect(lineTax({ pricePaise: 7, quantity: 1, gstBasisPoints: 500 })).toBe(0);
    expect(lineTax({ pricePaise: 21, quantity: 1, gstBasisPoints: 500 })).toBe(1);
    expect(lineTax({ pricePaise: 5000, quantity: 2, gstBasisPoints: 0 })).toBe(0);
  });
});

describe('the GST split', () => {
  it('is CGST + SGST within the state, CGST taking the odd paisa', () => {
    expect(splitTax(1801, 'intra_state')).toEqual({ cgst: 901, sgst: 900, igst: 0 });
    expect(splitTax(1800, 'intra_state')).toEqual({ cgst: 900, sgst: 900, igst: 0 });
  });

  it('is all IGST across states', () => {
    expect(splitTax(1801, 'inter_state')).toEqual({ cgst: 0, sgst: 0, igst: 1801 });
  });

  it('depends on the delivery state against the home state, ignoring case and spaces', () => {
    expect(placeOfSupply('Kerala', 'Kerala')).toBe('intra_state');
    expect(placeOfSupply('Kerala', ' kerala ')).toBe('intra_state');
    expect(placeOfSupply('Kerala', 'Tamil Nadu')).toBe('inter_state');
    expect(placeOfSupply('Kerala', '')).toBeNull();
  });

  it('splits each line before adding them up, as the invoice does', () => {
    // Two lines of 1 paisa odd tax each: CGST gets both odd paise.
    const lines = [
      { pricePaise: 11918, quantity: 1, gstBasisPoints: 1800 }, // tax 1818.0 → 1818
      { pricePaise: 10500 + 21, quantity: 1, gstBasisPoints: 500 }, // tax 501 (10521 × 500 / 10500 = 501)
    ];
    const preview = orderPreview(lines, 'intra_state', rule);
    expect(preview.tax).toBe(1818 + 501);
    expect(preview.cgst).toBe(909 + 251);
    expect(preview.sgst).toBe(909 + 250);
    expect(preview.igst).toBe(0);
    expect(preview.subtotal + preview.tax).toBe(preview.itemsTotal);
  });
});

describe('the shipping rule', () => {
  it('is free from the threshold up, the flat fee below it', () => {
    expect(shippingFor(200000, rule)).toBe(0);
    expect(shippingFor(250000, rule)).toBe(0);
    expect(shippingFor(199999, rule)).toBe(9900);
  });

  it('adds the fee to the total, on the items total including GST', () => {
    const below = orderPreview([{ pricePaise: 50000, quantity: 2, gstBasisPoints: 1800 }], 'inter_state', rule);
    expect(below).toMatchObject({ itemCount: 2, itemsTotal: 100000, shipping: 9900, total: 109900 });
    const at = orderPreview([{ pricePaise: 100000, quantity: 2, gstBasisPoints: 1800 }], 'inter_state', rule);
    expect(at).toMatchObject({ itemsTotal: 200000, shipping: 0, total: 200000 });
  });

  it('spreads the fee over the lines by value, as the server does to the paisa', () => {
    // The same cases as crates/pricing/src/shipping.rs.
    expect(
      apportionShipping(8000, [
        { gross: 30000, gstBasisPoints: 1800 },
        { gross: 10000, gstBasisPoints: 500 },
      ]),
    ).toEqual([
      { gross: 6000, tax: 915 },
      { gross: 2000, tax: 95 },
    ]);
    const zero = (gross: number) => ({ gross, gstBasisPoints: 0 });
    expect(apportionShipping(100, [zero(500), zero(500), zero(500)]).map((s) => s.gross)).toEqual([34, 33, 33]);
    expect(apportionShipping(1000, [zero(100), zero(200), zero(400)]).map((s) => s.gross)).toEqual([143, 286, 571]);
    expect(
      apportionShipping(9900, [
        { gross: 118000, gstBasisPoints: 1800 },
        { gross: 10521, gstBasisPoints: 500 },
      ]),
    ).toEqual([
      { gross: 9090, tax: 1387 },
      { gross: 810, tax: 39 },
    ]);
  });

  it('taxes the delivery charge at the rates of the goods it carries', () => {
    const lines = [
      { pricePaise: 118000, quantity: 1, gstBasisPoints: 1800 },
      { pricePaise: 10521, quantity: 1, gstBasisPoints: 500 },
    ];
    const preview = orderPreview(lines, 'intra_state', rule);
    expect(preview).toMatchObject({ shipping: 9900, shippingTax: 1426, shippingTaxable: 8474, shippingSplit: { cgst: 714, sgst: 712, igst: 0 } });
    expect(preview.subtotal + preview.shippingTaxable + preview.cgst + preview.sgst + preview.shippingSplit.cgst + preview.shippingSplit.sgst).toBe(preview.total);
  });

  it('has nothing to ship for an empty cart', () => {
    expect(orderPreview([], null, rule)).toMatchObject({ shipping: 0, total: 0 });
  });
});
