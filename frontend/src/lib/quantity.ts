// What a typed quantity means: a whole number of units from 1 to what is in stock, and never past
// the server's cap on one cart line (crates/orders/src/cart/input.rs, Quantity::MAX). Plantations
// order by the hundred, so the quantity is typed as well as stepped.

/** The most of one line the server accepts. */
export const MAX_LINE_QUANTITY = 9999;

/** Why a typed quantity cannot be used, with what the message needs. */
export type QuantityProblem =
  | { kind: 'empty' }
  | { kind: 'notWhole' }
  | { kind: 'belowOne' }
  | { kind: 'soldOut' }
  | { kind: 'overStock'; available: number }
  | { kind: 'overLimit'; max: number };

export type QuantityReading = { ok: true; quantity: number } | { ok: false; problem: QuantityProblem };

/** The most the shopper may ask for: what is in stock, within the server's cap. */
export const quantityLimit = (available: number): number => Math.max(0, Math.min(available, MAX_LINE_QUANTITY));

/**
 * Reads what the shopper typed against what is `available`. Only digits count (spaces around them
 * are forgiven); "1.5", "-2" or "ten" are not quantities.
 */
export function readQuantity(text: string, available: number): QuantityReading {
  const digits = text.trim();
  if (digits === '') return { ok: false, problem: { kind: 'empty' } };
  if (!/^\d+$/.test(digits)) return { ok: false, problem: { kind: 'notWhole' } };
  const quantity = Number(digits);
  if (quantity < 1) return { ok: false, problem: { kind: 'belowOne' } };
  if (available <= 0) return { ok: false, problem: { kind: 'soldOut' } };
  // Stock first: "only 37 left" is the answer that helps when both apply.
  if (quantity > available) {
    return available >= MAX_LINE_QUANTITY
      ? { ok: false, problem: { kind: 'overLimit', max: MAX_LINE_QUANTITY } }
      : { ok: false, problem: { kind: 'overStock', available } };
  }
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, problem: { kind: 'overLimit', max: MAX_LINE_QUANTITY } };
  return { ok: true, quantity };
}

/**
 * A step of the minus or plus button from `value`: within 1 and the limit, else nothing. Minus on
 * more than may be bought (a cart line of 10 when only 3 are left) goes straight to the limit:
 * every step in between would still be more than the shop has and be refused, while one tap to
 * what is left makes the line one she can check out. With nothing left minus goes nowhere (the
 * line is removed instead).
 */
export function stepQuantity(value: number, step: 1 | -1, available: number): number | null {
  const limit = quantityLimit(available);
  const next = step === -1 && value > limit ? limit : value + step;
  return next >= 1 && next <= limit ? next : null;
}
