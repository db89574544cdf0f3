import { describe, expect, it } from 'vitest';
import { apportionShipping, orderPreview, placeOfSupply, taxOf } from '@/features/checkout/order-preview';

/** ₹99 whatever the weight, free from ₹2,000 of goods. */
const rule = { bands: [{ upToGrams: 1_000_000, feePaise: 9900 }], further: { grams: 1_000_000, feePaise: 9900 }, freeAbovePaise: 200000 };
/** The demo's rest of Kerala: ₹60 to 5 kg, ₹150 to 25 kg, ₹250 to 50 kg, ₹200 per further 50 kg, free from ₹5,000. */
const kerala = {
  bands: [
    { upToGrams: 5000, feePaise: 6000 },
    { upToGrams: 25000, feePaise: 15000 },
    { upToGrams: 50000, feePaise: 25000 },
  ],
  further: { grams: 50000, feePaise: 20000 },
  freeAbovePaise: 500000,
};
/** A line of a 1 kg pack. */
const pack = (line: { pricePaise: number; quantity: number; gstBasisPoints: number }) => ({ ...line, weightGrams: 1000 });

describe('the tax in a line', () => {
  it('takes GST out of the inclusive price, rounded half away from zero once per line', () => {
    // ₹118 at 18 %: exactly ₹18 of tax.
    expect(taxOf(11800 * 1, 1800, 'inter_state').tax).toBe(1800);
    // ₹210 × 3 at 5 %: 63000 × 500 / 10500 = 3000 paise.
    expect(taxOf(21000 * 3, 500, 'inter_state').tax).toBe(3000);
    // ₹99.99 at 12 %: 9999 × 1200 / 11200 = 1071.32… → 1071.
    expect(taxOf(9999 * 1, 1200, 'inter_state').tax).toBe(1071);
    // 7 paise at 5 %: 0.333… → 0; 21 paise at 5 %: exactly 1.
    expect(taxOf(7 * 1, 500, 'inter_state').tax).toBe(0);
    expect(taxOf(21 * 1, 500, 'inter_state').tax).toBe(1);
    expect(taxOf(5000 * 2, 0, 'inter_state').tax).toBe(0);
  });
});

describe('the GST split', () => {
  it('is CGST + SGST within the state, each at half the rate and rounded, so always equal', () => {
    // 2 × ₹1,190 at 18 %: each half 238000 × 900 / 11800 = 18152.5… → 18153; IGST 36305.08… → 36305.
    expect(taxOf(238000, 1800, 'intra_state')).toEqual({ tax: 36306, cgst: 18153, sgst: 18153, igst: 0 });
    expect(taxOf(11800, 1800, 'intra_state')).toEqual({ tax: 1800, cgst: 900, sgst: 900, igst: 0 });
  });

  it('is all IGST across states, and whole while the place is not known', () => {
    expect(taxOf(238000, 1800, 'inter_state')).toEqual({ tax: 36305, cgst: 0, sgst: 0, igst: 36305 });
    expect(taxOf(238000, 1800, null)).toEqual({ tax: 36305, cgst: 0, sgst: 0, igst: 0 });
  });

  it('depends on the delivery state against the home state, ignoring case and spaces', () => {
    expect(placeOfSupply('Kerala', 'Kerala')).toBe('intra_state');
    expect(placeOfSupply('Kerala', ' kerala ')).toBe('intra_state');
    expect(placeOfSupply('Kerala', 'Tamil Nadu')).toBe('inter_state');
    expect(placeOfSupply('Kerala', '')).toBeNull();
  });

  it('splits each line before adding them up, as the invoice does', () => {
    // Each line's halves rounded on their own: 909 and 909, then 250.5 → 251 and 251.
    const lines = [
      { pricePaise: 11918, quantity: 1, gstBasisPoints: 1800 }, // tax 1818.0 → 1818
      { pricePaise: 10500 + 21, quantity: 1, gstBasisPoints: 500 }, // tax 501 (10521 × 500 / 10500 = 501)
    ].map(pack);
    const preview = orderPreview(lines, 'intra_state', rule);
    expect(preview.tax).toBe(1818 + 502);
    expect(preview.cgst).toBe(909 + 251);
    expect(preview.sgst).toBe(909 + 251);
    expect(preview.igst).toBe(0);
    expect(preview.subtotal + preview.tax).toBe(preview.itemsTotal);
  });
});

describe('the delivery charge', () => {
  it("is the zone's fee for the weight of every unit, free from its amount of goods", () => {
    // Three 54.02 kg sacks of ₹320: 162.06 kg, three further 50 kg begun past the last band.
    const sacks = [{ pricePaise: 32000, quantity: 3, gstBasisPoints: 0, weightGrams: 54020 }];
    expect(orderPreview(sacks, 'intra_state', kerala)).toMatchObject({ weightGrams: 162060, shipping: 85000, shippingKnown: true, total: 96000 + 85000 });
    // Two 1 kg packs and a 2.5 kg can: 4.5 kg, the first band.
    const light = [
      { pricePaise: 24000, quantity: 2, gstBasisPoints: 500, weightGrams: 1000 },
      { pricePaise: 60000, quantity: 1, gstBasisPoints: 1800, weightGrams: 2500 },
    ];
    expect(orderPreview(light, 'intra_state', kerala)).toMatchObject({ weightGrams: 4500, shipping: 6000 });
    // Sixteen sacks are ₹5,120 of goods: free.
    expect(orderPreview([{ ...sacks[0]!, quantity: 16 }], 'intra_state', kerala)).toMatchObject({ shipping: 0, total: 512000 });
  });

  it("is not known, and not added, until the PIN code's zone answers", () => {
    const preview = orderPreview([pack({ pricePaise: 50000, quantity: 2, gstBasisPoints: 1800 })], null, null);
    expect(preview).toMatchObject({ shippingKnown: false, shipping: 0, shippingTax: 0, total: 100000 });
  });

  it('adds the fee to the total, on the items total including GST', () => {
    const below = orderPreview([pack({ pricePaise: 50000, quantity: 2, gstBasisPoints: 1800 })], 'inter_state', rule);
    expect(below).toMatchObject({ itemCount: 2, itemsTotal: 100000, shipping: 9900, total: 109900 });
    const at = orderPreview([pack({ pricePaise: 100000, quantity: 2, gstBasisPoints: 1800 })], 'inter_state', rule);
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
    ].map(pack);
    const preview = orderPreview(lines, 'intra_state', rule);
    // Each share's halves at its line's rate: 9090 × 900 / 11800 = 693.3 → 693; 810 × 250 / 10500 = 19.3 → 19.
    expect(preview).toMatchObject({ shipping: 9900, shippingTax: 1424, shippingTaxable: 8476, shippingSplit: { cgst: 712, sgst: 712, igst: 0 } });
    expect(preview.subtotal + preview.shippingTaxable + preview.cgst + preview.sgst + preview.shippingSplit.cgst + preview.shippingSplit.sgst).toBe(preview.total);
  });

  it('has nothing to ship for an empty cart', () => {
    expect(orderPreview([], null, rule)).toMatchObject({ shipping: 0, total: 0 });
  });
});
