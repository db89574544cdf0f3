// Money is integer paise everywhere in the app; the API sends rupees with at most 2 decimals.
import { intlFormat } from '@/lib/i18n';
import { groupIndian } from '@/lib/indian-grouping';

export type Paise = number;

export const toPaise = (rupees: number): Paise => Math.round(rupees * 100);

// Amounts are written by hand rather than by Intl.NumberFormat: the first Intl number format a page
// makes loads the browser's locale data, measured at 13-23 ms on a fast desktop before the page could
// hydrate (four to six times that on a cheap phone), and rupees read the same in every language of
// the shop anyway (₹12,34,567.50: Indian grouping; Malayalam's own ml-IN pattern would group in
// thousands). pricing.test.ts checks these against Intl's en-IN rupees.

/** `₹1,23,456.78`: Indian grouping, 2 decimals, minus prefix for negatives. */
export function formatRupees(paise: Paise): string {
  const magnitude = BigInt(Math.abs(paise));
  const fraction = String(magnitude % 100n).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}₹${groupIndian(String(magnitude / 100n))}.${fraction}`;
}

/** `₹1,23,457`: no decimals (half away from zero), and no minus sign on a value that rounds to zero. */
export function formatRupeesShort(paise: Paise): string {
  const rupees = divRoundHalfAway(BigInt(paise), 100n);
  return `${rupees < 0n ? '-' : ''}₹${groupIndian(String(rupees < 0n ? -rupees : rupees))}`;
}

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

/**
 * A discount as the spec writes it, always with 2 decimals: `12.50`, `15.00` (the % is the
 * message's). A percentage has no grouping, and the shop's three languages write its digits alike,
 * so no Intl format (and its locale data) is needed on a product card.
 */
export const formatDiscount = (percent: number): string => percent.toFixed(2);

/**
 * A discount to a whole percent, for cards: `5`, `13` (half up). Null when it rounds to nothing
 * (a card then shows no badge rather than "0% off").
 */
export function formatWholeDiscount(percent: number): string | null {
  const whole = Math.round(percent);
  return whole > 0 ? String(whole) : null;
}
