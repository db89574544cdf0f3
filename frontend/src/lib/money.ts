// Money is integer paise everywhere in the app; the API sends rupees with at most 2 decimals.
import { intlFormat } from '@/lib/i18n';

export type Paise = number;

export const toPaise = (rupees: number): Paise => Math.round(rupees * 100);

const FULL: Intl.NumberFormatOptions = { style: 'currency', currency: 'INR' };
const SHORT: Intl.NumberFormatOptions = { ...FULL, minimumFractionDigits: 0, maximumFractionDigits: 0, signDisplay: 'negative' };

/**
 * Rupees read the same in every language of the shop: Indian grouping (₹12,34,567.50). Made in
 * en-IN, as Malayalam's own currency pattern (ml-IN) groups in thousands (₹1,234,567.50).
 */
const formats = { full: new Intl.NumberFormat('en-IN', FULL), short: new Intl.NumberFormat('en-IN', SHORT) };
const formatter = (short: boolean) => (short ? formats.short : formats.full);

/** Paise as an exact decimal string of rupees ("-1234.05"), which Intl formats without float error. */
function rupeesDecimal(paise: Paise): Intl.StringNumericLiteral {
  const magnitude = BigInt(Math.abs(paise));
  const fraction = String(magnitude % 100n).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}${magnitude / 100n}.${fraction}` as Intl.StringNumericLiteral;
}

/** `₹1,23,456.78`: Indian grouping, 2 decimals, minus prefix for negatives. */
export const formatRupees = (paise: Paise): string => formatter(false).format(rupeesDecimal(paise));

/** `₹1,23,457`: no decimals (half away from zero), and no minus sign on a value that rounds to zero. */
export const formatRupeesShort = (paise: Paise): string => formatter(true).format(rupeesDecimal(paise));

/** Divides two integers and rounds half away from zero. */
export function divRoundHalfAway(numerator: bigint, denominator: bigint): bigint {
  if (denominator < 0n) return divRoundHalfAway(-numerator, -denominator);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * (MRP - retail) / MRP * 100, rounded half away from zero to 2 decimals; null when there is no
 * MRP (missing or not positive) or it equals the price.
 */
export function discountPercent(mrp: Paise | null | undefined, retail: Paise): number | null {
  if (mrp === null || mrp === undefined || mrp <= 0 || mrp === retail) return null;
  const hundredths = divRoundHalfAway(BigInt(mrp - retail) * 10000n, BigInt(mrp));
  return Number(hundredths) / 100;
}

export const formatPercent = (percent: number): string => intlFormat('number', { maximumFractionDigits: 2 }).format(percent);
