import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProductListScreen from '@/features/admin-catalog/screens/ProductListScreen';
import { mockApi } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const row = (id: number, name: string, extra = {}) => ({
  id,
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  brand_id: 1,
  brand_name: 'WellRoot Crop Care',
  is_active: true,
  is_featured: false,
  featured_position: 0,
  variant_count: 2,
  retail_price: 399,
  stock: 14,
  low_stock: false,
  updated_at: '2026-11-22T10:00:00',
  ...extra,
});

function backend() {
  return mockApi({
    'GET /api/admin/catalog/products': ({ url }) => ({
      data: url.searchParams.get('active') === 'false' ? [row(2, 'Old Sprayer', { is_active: false })] : [row(1, 'Cardamom Guard'), row(2, 'Old Sprayer', { is_active: false })],
      total: url.searchParams.get('active') === 'false' ? 1 : 60,
      page: Number(url.searchParams.get('page') ?? 1),
      per_page: 25,
      has_more: url.searchParams.get('active') !== 'false',
    }),
    'GET /api/admin/catalog/brands': () => ({ data: [{ id: 1, name: 'WellRoot Crop Care', slug: 'wellroot-crop-care', description: '', is_house_brand: true, sort_order: 0 }] }),
    'GET /api/admin/catalog/categories': () => ({ data: [] }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the staff product list', () => {
  it('lists inactive products too, marked, with links to edit each', async () => {
    backend();
    renderWithApp(<ProductListScreen />, { route: '/admin/products' });
    const table = await screen.findByRole('table');
    expect(table).toHaveTextContent('Cardamom Guard');
    expect(table).toHaveTextContent('Inactive');
    expect(screen.getAllByRole('link', { name: 'Cardamom Guard' })[0]).toHaveAttribute('href', '/admin/products/1');
    expect(screen.getByText('60 products')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('keeps filters and paging in the URL and asks the server for them', async () => {
    const api = backend();
    renderWithApp(<ProductListScreen />, { route: '/admin/products?page=2' });
    await screen.findByText('Page 2 of 3');
    await userEvent.selectOptions(screen.getByLabelText('Shown in the shop'), 'false');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/products?active=false'));
    await screen.findByText('1 product');
    const last = api.callsTo('/api/admin/catalog/products').at(-1);
    expect(last?.url.searchParams.get('active')).toBe('false');
    expect(last?.url.searchParams.get('page')).toBeNull();
  });
});
