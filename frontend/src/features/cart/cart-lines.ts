// The cart as the shopper sees it between a change and the server's answer: the same lines and
// totals the server would compute (src/lib/pricing.ts agrees with it to the paisa).
import { toPaise } from '@/lib/money';
import { cartTotals, pricedLine } from '@/lib/pricing';
import type { Cart, CartLine, LineBody } from '@/types/api';

/** What names one line (the body of POST /api/cart/remove); narrowed because the app always names the product. */
export type LineRef = LineBody & { product_id: number };

export const lineKey = (line: LineRef): string => `${line.product_id}:${line.variant_id ?? ''}`;

const isLine = (line: CartLine, ref: LineRef) =>
  line.product_id === ref.product_id && (ref.variant_id == null || line.variant_id === ref.variant_id);

/** The cart of these lines with its totals worked out. */
export function withTotals(products: CartLine[]): Cart {
  const { count, subtotal, tax, total } = cartTotals(products.map(pricedLine));
  return { products, cart: { count, subtotal: subtotal / 100, tax: tax / 100, total: total / 100 } };
}

export const emptyCart = (): Cart => withTotals([]);

export function setQuantity(cart: Cart, ref: LineRef, quantity: number): Cart {
  return withTotals(
    cart.products.map((line) =>
      isLine(line, ref) ? { ...line, quantity, line_total: (toPaise(line.price) * quantity) / 100 } : line,
    ),
  );
}

export const removeLine = (cart: Cart, ref: LineRef): Cart => withTotals(cart.products.filter((line) => !isLine(line, ref)));

/**
 * An answer of the cart API as a Cart, or null when it is not one. The totals are the server's
 * when it sent them.
 */
export function toCart(answer: unknown): Cart | null {
  if (!answer || typeof answer !== 'object') return null;
  const { products, cart } = answer as Partial<Cart>;
  if (!Array.isArray(products)) return null;
  return cart && typeof cart.total === 'number' ? { products, cart } : withTotals(products);
}
