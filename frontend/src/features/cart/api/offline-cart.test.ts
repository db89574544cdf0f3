import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, isOfflineError } from '@/lib/api-client';
import { forgetSavedCart } from '@/lib/saved-cart';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { cartLine, cartOf } from '@/testing/fixtures';
import { getCart } from '@/features/cart/api/get-cart';

const offline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);

describe('the cart offline', () => {
  beforeEach(() => {
    withSession();
    forgetSavedCart();
  });
  afterEach(() => vi.restoreAllMocks());

  it('reads as the last cart the server answered when the shop cannot be reached', async () => {
    const cart = cartOf(cartLine({ product_id: 42, quantity: 2 }));
    mockApi({ 'GET /api/cart': () => json(cart) });
    expect((await getCart()).cart.count).toBe(2);

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const offlineCart = await getCart();
    expect(offlineCart.products.map((line) => line.product_id)).toEqual([42]);
    expect(offlineCart.cart.count).toBe(2);
  });

  it('reads as empty when the server refuses (the saved copy is only for a lost connection)', async () => {
    mockApi({ 'GET /api/cart': () => json(cartOf(cartLine({ quantity: 1 }))) });
    await getCart();
    mockApi({ 'GET /api/cart': () => json({ message: 'Server Error' }, { status: 500 }) });
    expect((await getCart()).cart.count).toBe(0);
  });

  it('sends no change while the phone is offline, and queues none', async () => {
    const { calls } = mockApi({ 'POST /api/cart/add': () => json(cartOf()) });
    offline(true);
    const refused = await api('/api/cart/add', { method: 'POST', body: { product_id: 1, quantity: 1 } }).catch((error: unknown) => error);
    expect(isOfflineError(refused)).toBe(true);
    offline(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
