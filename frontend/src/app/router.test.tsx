import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/App';
import { isAccountPath } from '@/app/layout/layout-rules';
import { AppRoutes } from '@/app/router';
import { issueToken, json, mockApi, notFound } from '@/testing/api-mock';
import { brands, categoryTree, productCard, productDetail, shop } from '@/testing/fixtures';
import { LocationProbe, testQueryClient } from '@/testing/render';

type Routes = Parameters<typeof mockApi>[0];

function backend(extra: Routes = {}) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/brands': () => brands,
    'GET /api/categories': () => categoryTree,
    'GET /api/featured-products': () => [],
    'GET /api/awards': () => [],
    'GET /api/products/neem-cake-powder': () => productDetail,
    'GET /api/csrf-cookie': issueToken,
    'GET /api/search': ({ url }) =>
      json(url.searchParams.get('search') === 'neem' ? [productCard(1)] : [productCard(1), productCard(2)], {
        headers: { 'X-Total-Count': url.searchParams.get('search') === 'neem' ? '1' : '2' },
      }),
    ...extra,
  });
}

function renderApp(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders queryClient={testQueryClient()}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}

describe('layout rules', () => {
  it('knows the five account screens', () => {
    for (const path of ['/sign-in', '/register', '/forgot-password', '/reset-password', '/verify-email', '/sign-in/']) {
      expect(isAccountPath(path), path).toBe(true);
    }
    for (const path of ['/', '/about', '/user', '/sign-in/x', '/category/sign-in']) {
      expect(isAccountPath(path), path).toBe(false);
    }
  });

  it('shows header and footer with a top margin on a shop screen', async () => {
    backend();
    renderApp('/about');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    // The footer's code comes just after the page's (src/lib/later.tsx).
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveClass('mt-4');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('About Us | Test Agri Inputs'));
  });

  it('hides header and footer, and the top margin, on the account screens', async () => {
    backend();
    // A shop screen first, so the footer's code is in: its absence below is the rule's doing.
    const shopScreen = renderApp('/about');
    await screen.findByRole('contentinfo');
    shopScreen.unmount();
    renderApp('/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveClass('mt-4');
  });

  it('remounts the content when the path changes', async () => {
    const user = userEvent.setup();
    backend();
    renderApp('/about');
    const before = await screen.findByRole('main');
    await user.click(within(await screen.findByRole('contentinfo')).getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toBe(before);
  });

  it('shows a real not-found screen for an unknown route', async () => {
    backend();
    renderApp('/no/such/page/here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

describe('routes', () => {
  it.each(['/category/fertilisers/organic-manures/neem-cake-powder', '/dealer/house-organics/neem-cake-powder', '/category/fertilisers/neem-cake-powder'])(
    'shows the product view at %s',
    async (route) => {
      backend({ 'GET /api/categories/fertilisers': () => ({}) });
      renderApp(route);
      expect(await screen.findByRole('heading', { level: 1, name: 'Neem Cake Powder' })).toBeInTheDocument();
    },
  );

  it('shows the not-found screen for an unknown product', async () => {
    backend({ 'GET /api/products/nope': () => notFound() });
    renderApp('/dealer/house-organics/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('adds to the cart through POST /api/cart/add and opens the cart panel', async () => {
    const user = userEvent.setup();
    let cart: unknown[] = [];
    const mock = backend({
      'GET /api/cart': () => ({ products: cart }),
      'POST /api/cart/add': () => {
        cart = [{ product_id: 30, variant_id: 73, quantity: 1, price: 210, gst_rate: 0.05, href: '/dealer/house-organics/neem-cake-powder', product: { id: 30, name: 'Neem Cake Powder', first_image_url: null, first_image_srcset: null, brand: { name: 'House Organics' } } }];
        return { cart: {} };
      },
    });
    renderApp('/dealer/house-organics/neem-cake-powder');
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const panel = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(mock.callsTo('/api/cart/add')[0]?.body).toEqual({ product_id: 30, quantity: 1, variant_id: 73 });
    expect(mock.callsTo('/api/cart/add')[0]?.headers.get('X-XSRF-TOKEN')).toBe('test-token');
    expect(await within(panel).findByRole('link', { name: 'Neem Cake Powder' })).toBeInTheDocument();
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('1');
  });

  it('lists every product at /search with an empty term, and the term’s results otherwise', async () => {
    const mock = backend();
    renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'All products' })).toBeInTheDocument();
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(mock.callsTo('/api/search')[0]?.url.searchParams.get('search')).toBe('');
  });

  it('searches the term of /search?search=', async () => {
    backend();
    renderApp('/search?search=neem');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “neem”' })).toBeInTheDocument();
    expect(await screen.findByText('No more results!')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 product')).toBeInTheDocument();
  });
});
