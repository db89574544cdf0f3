import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seedQueries } from '@/app/initial-data';
import { createQueryClient } from '@/app/query-client';
import { activateLocale } from '@/lib/i18n';
import { CropScreen } from '@/features/crops/screens/CropScreen';
import { json, mockApi } from '@/testing/api-mock';
import { productCard, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import type { Crop } from '@/types/api';

const cardamom: Crop = {
  slug: 'cardamom',
  name: 'Cardamom',
  other_names: ['Elakkai', 'Green cardamom'],
  groups: [
    { need: 'nutrition', products: [productCard(1, { name: 'Cardamom Booster' }), productCard(2), productCard(5), productCard(6), productCard(7), productCard(8)] },
    { need: 'protection', products: [productCard(3, { name: 'Copper Oxychloride' })] },
    { need: 'irrigation', products: [] },
  ],
  problems: [
    { slug: 'thrips', name: 'Cardamom thrips', kind: 'pest', products: [productCard(4, { name: 'Neem Oil' })] },
    { slug: 'katte', name: 'Katte mosaic', kind: 'disease', products: [] },
  ],
  facets: { brands: [], crops: [], prices: [], in_stock: { count: 8, selected: false } },
  sort: 'relevance',
};

describe('the crop page', () => {
  it('shows the crop, its other names, its products by need and what treats its problems', async () => {
    mockApi({ 'GET /api/shop': () => shop, 'GET /api/crops/cardamom': () => cardamom });
    renderWithApp(<CropScreen slug="cardamom" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cardamom' })).toBeInTheDocument();
    expect(screen.getByText('Also called Elakkai, Green cardamom')).toBeInTheDocument();

    const nutrition = screen.getByRole('region', { name: 'Nutrition' });
    const list = within(nutrition).getByRole('list', { name: 'Nutrition for Cardamom' });
    // The first four, and the rest when asked for.
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(within(nutrition).getByRole('button', { name: 'Show all 6' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(nutrition).queryByRole('button', { name: 'Show all 6' })).toBeNull();
    expect(within(list).getByRole('link', { name: 'Cardamom Booster' })).toHaveAttribute('href', '/dealer/malabar-agrochem/product-1');
    expect(within(screen.getByRole('region', { name: 'Crop protection' })).getByRole('link', { name: 'Copper Oxychloride' })).toBeInTheDocument();
    // A need without products is left out rather than shown empty.
    expect(screen.queryByRole('region', { name: 'Irrigation' })).toBeNull();

    // A problem's products show when asked for.
    const thrips = screen.getByRole('region', { name: 'Cardamom thrips' });
    expect(within(thrips).getByText('Pest')).toBeInTheDocument();
    expect(within(thrips).queryByRole('link', { name: 'Neem Oil' })).toBeNull();
    await userEvent.click(within(thrips).getByRole('button', { name: 'Show the products (1)' }));
    expect(within(thrips).getByRole('link', { name: 'Neem Oil' })).toBeInTheDocument();
    expect(screen.queryByText('Katte mosaic')).toBeNull();

    const jumps = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(jumps).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['#need-nutrition', '#need-protection', '#problems']);
  });

  it('takes over the page the server drew without asking the API again', async () => {
    const mock = mockApi({ 'GET /api/shop': () => shop });
    // The app's own client: what it was given stays fresh for a minute, so the page is not asked again.
    const queryClient = createQueryClient();
    seedQueries(queryClient, JSON.stringify({ queries: [{ key: ['crops', 'cardamom'], data: cardamom }] }));
    renderWithApp(<CropScreen slug="cardamom" />, { queryClient });
    expect(screen.getByRole('heading', { level: 1, name: 'Cardamom' })).toBeInTheDocument();
    expect(mock.callsTo('/api/crops/cardamom')).toHaveLength(0);
  });

  it('says so when the crop has no products yet', async () => {
    mockApi({ 'GET /api/shop': () => shop, 'GET /api/crops/pineapple': () => ({ ...cardamom, slug: 'pineapple', name: 'Pineapple', other_names: [], groups: [], problems: [] }) });
    renderWithApp(<CropScreen slug="pineapple" />);
    expect(await screen.findByText(/We have not listed products for this crop yet/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'On this page' })).toBeNull();
  });

  it('is the not-found page for an unknown crop', async () => {
    mockApi({ 'GET /api/shop': () => shop, 'GET /api/crops/rubber': () => json({ message: 'Crop not found' }, { status: 404 }) });
    renderWithApp(<CropScreen slug="rubber" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers to try again when the crop cannot be loaded', async () => {
    mockApi({ 'GET /api/shop': () => shop, 'GET /api/crops/cardamom': () => json({ message: 'x' }, { status: 500 }) });
    renderWithApp(<CropScreen slug="cardamom" />);
    expect(await screen.findByText('We could not load this crop. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads in Malayalam and Tamil', async () => {
    mockApi({ 'GET /api/shop': () => shop, 'GET /api/crops/cardamom': () => ({ ...cardamom, name: 'ഏലം' }) });
    await act(() => activateLocale('ml'));
    try {
      renderWithApp(<CropScreen slug="cardamom" />);
      expect(await screen.findByRole('heading', { level: 1, name: 'ഏലം' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'പോഷണം' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'കീടങ്ങളും രോഗങ്ങളും' })).toBeInTheDocument();
      await act(() => activateLocale('ta'));
      expect(screen.getByRole('heading', { level: 2, name: 'ஊட்டச்சத்து' })).toBeInTheDocument();
      expect(screen.getByText('பூச்சி')).toBeInTheDocument();
    } finally {
      await act(() => activateLocale('en'));
    }
  });
});
