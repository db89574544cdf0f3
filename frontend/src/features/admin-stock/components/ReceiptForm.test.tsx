import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceiptForm } from '@/features/admin-stock/components/ReceiptForm';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const pack = { variant_id: 11, product_id: 3, product_name: 'Chlorpyrifos 20% EC', variant_name: '1 litre', sku: 'CHL-1L', stock: 4, low_stock_threshold: 5 };

afterEach(() => vi.unstubAllGlobals());

describe('recording a receipt', () => {
  it('sends each line with its pack size, and shows the server’s word beside the field it names', async () => {
    withSession();
    const api = mockApi({
      'GET /api/admin/catalog/stock-counts/list': () => ({ data: [pack] }),
      'POST /api/admin/stock/receipts': () =>
        json(
          {
            message: 'The expiry date must come after the manufacture date.',
            errors: { 'lines[1].expires_on': ['The expiry date must come after the manufacture date.'], supplier_invoice: ['This invoice of this supplier was received already (receipt 4).'] },
          },
          { status: 422 },
        ),
    });
    renderWithApp(<ReceiptForm />, { route: '/admin/receipts' });
    await userEvent.type(screen.getByLabelText('Supplier'), 'Malabar Agro');
    await userEvent.type(screen.getByLabelText("Supplier's invoice number"), 'MAD/118');
    await userEvent.type(screen.getByLabelText('Invoice date'), '2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    for (const [index, name] of [
      [0, 'Line 1'],
      [1, 'Line 2'],
    ] as const) {
      const line = screen.getByRole('group', { name });
      await userEvent.type(within(line).getByLabelText(/Pack size/), 'CHL');
      await userEvent.click(await within(line).findByRole('button', { name: /CHL-1L/ }));
      await userEvent.type(within(line).getByLabelText('Batch number'), `AB-${index}`);
      await userEvent.type(within(line).getByLabelText(/Expires/), index === 0 ? '2027-12-31' : '2025-01-01');
      await userEvent.type(within(line).getByLabelText('Units'), '6');
      await userEvent.type(within(line).getByLabelText('Unit cost (₹)'), '412.50');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Record the receipt' }));
    const second = screen.getByRole('group', { name: 'Line 2' });
    expect(await within(second).findByText('The expiry date must come after the manufacture date.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Line 1' })).queryByText(/must come after/)).toBeNull();
    expect(screen.getByText('This invoice of this supplier was received already (receipt 4).')).toBeInTheDocument();
    const [call] = api.callsTo('/api/admin/stock/receipts');
    expect(call?.body).toMatchObject({
      supplier: 'Malabar Agro',
      supplier_invoice: 'MAD/118',
      invoice_date: '2026-11-20',
      lines: [
        { variant_id: 11, number: 'AB-0', expires_on: '2027-12-31', tested_on: null, quantity: 6, unit_cost: '412.50' },
        { variant_id: 11, number: 'AB-1', expires_on: '2025-01-01', quantity: 6 },
      ],
    });
  });
});
