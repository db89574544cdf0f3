import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeScreen } from '@/features/home/screens/HomeScreen';
import { HERO_ART } from '@/features/home/hero-art';
import { json, mockApi } from '@/testing/api-mock';
import { awards, brands, featured, shop } from '@/testing/fixtures';
import { renderWithApp, testQueryClient } from '@/testing/render';

type Routes = Parameters<typeof mockApi>[0];

function backend(overrides: Routes = {}) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/brands': () => brands,
    'GET /api/featured-products': () => [featured(1), featured(2)],
    'GET /api/awards': () => awards,
    ...overrides,
  });
}

const failing = () => json({ message: 'Server error' }, { status: 500 });

afterEach(() => {
  vi.useRealTimers();
});

describe('HomeScreen', () => {
  it('shows the hero with the shop tagline and art, the research section and the invitation', async () => {
    backend();
    renderWithApp(<HomeScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Revolutionising agriculture, one crop at a time' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /cardamom and tea/ })).toHaveAttribute('src', HERO_ART);
    // The sections below the hero come with their own code, just after.
    const research = await screen.findByRole('region', { name: 'A plan for every crop, backed by research' });
    expect(within(research).getByRole('link', { name: 'Get In Touch' })).toHaveAttribute('href', '/contact');
    for (const [crop, slug] of [
      ['Cardamom', 'cardamom'],
      ['Pepper', 'black-pepper'],
      ['Passion fruit', 'passion-fruit'],
      ['Banana', 'banana'],
      ['Pineapple', 'pineapple'],
      ['Vegetables', 'vegetables'],
    ]) {
      expect(within(research).getByRole('link', { name: crop })).toHaveAttribute('href', `/crop/${slug}`);
    }
    expect(await screen.findByRole('region', { name: 'Let’s grow your harvest together' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Plantation inputs for Kerala and Tamil Nadu | Test Agri Inputs'));
  });

  it('shows the brand carousel when some brand has an image', async () => {
    backend();
    renderWithApp(<HomeScreen />);
    expect(await screen.findByRole('region', { name: 'Brands we deal in' })).toBeInTheDocument();
  });

  it('hides the brand carousel when no brand has an image', async () => {
    const mock = backend({ 'GET /api/brands': () => ({ brands: brands.brands.slice(1), wellRootBrands: [] }) });
    renderWithApp(<HomeScreen />);
    await screen.findByRole('region', { name: 'Featured Products' });
    await waitFor(() => expect(mock.callsTo('/api/brands')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Brands we deal in' })).not.toBeInTheDocument();
    expect(screen.queryByText('Brands we deal in')).not.toBeInTheDocument();
  });

  it('hides the brand carousel when the brands fail to load, and only logs', async () => {
    backend({ 'GET /api/brands': failing });
    renderWithApp(<HomeScreen />);
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith('Could not load the brands', expect.anything()));
    expect(screen.queryByText('Brands we deal in')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows featured cards in a carousel of 2, 3 and 5 per view, leading to /dealer/{brand}/{product}', async () => {
    backend();
    renderWithApp(<HomeScreen />);
    const carousel = await screen.findByRole('region', { name: 'Featured Products' });
    const link = await within(carousel).findByRole('link', { name: 'Featured 1' });
    expect(link).toHaveAttribute('href', '/dealer/malabar-agrochem/featured-1');
    expect(within(carousel).getAllByRole('group')[0]).toHaveClass('basis-1/2', 'md:basis-1/3', 'lg:basis-1/5');
    expect(within(carousel).getAllByText('20% off')).toHaveLength(2);
  });

  it('shows nothing at all when no product is featured: no heading, no empty box', async () => {
    const mock = backend({ 'GET /api/featured-products': () => [] });
    const { container } = renderWithApp(<HomeScreen />);
    await screen.findByText('Best Retailer 2019');
    await waitFor(() => expect(mock.callsTo('/api/featured-products')).toHaveLength(1));
    expect(screen.queryByText('Featured Products')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Featured Products' })).not.toBeInTheDocument();
    // The research section is followed straight by the awards.
    const sections = [...container.querySelectorAll('section')];
    const awards = sections.findIndex((section) => section.getAttribute('aria-labelledby') === 'awards-title');
    expect(sections[awards - 1]?.textContent).toContain('A plan for every crop');
  });

  it('shows the featured products error text', async () => {
    backend({ 'GET /api/featured-products': failing });
    renderWithApp(<HomeScreen />);
    expect(await screen.findByText('Failed to load featured products. Please try again later.')).toBeInTheDocument();
  });

  it('shows the awards section with its error box on failure', async () => {
    backend({ 'GET /api/awards': failing });
    renderWithApp(<HomeScreen />);
    expect(await screen.findByText('Failed to load awards. Please try again later.')).toBeInTheDocument();
  });

  it('hides the awards section when there are none', async () => {
    const mock = backend({ 'GET /api/awards': () => [] });
    renderWithApp(<HomeScreen />);
    await waitFor(() => expect(mock.callsTo('/api/awards')).toHaveLength(1));
    await screen.findByRole('region', { name: 'Featured Products' });
    await waitFor(() => expect(screen.queryByText('Awards & Certifications')).not.toBeInTheDocument());
    expect(screen.queryByText('No Awards Yet')).not.toBeInTheDocument();
  });

  it('keeps featured products and awards for 5 minutes without asking again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const mock = backend();
    const queryClient = testQueryClient();
    const first = renderWithApp(<HomeScreen />, { queryClient });
    await screen.findByText('Best Retailer 2019');
    first.unmount();

    vi.setSystemTime(Date.now() + 4 * 60 * 1000);
    const second = renderWithApp(<HomeScreen />, { queryClient });
    await screen.findByText('Best Retailer 2019');
    expect(mock.callsTo('/api/featured-products')).toHaveLength(1);
    expect(mock.callsTo('/api/awards')).toHaveLength(1);
    second.unmount();

    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    renderWithApp(<HomeScreen />, { queryClient });
    await waitFor(() => expect(mock.callsTo('/api/featured-products')).toHaveLength(2));
    await waitFor(() => expect(mock.callsTo('/api/awards')).toHaveLength(2));
  });
});
