import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';
import StocktakeScreen from '@/features/admin-catalog/screens/StocktakeScreen';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const item = (variant_id: number, variant_name: string, stock: number) => ({
  variant_id,
  product_id: 3,
  product_name: 'Neem Cake Powder',
  variant_name,
  sku: `NCP-${variant_name.replace(' ', '')}`,
  stock,
  low_stock_threshold: 5,
});

afterEach(() => vi.unstubAllGlobals());

describe('a stocktake', () => {
  it('sends only the counted pack sizes, with the stock the list showed, and says what changed', async () => {
    withSession();
    const api = mockApi({
      'GET /api/admin/catalog/stock-counts/list': () => ({ data: [item(11, '5 kg', 40), item(12, '25 kg', 9)] }),
      'GET /api/admin/catalog/categories': () => ({ data: [] }),
      'POST /api/admin/catalog/stock-counts': () =>
        json({ data: [{ variant_id: 11, product_name: 'Neem Cake Powder', variant_name: '5 kg', before: 40, counted: 37, difference: -3 }] }),
    });
    renderWithApp(
      <UnsavedChangesProvider>
        <StocktakeScreen />
      </UnsavedChangesProvider>,
      { route: '/admin/stocktake' },
    );
    const counted = await screen.findByLabelText('Counted Neem Cake Powder 5 kg');
    expect(screen.getByRole('button', { name: 'Type a count to save' })).toBeDisabled();
    await userEvent.type(counted, '37');
    expect(screen.getByText('-3')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Note/), 'Monthly count');
    await userEvent.click(screen.getByRole('button', { name: 'Set 1 to the counted quantity' }));
    await waitFor(() => expect(api.callsTo('/api/admin/catalog/stock-counts')).toHaveLength(1));
    expect(api.callsTo('/api/admin/catalog/stock-counts')[0]?.body).toEqual({ counts: [{ variant_id: 11, counted: 37, stock_seen: 40 }], note: 'Monthly count' });
    expect(await screen.findByText(/Neem Cake Powder 5 kg: 40 → 37 \(-3\)/)).toBeInTheDocument();
  });

  it('refuses a count that is not a number of units before sending', async () => {
    withSession();
    const api = mockApi({
      'GET /api/admin/catalog/stock-counts/list': () => ({ data: [item(11, '5 kg', 40)] }),
      'GET /api/admin/catalog/categories': () => ({ data: [] }),
    });
    renderWithApp(
      <UnsavedChangesProvider>
        <StocktakeScreen />
      </UnsavedChangesProvider>,
      { route: '/admin/stocktake' },
    );
    await userEvent.type(await screen.findByLabelText('Counted Neem Cake Powder 5 kg'), 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Set 1 to the counted quantity' }));
    expect(await screen.findByText('Enter the units counted: 0 or more.')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/catalog/stock-counts')).toHaveLength(0);
  });
});
