import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/app/layout/Header';
import { ProductCard } from '@/components/ProductCard';
import { json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { brands, cartLine, cartOf, categoryTree, productCard, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import type { Cart } from '@/types/api';

function backend(cart: Cart, routes: Record<string, (call: MockCall) => unknown> = {}) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/brands': () => brands,
    'GET /api/categories': () => categoryTree,
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, { status: 401 }),
    'GET /api/cart': () => cart,
    ...routes,
  });
}

describe('the bag and Add to cart', () => {
  // The panel and the add are lazy chunks: load them once here, so no test waits on a transform.
  beforeAll(() => Promise.all([import('@/features/cart/components/CartPanel'), import('@/features/cart/api/add-to-cart')]));
  beforeEach(withSession);

  it('counts the cart’s units on the bag, only above 0', async () => {
    backend(cartOf(cartLine({ quantity: 4 }), cartLine({ product_id: 31, variant_id: 80, quantity: 3 })));
    renderWithApp(<Header />);
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('7');
    expect(screen.getByRole('button', { name: 'Shopping cart, 7 items' })).toBeInTheDocument();
  });

  it('shows no badge for an empty cart', async () => {
    const mock = backend(cartOf());
    renderWithApp(<Header />);
    await waitFor(() => expect(mock.callsTo('/api/cart')).toHaveLength(1));
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
  });

  it('adds a single-variant product from its card with quantity 1, then opens the panel', async () => {
    const user = userEvent.setup();
    let cart = cartOf();
    const mock = backend(cart, {
      'POST /api/cart/add': () => (cart = cartOf(cartLine({ product_id: 1, variant_id: 5, product: { ...cartLine().product, id: 1, name: 'Product 1' } }))),
    });
    renderWithApp(
      <>
        <Header />
        <ProductCard product={productCard(1)} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart: Product 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(mock.callsTo('/api/cart/add')[0]?.body).toEqual({ product_id: 1, quantity: 1 });
    expect(within(panel).getByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
    // The answer was the cart: no second read was needed.
    expect(mock.callsTo('/api/cart')).toHaveLength(1);
  });

  it('offers no Add to cart on the card of a product with variants', () => {
    backend(cartOf());
    renderWithApp(<ProductCard product={productCard(2, { variant_names: ['1 L', '5 L'] })} />);
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
  });

  it('tells the shopper an add did not happen, in the server’s words, and leaves the panel shut', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend(cartOf(), {
      'POST /api/cart/add': () => json({ message: 'Only 2 of Product 1 can be bought now.', available: 2 }, { status: 409 }),
    });
    renderWithApp(<ProductCard product={productCard(1)} />);
    const button = screen.getByRole('button', { name: 'Add to cart: Product 1' });
    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not add to cart');
    expect(alert).toHaveTextContent('Only 2 of Product 1 can be bought now.');
    expect(error).toHaveBeenCalledWith('Could not add to cart', expect.objectContaining({ status: 409 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('names the problem of a 422', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend(cartOf(), {
      'POST /api/cart/add': () => json({ message: 'The quantity may not be greater than 999.', errors: { quantity: ['The quantity may not be greater than 999.'] } }, { status: 422 }),
    });
    renderWithApp(<ProductCard product={productCard(1)} />);
    await user.click(screen.getByRole('button', { name: 'Add to cart: Product 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The quantity may not be greater than 999.');
  });
});
