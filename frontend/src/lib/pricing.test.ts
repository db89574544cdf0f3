// The shared vectors (crates/pricing/vectors.json) hold the Rust side's answers; the web app must
// agree with them to the paisa.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deliveryFee } from '@/lib/delivery-fee';
import { discountPercent, formatDiscount, formatRupees, formatRupeesShort, toPaise } from '@/lib/money';
import { cartTotals, pricedLine, type PricedLine } from '@/lib/pricing';

interface VectorLine {
  price_paise: number;
  gst_rate_bp: number;
  quantity: number;
}

interface Vectors {
  cart_totals: { name: string; lines: VectorLine[]; expected: { count: number; subtotal_paise: number; tax_paise: number; total_paise: number } }[];
  line_amounts: { name: string; line: VectorLine; expected: { taxable_paise: number; tax_paise: number; total_paise: number } }[];
  discount_percent: { mrp_paise: number | null; retail_paise: number; expected: string | null }[];
  format_full: { paise: number; expected: string }[];
  format_short: { paise: number; expected: string }[];
  delivery_fees: {
    name: string;
    rate: { bands: { up_to_grams: number; fee_paise: number }[]; further: { grams: number; fee_paise: number }; free_above_paise: number | null };
    weight_grams: number;
    items_total_paise: number;
    expected_fee_paise: number;
  }[];
}

// Vitest runs from frontend/.
const VECTORS = resolve(process.cwd(), '../crates/pricing/vectors.json');
const vectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as Vectors;

const line = (v: VectorLine): PricedLine => ({ pricePaise: v.price_paise, quantity: v.quantity, gstBasisPoints: v.gst_rate_bp });

describe('pricing vectors shared with crates/pricing', () => {
  it('has vectors of every kind', () => {
    for (const kind of ['cart_totals', 'line_amounts', 'discount_percent', 'format_full', 'format_short', 'delivery_fees'] as const) {
      expect(vectors[kind].length, kind).toBeGreaterThan(0);
    }
  });

  it.each(vectors.cart_totals.map((v) => [v.name, v] as const))('cart totals: %s', (_name, v) => {
    const totals = cartTotals(v.lines.map(line));
    expect(totals).toEqual({ count: v.expected.count, subtotal: v.expected.subtotal_paise, tax: v.expected.tax_paise, total: v.expected.total_paise });
    expect(totals.subtotal + totals.tax).toBe(totals.total);
  });

  it.each(vectors.line_amounts.map((v) => [v.name, v] as const))('a cart of one line: %s', (_name, v) => {
    const totals = cartTotals([line(v.line)]);
    expect({ taxable: totals.subtotal, tax: totals.tax, total: totals.total }).toEqual({
      taxable: v.expected.taxable_paise,
      tax: v.expected.tax_paise,
      total: v.expected.total_paise,
    });
  });

  it.each(vectors.discount_percent.map((v) => [`${v.mrp_paise} / ${v.retail_paise}`, v] as const))('discount percent %s', (_name, v) => {
    const percent = discountPercent(v.mrp_paise, v.retail_paise);
    // Written as the badge writes it: always 2 decimals ("12.50", "15.00").
    expect(percent === null ? null : formatDiscount(percent)).toBe(v.expected);
  });

  it.each(vectors.format_full.map((v) => [v.paise, v.expected] as const))('full rupees of %d paise', (paise, expected) => {
    expect(formatRupees(paise)).toBe(expected);
  });

  it('rupees keep Indian grouping in Malayalam and Tamil too', async () => {
    const { activateLocale } = await import('@/lib/i18n');
    for (const locale of ['ml', 'ta', 'en']) {
      await activateLocale(locale);
      expect(formatRupees(123456750)).toBe('₹12,34,567.50');
      expect(formatRupeesShort(123456750)).toBe('₹12,34,568');
    }
  });

  it('rupees and discounts read as Intl writes them, without asking Intl', () => {
    const full = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const short = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, signDisplay: 'negative' });
    const amounts = [0, 1, 49, 50, 99, 100, 149, 150, 999_99, 1_000_00, 12_345_67, 1_23_45_678_90, 99_99_99_999_50, 2 ** 53 - 1];
    for (const paise of [...amounts, ...amounts.map((a) => -a)]) {
      const decimal = `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}` as Intl.StringNumericLiteral;
      expect(formatRupees(paise), `${paise} paise`).toBe(full.format(decimal));
      expect(formatRupeesShort(paise), `${paise} paise, short`).toBe(short.format(decimal));
    }
    for (const locale of ['en-IN', 'ml-IN', 'ta-IN']) {
      const percent = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const value of [0, 0.5, 1.25, 12.5, 15, 33.33, 99.99, 100]) expect(formatDiscount(value), `${value} in ${locale}`).toBe(percent.format(value));
    }
  });

  it.each(vectors.format_short.map((v) => [v.paise, v.expected] as const))('short rupees of %d paise', (paise, expected) => {
    expect(formatRupeesShort(paise)).toBe(expected);
  });

  it.each(vectors.delivery_fees.map((v) => [v.name, v] as const))('delivery fee: %s', (_name, v) => {
    const rate = {
      bands: v.rate.bands.map((b) => ({ upToGrams: b.up_to_grams, feePaise: b.fee_paise })),
      further: { grams: v.rate.further.grams, feePaise: v.rate.further.fee_paise },
      freeAbovePaise: v.rate.free_above_paise,
    };
    expect(deliveryFee(rate, v.weight_grams, v.items_total_paise)).toBe(v.expected_fee_paise);
  });
});

describe('API amounts to paise', () => {
  it('converts rupees with 2 decimals exactly', () => {
    expect(toPaise(1234.5)).toBe(123450);
    expect(toPaise(0.29)).toBe(29);
    expect(toPaise(-12.34)).toBe(-1234);
    expect(toPaise(19.99)).toBe(1999);
  });

  it('prices cart lines as the API sends them', () => {
    const lines = [
      { price: 118, quantity: 2, gst_rate: 0.18 },
      { price: 10.5, quantity: 1, gst_rate: 0.05 },
    ].map(pricedLine);
    expect(lines).toEqual([
      { pricePaise: 11800, quantity: 2, gstBasisPoints: 1800 },
      { pricePaise: 1050, quantity: 1, gstBasisPoints: 500 },
    ]);
    expect(cartTotals(lines)).toEqual({ total: 24650, tax: 3650, subtotal: 21000, count: 3 });
  });
});
