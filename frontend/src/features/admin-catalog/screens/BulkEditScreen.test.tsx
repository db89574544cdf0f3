import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';
import BulkEditScreen from '@/features/admin-catalog/screens/BulkEditScreen';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const SHEET = 'sku,price\nCG-250,379\nCG-1000,1299\n';
const change = (line: number, sku: string, before: string, after: string) => ({
  line,
  sku,
  action: 'update',
  product_name: 'Cardamom Guard',
  changes: [{ field: 'price', before, after }],
  stock_drift: null,
  warnings: [],
});

const screenWithFile = async (contents: string) => {
  renderWithApp(
    <UnsavedChangesProvider>
      <BulkEditScreen />
    </UnsavedChangesProvider>,
    { route: '/admin/bulk' },
  );
  await userEvent.upload(screen.getByLabelText('Choose a CSV file'), new File([contents], 'supplier.csv', { type: 'text/csv' }));
};

afterEach(() => vi.unstubAllGlobals());

describe('bulk edits', () => {
  it('previews every change before applying the sheet as it was chosen', async () => {
    withSession();
    const api = mockApi({
      'POST /api/admin/catalog/imports/preview': () => ({ rows: 2, changes: [change(2, 'CG-250', '399.00', '379.00'), change(3, 'CG-1000', '1350.00', '1299.00')], unchanged: 0, problems: [] }),
      'POST /api/admin/catalog/imports': () => json({ id: 7, created: 0, updated: 2, unchanged: 0 }, { status: 201 }),
    });
    await screenWithFile(SHEET);
    const changes = await screen.findByRole('list', { name: 'Changes' });
    expect(changes).toHaveTextContent('Line 2 · CG-250');
    expect(changes).toHaveTextContent('399.00 → 379.00');
    expect(api.callsTo('/api/admin/catalog/imports')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
    await waitFor(() => expect(api.callsTo('/api/admin/catalog/imports')).toHaveLength(1));
    const [applied] = api.callsTo('/api/admin/catalog/imports');
    expect(applied?.body).toBe(SHEET);
    expect(applied?.headers.get('Content-Type')).toBe('text/csv');
    expect(applied?.url.searchParams.get('filename')).toBe('supplier.csv');
    expect(await screen.findByText('Import #7 applied')).toBeInTheDocument();
  });

  it('names each bad row by its line and offers nothing to apply', async () => {
    withSession();
    mockApi({
      'POST /api/admin/catalog/imports/preview': () => ({
        rows: 2,
        changes: [change(2, 'CG-250', '399.00', '379.00')],
        unchanged: 0,
        problems: [{ line: 3, sku: 'CG-1000', message: 'The price may not be more than the MRP.' }],
      }),
    });
    await screenWithFile(SHEET);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('One row cannot be applied, so nothing will be.');
    expect(alert).toHaveTextContent('Line 3 (SKU CG-1000): The price may not be more than the MRP.');
    expect(screen.queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
  });

  it('shows a row whose stock moved since the export and previews the count when chosen', async () => {
    const drifted = (chosen: 'difference' | 'count') => ({
      rows: 1,
      changes: [
        {
          line: 2,
          sku: 'NC-5',
          action: 'update',
          product_name: 'Neem Cake',
          changes: [{ field: 'stock', before: '8', after: chosen === 'count' ? '15' : '13' }],
          stock_drift: { exported: 10, now: 8, sheet: 15, with_difference: 13, with_count: 15, chosen },
          warnings: ['25 g looks light for a pack sold by the kilogram: was 25 meant as 25 kg?'],
        },
      ],
      unchanged: 0,
      problems: [],
    });
    withSession();
    const asked: string[] = [];
    mockApi({
      'POST /api/admin/catalog/imports/preview': (call) => {
        const setCount = call.url.searchParams.get('set_count');
        asked.push(setCount ?? '');
        return json(drifted(setCount === 'NC-5' ? 'count' : 'difference'));
      },
    });
    await screenWithFile('sku,stock,stock_when_exported\nNC-5,15,10\n');
    expect(await screen.findByText(/Exported at 10, 8 now/)).toBeInTheDocument();
    expect(screen.getByText(/was 25 meant as 25 kg\?/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Apply the difference \(\+5\): 13/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Set the count: 15/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Set the count: 15/ })).toBeChecked());
    expect(asked).toEqual(['', 'NC-5']);
  });
});
