import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';
import type { PackingOrder } from '@/types/packing';
import PackingOrderScreen from '@/features/admin-packing/screens/PackingOrderScreen';

const order: PackingOrder = {
  number: 'ORD-2026-000042',
  status: 'confirmed',
  placed_at: '2026-11-20T04:30:00Z',
  deliver_to: { name: 'Anitha Joseph', phone: '+919847012345', line1: 'Puthenpurackal Estate', line2: null, city: 'Kumily', district: 'Idukki', state: 'Kerala', pincode: '685509' },
  lines: [{ product_name: 'Banana Bunch Knife', variant_name: null, sku: 'ANT-BKNF-STD', quantity: 2, batches: [{ number: 'KNF2601', manufactured_on: '2026-01-10', expires_on: null, tested_on: null, quantity: 2, returned: 0 }] }],
  item_count: 2,
  collect_on_delivery: 1234,
  packed_at: null,
  packed_by: null,
  can_pack: true,
  can_ship: true,
  needs_eway_bill: false,
  carrier: null,
  tracking_number: null,
};

const screenFor = () => renderWithApp(<PackingOrderScreen />, { route: '/admin/packing/ORD-2026-000042', path: '/admin/packing/:number' });

describe('the packing slip', () => {
  it('shows the cash to collect large, where it goes and what goes in, and marks it packed', async () => {
    const api = mockApi({
      'GET /api/admin/packing/orders/ORD-2026-000042': () => order,
      'POST /api/admin/packing/orders/ORD-2026-000042/packed': () => ({ ...order, can_pack: false, packed_at: '2026-11-21T04:30:00Z', packed_by: 'Ravi' }),
      'GET /api/shop': () => ({ carriers: [] }),
    });
    screenFor();
    expect(await screen.findByTestId('collect-on-delivery')).toHaveTextContent('Collect ₹1,234.00 cash on delivery');
    expect(screen.getByText('Anitha Joseph')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+919847012345' })).toHaveAttribute('href', 'tel:+919847012345');
    expect(screen.getByText('× 2')).toBeInTheDocument();
    expect(screen.getByTestId('slip-batch')).toHaveTextContent('Batch KNF2601 · made 2026-01-10');
    await userEvent.click(screen.getByRole('button', { name: 'Mark packed' }));
    expect(await screen.findByText('Packed by Ravi. Hand it to the carrier and record the shipment.')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/packing/orders/ORD-2026-000042/packed')).toHaveLength(1);
  });

  it('says a paid order has nothing to collect, and shows the server’s 422 beside the tracking number', async () => {
    mockApi({
      'GET /api/admin/packing/orders/ORD-2026-000042': () => ({ ...order, collect_on_delivery: null }),
      'POST /api/admin/packing/orders/ORD-2026-000042/shipped': () =>
        new Response(JSON.stringify({ message: 'The given data was invalid.', errors: { tracking_number: ['The tracking number field is required.'] } }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    screenFor();
    expect(await screen.findByText('Paid: nothing to collect on delivery.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Carrier'), 'India Post');
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.getByText('The tracking number field is required.')).toBeInTheDocument());
  });
});
