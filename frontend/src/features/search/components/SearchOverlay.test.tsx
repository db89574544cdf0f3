import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchOverlay } from '@/features/search/components/SearchOverlay';
import { json, mockApi } from '@/testing/api-mock';
import { productCard } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A search endpoint holding `total` matches. */
function searchBackend(total: number, overrides: Parameters<typeof productCard>[1] = {}) {
  return mockApi({
    'GET /api/search': ({ url }) => {
      const perPage = Number(url.searchParams.get('per_page'));
      const items = Array.from({ length: Math.min(total, perPage) }, (_, i) => productCard(i + 1, overrides));
      return json(items, { headers: { 'X-Total-Count': String(total) } });
    },
  });
}

/** Types the term; unless told not to, lets the debounce run out. */
async function typeTerm(term: string, { settle = true } = {}) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithApp(<SearchOverlay open onClose={() => undefined} />);
  await user.type(screen.getByPlaceholderText('Enter your search here'), term);
  if (settle) await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
  return { user };
}

const results = () => within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem');

describe('SearchOverlay', () => {
  it('is titled Search for Products', () => {
    mockApi({});
    renderWithApp(<SearchOverlay open onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Search for Products' })).toBeInTheDocument();
  });

  it('waits 600 ms after the last key before it searches, and asks for 3 results', async () => {
    const mock = searchBackend(2);
    await typeTerm('neem', { settle: false });
    expect(mock.callsTo('/api/search')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50));
    expect(mock.callsTo('/api/search')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    const calls = mock.callsTo('/api/search');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('search')).toBe('neem');
    expect(calls[0]?.url.searchParams.get('per_page')).toBe('3');
  });

  it.each([1, 2, 3])('shows Total: %i and no View all for that many matches', async (total) => {
    searchBackend(total);
    await typeTerm('neem');
    expect(await screen.findByText(`Total: ${total}`)).toBeInTheDocument();
    expect(results()).toHaveLength(total);
    expect(screen.queryByText(/View all results/)).not.toBeInTheDocument();
  });

  it('shows the first 3 and View all results (n) above 3, leading to the results page', async () => {
    searchBackend(14);
    const { user } = await typeTerm('neem oil');
    const viewAll = await screen.findByRole('link', { name: 'View all results (14)' });
    expect(results()).toHaveLength(3);
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();
    expect(viewAll).toHaveAttribute('href', '/search?search=neem%20oil');
    await user.click(viewAll);
    expect(screen.getByTestId('location')).toHaveTextContent('/search?search=neem%20oil');
  });

  it('shows image, name, brand and price, and leads to /dealer/{brandSlug}/{slug}', async () => {
    searchBackend(1);
    await typeTerm('product');
    await screen.findByText('Total: 1');
    const [result] = results();
    const link = within(result as HTMLElement).getByRole('link');
    expect(link).toHaveAttribute('href', '/dealer/malabar-agrochem/product-1');
    expect(link).toHaveTextContent('Product 1');
    expect(link).toHaveTextContent('Malabar AgroChem');
    expect(link).toHaveTextContent('₹101.00');
    expect(link.querySelector('img')).toHaveAttribute('src', '/media/products/product-1.svg');
    expect(link).not.toHaveTextContent('% off');
  });

  it('shows the discount badge and the old price struck through when it applies', async () => {
    searchBackend(1, { MRP: 200, retail_price: 150 });
    await typeTerm('product');
    await screen.findByText('Total: 1');
    const [result] = results();
    expect(result).toHaveTextContent('25% off');
    expect((result as HTMLElement).querySelector('s')).toHaveTextContent('₹200.00');
  });

  it('says clearly when nothing matches', async () => {
    searchBackend(0);
    await typeTerm('xyzzy');
    expect(await screen.findByText('No products match “xyzzy”. Try another word or a brand name.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('does not search for blanks', async () => {
    const mock = searchBackend(5);
    await typeTerm('   ');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    expect(mock.callsTo('/api/search')).toHaveLength(0);
  });

  it("opens the results page when the keyboard's search key is pressed, and closes", async () => {
    searchBackend(5);
    const onClose = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<SearchOverlay open onClose={onClose} />);
    await user.type(screen.getByPlaceholderText('Enter your search here'), '  ഏലം വളം {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(`/search?search=${encodeURIComponent('ഏലം വളം')}`);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays put when the search key is pressed with nothing typed', async () => {
    mockApi({});
    const onClose = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<SearchOverlay open onClose={onClose} />);
    await user.type(screen.getByPlaceholderText('Enter your search here'), '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(onClose).not.toHaveBeenCalled();
  });
});
