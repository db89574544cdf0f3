import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CategoryChildScreen, isSubCategory } from '@/features/catalog/screens/CategoryChildScreen';
import { mockApi } from '@/testing/api-mock';
import { categoryTree, productCard, productDetail, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

function backend() {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/categories': () => categoryTree,
    'GET /api/categories/micronutrients': () => ({
      id: 2,
      name: 'Micronutrients',
      slug: 'micronutrients',
      description: 'Zinc, boron and more.',
      parent: { id: 1, name: 'Fertilisers', slug: 'fertilisers' },
      sub_categories: [],
    }),
    'GET /api/categories/micronutrients/products': ({ url }) => ({
      data: [productCard(1), productCard(2)],
      total: 2,
      page: Number(url.searchParams.get('page')),
      per_page: 24,
      has_more: false,
    }),
    'GET /api/products/neem-cake-powder': () => productDetail,
  });
}

describe('/category/{a}/{b}', () => {
  it('is a sub-category when b is a child of a in the tree', () => {
    expect(isSubCategory(categoryTree, 'fertilisers', 'micronutrients')).toBe(true);
    expect(isSubCategory(categoryTree, 'consultation', 'micronutrients')).toBe(false);
    expect(isSubCategory(categoryTree, 'fertilisers', 'neem-cake-powder')).toBe(false);
  });

  it('shows the sub-category page with its products, leading to /category/{a}/{b}/{product}', async () => {
    const mock = backend();
    renderWithApp(<CategoryChildScreen parentSlug="fertilisers" slug="micronutrients" onAddToCart={vi.fn()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Micronutrients' })).toBeInTheDocument();
    expect(screen.getByText('Zinc, boron and more.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Products in Micronutrients' });
    expect(within(list).getByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/category/fertilisers/micronutrients/product-1');
    expect(screen.getByText('No more results!')).toBeInTheDocument();
    expect(mock.callsTo('/api/categories/micronutrients/products')[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('shows the product when b is not a child of a', async () => {
    backend();
    renderWithApp(<CategoryChildScreen parentSlug="fertilisers" slug="neem-cake-powder" onAddToCart={vi.fn()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neem Cake Powder' })).toBeInTheDocument();
  });
});
