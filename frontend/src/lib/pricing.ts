// Cart totals, agreeing with crates/pricing to the paisa (see the shared vectors).
// Prices include GST: the tax in a line is price * qty * rate / (1 + rate). The tax of the cart is
// the exact sum of those fractions, rounded once, so subtotal + tax == total always.
import { divRoundHalfAway, toPaise, type Paise } from '@/lib/money';

export interface PricedLine {
  pricePaise: Paise;
  quantity: number;
  /** GST rate in basis points: 1800 for 18 %. */
  gstBasisPoints: number;
}

export interface CartTotals {
  total: Paise;
  tax: Paise;
  subtotal: Paise;
  count: number;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export const rateToBasisPoints = (rate: number): number => Math.round(rate * 10000);

export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let total = 0n;
  let count = 0;
  let taxNumerator = 0n;
  let taxDenominator = 1n;
  for (const line of lines) {
    const gross = BigInt(line.pricePaise) * BigInt(line.quantity);
    const bp = BigInt(line.gstBasisPoints);
    total += gross;
    count += line.quantity;
    // taxNumerator/taxDenominator += gross * bp / (10000 + bp), kept exact and reduced.
    const numerator = gross * bp;
    const denominator = 10000n + bp;
    taxNumerator = taxNumerator * denominator + numerator * taxDenominator;
    taxDenominator *= denominator;
    const divisor = gcd(taxNumerator, taxDenominator) || 1n;
    taxNumerator /= divisor;
    taxDenominator /= divisor;
  }
  const tax = divRoundHalfAway(taxNumerator, taxDenominator);
  return { total: Number(total), tax: Number(tax), subtotal: Number(total - tax), count };
}

/** Cart lines as the API sends them (rupees, GST as a fraction) to integer inputs. */
export const pricedLine = (line: { price: number; quantity: number; gst_rate: number }): PricedLine => ({
  pricePaise: toPaise(line.price),
  quantity: line.quantity,
  gstBasisPoints: rateToBasisPoints(line.gst_rate),
});
