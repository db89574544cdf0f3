import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seedQueries } from '@/app/initial-data';
import { createQueryClient } from '@/app/query-client';
import { CategoryScreen } from '@/features/catalog/screens/CategoryScreen';
import { mockApi } from '@/testing/api-mock';
import { productCard, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import type { Facets, ProductPage } from '@/types/api';

const category = { id: 3, name: 'Fungicides', slug: 'fungicides', description: '', parent: null, sub_categories: [] };

const facets = (brand: boolean, inStock: boolean): Facets => ({
  brands: [
    { slug: 'agro-a', name: 'Agro A', count: 3, selected: brand },
    { slug: 'bio-b', name: 'Bio B', count: 2, selected: false },
  ],
  crops: [{ slug: 'cardamom', name: 'Cardamom', count: 4, selected: false }],
  prices: [
    { slug: 'under-200', min: 0, max: 200, count: 1, selected: false },
    { slug: 'over-1000', min: 1000, max: null, count: 2, selected: false },
  ],
  in_stock: { count: 2, selected: inStock },
});

const page = (ids: number[], pageFacets: Facets): ProductPage => ({
  data: ids.map((id) => productCard(id, { name: `Product ${id}` })),
  total: ids.length,
  page: 1,
  per_page: 24,
  has_more: false,
  facets: pageFacets,
  sort: 'relevance',
});

describe('the filter bar', () => {
  it('shows each option with its count, as links to the list with it ticked', async () => {
    const mock = mockApi({
      'GET /api/shop': () => shop,
      'GET /api/categories/fungicides': () => category,
      'GET /api/categories/fungicides/products': ({ url }) =>
        url.searchParams.get('stock') === 'in' ? page([1], facets(true, true)) : page([1, 2, 3], facets(true, false)),
    });
    renderWithApp(<CategoryScreen slug="fungicides" />, { route: '/category/fungicides?brand=agro-a&fbclid=1' });
    const column = await screen.findByRole('complementary', { name: 'Filters' });
    const agro = within(column).getByRole('link', { name: /Agro A/ });
    expect(agro).toHaveTextContent('Agro A3');
    expect(agro).toHaveAttribute('aria-current', 'true');
    // Unticking it, or ticking another, is a link to that list (other parameters kept).
    expect(agro).toHaveAttribute('href', '/category/fungicides?fbclid=1');
    expect(within(column).getByRole('link', { name: /Bio B/ })).toHaveAttribute('href', '/category/fungicides?fbclid=1&brand=agro-a,bio-b');
    expect(within(column).getByRole('link', { name: /Under ₹200/ })).toHaveTextContent('1');
    expect(within(column).getByRole('link', { name: /₹1,000 and above/ })).toHaveTextContent('2');
    expect(within(column).getByRole('link', { name: /Cardamom/ })).toHaveTextContent('4');
    expect(mock.callsTo('/api/categories/fungicides/products')[0]?.url.searchParams.get('brand')).toBe('agro-a');

    // Ticking "in stock" asks for that list and writes it into the address.
    await userEvent.click(within(column).getByRole('link', { name: /In stock only/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/category/fungicides?fbclid=1&brand=agro-a&stock=in'));
    await waitFor(() => expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('Product'))).toHaveLength(1));
    expect(within(column).getByRole('link', { name: /In stock only/ })).toHaveAttribute('aria-current', 'true');

    // The order is a choice of its own.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('brand=agro-a&sort=price-asc&stock=in'));
    const last = mock.callsTo('/api/categories/fungicides/products').at(-1);
    expect(last?.url.searchParams.get('sort')).toBe('price-asc');
  });

  it('on a phone opens from a Filters button that says how many are ticked', async () => {
    const queryClient = createQueryClient();
    // The page the server drew for this address: the app asks nothing again.
    seedQueries(queryClient, JSON.stringify({ queries: [{ key: ['categories', 'fungicides', 'products', 'brand=agro-a&stock=in'], page: page([1], facets(true, true)) }] }));
    const mock = mockApi({ 'GET /api/shop': () => shop, 'GET /api/categories/fungicides': () => category });
    renderWithApp(<CategoryScreen slug="fungicides" />, { route: '/category/fungicides?stock=in&brand=agro-a', queryClient });
    const sheet = await screen.findByTestId('filters-sheet');
    expect(within(sheet).getByText('Filters (2)')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Show 1 product' })).toBeInTheDocument();
    expect(mock.callsTo('/api/categories/fungicides/products')).toHaveLength(0);
  });
});
