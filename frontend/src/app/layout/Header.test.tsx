import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Header } from '@/app/layout/Header';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { brands, categoryTree, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

function backend(extra: Record<string, () => unknown> = {}) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/brands': () => brands,
    'GET /api/categories': () => categoryTree,
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, { status: 401 }),
    ...extra,
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('Header', () => {
  beforeEach(withSession);

  it('links the logo home and names every icon button', async () => {
    backend();
    renderWithApp(<Header />, { route: '/about' });
    expect(await screen.findByRole('link', { name: 'Test Agri Inputs, home' })).toHaveAttribute('href', '/');
    for (const name of ['Open menu', 'Search products', 'Shopping cart']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/search');
  });

  it('opens the Dealers panel as a 3-column grid of brand links, and a backdrop click closes it', async () => {
    const user = userEvent.setup();
    backend();
    renderWithApp(<Header />);
    const button = screen.getByRole('button', { name: 'Dealers' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById('dealers-panel');
    expect(panel).not.toBeNull();
    const link = await within(panel as HTMLElement).findByRole('link', { name: 'Malabar AgroChem' });
    expect(link).toHaveAttribute('href', '/dealer/malabar-agrochem');
    expect(within(panel as HTMLElement).getAllByRole('link')).toHaveLength(3);
    expect(link.closest('ul')).toHaveClass('grid-cols-3');

    await user.click(screen.getByTestId('header-backdrop'));
    expect(document.getElementById('dealers-panel')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the Products panel as a 4-column grid of categories and sub-categories; Escape closes it', async () => {
    const user = userEvent.setup();
    backend();
    renderWithApp(<Header />);
    const button = screen.getByRole('button', { name: 'Products' });
    await user.click(button);
    const panel = document.getElementById('products-panel') as HTMLElement;
    const top = await within(panel).findByRole('link', { name: 'Fertilisers' });
    expect(top).toHaveAttribute('href', '/category/fertilisers');
    expect(top.closest('ul')).toHaveClass('grid-cols-4');
    expect(within(panel).getByRole('link', { name: 'Micronutrients' })).toHaveAttribute('href', '/category/fertilisers/micronutrients');

    await user.keyboard('{Escape}');
    expect(document.getElementById('products-panel')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('keeps one panel open at a time and closes it when the route changes', async () => {
    const user = userEvent.setup();
    backend();
    renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Dealers' }));
    await user.click(screen.getByRole('button', { name: 'Products' }));
    expect(document.getElementById('dealers-panel')).toBeNull();
    const panel = document.getElementById('products-panel') as HTMLElement;
    await user.click(await within(panel).findByRole('link', { name: 'Organic Manures' }));
    expect(location()).toBe('/category/fertilisers/organic-manures');
    expect(document.getElementById('products-panel')).toBeNull();
  });

  it('leads the user icon to sign-in when signed out', async () => {
    backend();
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('leads the user icon to /user when signed in', async () => {
    backend({ 'GET /api/user': () => ({ id: 1, name: 'Anil' }) });
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/user');
  });

  it('shows no cart badge while the cart is empty or unavailable', async () => {
    const mock = backend();
    renderWithApp(<Header />);
    await waitFor(() => expect(mock.callsTo('/api/cart')).toHaveLength(1));
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shopping cart' })).toBeInTheDocument();
  });

  it('counts the units in the cart on the bag and opens the Shopping Cart panel', async () => {
    const user = userEvent.setup();
    backend({
      'GET /api/cart': () => ({
        products: [
          { product_id: 1, quantity: 2, price: 118, gst_rate: 0.18, href: '/dealer/a/one', product: { id: 1, name: 'Neem Cake', first_image_url: null, first_image_srcset: null, brand: { name: 'House' } } },
          { product_id: 2, quantity: 1, price: 50, gst_rate: 0.05, href: '/dealer/a/two', product: { id: 2, name: 'Bone Meal', first_image_url: null, first_image_srcset: null, brand: { name: 'House' } } },
        ],
      }),
    });
    renderWithApp(<Header />);
    const bag = await screen.findByRole('button', { name: 'Shopping cart, 3 items' });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    await user.click(bag);
    const panel = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(within(panel).getByRole('link', { name: 'Neem Cake' })).toHaveAttribute('href', '/dealer/a/one');
    expect(within(panel).getByText('Total').parentElement).toHaveTextContent('Total₹286.00');
    await user.click(within(panel).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bag).toHaveFocus();
  });

  it('says the cart is empty in the panel', async () => {
    const user = userEvent.setup();
    backend({ 'GET /api/cart': () => ({ products: [] }) });
    renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Shopping cart' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Shopping Cart' })).findByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('opens the mobile menu with collapsible Dealers and Products, and closes it on navigation', async () => {
    const user = userEvent.setup();
    backend();
    renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    const dealers = within(menu).getByText('Dealers').closest('details') as HTMLDetailsElement;
    expect(dealers.open).toBe(false);
    await user.click(within(menu).getByText('Dealers'));
    expect(dealers.open).toBe(true);
    expect(within(menu).getByRole('link', { name: 'Search Products' })).toHaveAttribute('href', '/search');
    expect(within(menu).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    await user.click(within(menu).getByRole('link', { name: 'Contact Us' }));
    expect(location()).toBe('/contact');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the search overlay; a click on its backdrop closes it', async () => {
    const user = userEvent.setup();
    backend();
    renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Search products' }));
    const overlay = await screen.findByRole('dialog', { name: 'Search for Products' });
    expect(within(overlay).getByPlaceholderText('Enter your search here')).toHaveFocus();
    await user.click(overlay);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for neither user nor cart on a first visit without a session', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const mock = backend();
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(mock.callsTo('/api/brands')).toHaveLength(1));
    expect(mock.callsTo('/api/user')).toHaveLength(0);
    expect(mock.callsTo('/api/cart')).toHaveLength(0);
  });
});
