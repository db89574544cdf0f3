import { describe, expect, it } from 'vitest';
import { emptyCart, removeLine, setQuantity, toCart, withTotals } from '@/features/cart/cart-lines';
import { cartLine } from '@/testing/fixtures';

const fertiliser = cartLine({ product_id: 1, variant_id: 11, price: 118, gst_rate: 0.18, quantity: 2 });
const manure = cartLine({ product_id: 2, variant_id: 21, price: 50, gst_rate: 0.05, quantity: 1 });

describe('cart lines', () => {
  it('totals a cart as the server does: tax rounded once, subtotal + tax = total', () => {
    expect(withTotals([fertiliser, manure]).cart).toEqual({ count: 3, subtotal: 247.62, tax: 38.38, total: 286 });
    expect(emptyCart()).toEqual({ products: [], cart: { count: 0, subtotal: 0, tax: 0, total: 0 } });
  });

  it('sets one line’s quantity and works the totals out again', () => {
    const cart = setQuantity(withTotals([fertiliser, manure]), { product_id: 2, variant_id: 21 }, 3);
    expect(cart.products.map((line) => [line.quantity, line.line_total])).toEqual([
      [2, 236],
      [3, 150],
    ]);
    expect(cart.cart).toEqual({ count: 5, subtotal: 342.86, tax: 43.14, total: 386 });
  });

  it('keeps to the paisa with prices a float cannot hold', () => {
    const cart = setQuantity(withTotals([cartLine({ price: 0.1, gst_rate: 0.12, quantity: 1 })]), { product_id: 30, variant_id: 73 }, 3);
    expect(cart.cart.total).toBe(0.3);
    expect(cart.products[0]?.line_total).toBe(0.3);
  });

  it('removes only the named variant’s line', () => {
    const other = cartLine({ variant_id: 74, variant_name: '25 kg', price: 1000 });
    const cart = removeLine(withTotals([cartLine(), other]), { product_id: 30, variant_id: 73 });
    expect(cart.products).toEqual([other]);
    expect(cart.cart.total).toBe(1000);
  });

  it('reads an answer as a cart, keeping the server’s totals, working them out when missing', () => {
    const server = { products: [fertiliser], cart: { count: 2, subtotal: 200, tax: 36, total: 236 } };
    expect(toCart(server)).toEqual(server);
    expect(toCart({ products: [manure] })?.cart.total).toBe(50);
    expect(toCart({ cart: {} })).toBeNull();
    expect(toCart(undefined)).toBeNull();
  });
});
