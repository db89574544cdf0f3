import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/app/layout/Header';
import { ProductCard } from '@/components/ProductCard';
import { json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { brands, cartLine, cartOf, categoryTree, productCard, productDetail, shop } from '@/testing/fixtures';
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
  beforeAll(() =>
    Promise.all([import('@/features/cart/components/CartPanel'), import('@/features/cart/api/add-to-cart'), import('@/components/PackChooser/PackChooser')]),
  );
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

  it('asks for the pack size of a product sold in several, with prices, then adds the one chosen', async () => {
    const user = userEvent.setup();
    const mock = backend(cartOf(), {
      'GET /api/products/neem-cake-powder': () => productDetail,
      'POST /api/cart/add': () => cartOf(cartLine({ variant_id: 74, variant_name: '25 kg', price: 1000 })),
    });
    renderWithApp(
      <>
        <Header />
        <ProductCard product={productCard(2, { name: 'Neem Cake Powder', slug: 'neem-cake-powder', variant_names: ['5 kg', '25 kg', '50 kg'] })} />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Add to cart: Neem Cake Powder' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    const chooser = await screen.findByRole('dialog', { name: 'Choose a pack size' });
    expect(chooser).toHaveTextContent('Neem Cake Powder');
    const five = await within(chooser).findByRole('radio', { name: /^5 kg/ });
    expect(five).toBeChecked();
    await waitFor(() => expect(five).toHaveFocus());
    expect(five.closest('label')).toHaveTextContent('₹210.00');
    expect(five.closest('label')).toHaveTextContent('16.00% off');
    expect(within(chooser).getByRole('radio', { name: /^50 kg/ })).toBeDisabled();
    expect(within(chooser).getByRole('radio', { name: /^50 kg/ }).closest('label')).toHaveTextContent('Out of stock');
    expect(mock.callsTo('/api/cart/add')).toHaveLength(0);

    await user.click(within(chooser).getByRole('radio', { name: /^25 kg/ }));
    await user.click(within(chooser).getByRole('button', { name: 'Add to cart' }));
    const panel = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(mock.callsTo('/api/cart/add')[0]?.body).toEqual({ product_id: 2, quantity: 1, variant_id: 74 });
    expect(screen.queryByRole('dialog', { name: 'Choose a pack size' })).not.toBeInTheDocument();
    expect(within(panel).getByText('House Organics · 25 kg')).toBeInTheDocument();
  });

  it('adds nothing when the pack-size chooser is closed, and gives focus back to the card', async () => {
    const user = userEvent.setup();
    const mock = backend(cartOf(), { 'GET /api/products/neem-cake-powder': () => productDetail });
    renderWithApp(<ProductCard product={productCard(2, { name: 'Neem Cake Powder', slug: 'neem-cake-powder', variant_names: ['5 kg', '25 kg'] })} />);
    const button = screen.getByRole('button', { name: 'Add to cart: Neem Cake Powder' });
    await user.click(button);
    const chooser = await screen.findByRole('dialog', { name: 'Choose a pack size' });
    await within(chooser).findByRole('radio', { name: /^5 kg/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close pack sizes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo('/api/cart/add')).toHaveLength(0);
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
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveAccessibleName('Add to cart: Product 1');
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
