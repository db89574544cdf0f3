import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CustomerScreen from '@/features/admin-customers/screens/CustomerScreen';
import { mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const customer = { id: 7, name: 'Anitha Joseph', email: 'anitha@example.in', phone: '+919847012345', email_verified_at: null, disabled_at: null, created_at: '2026-11-20T05:00:00' };
const address = { id: 3, label: 'Estate office', name: 'Anitha Joseph', phone: '+919847012345', line1: 'Puthenpurackal Estate', line2: null, city: 'Kumily', district: 'Idukki', state: 'Kerala', pincode: '685509', is_default: true, updated_at: '2026-11-20T05:00:00' };
const order = { number: 'ORD-2026-000042', status: 'awaiting_payment', total: 2360, placed_at: '2026-11-21T06:30:00' };
const person = { kind: 'account', id: 7, guest_key: null, name: 'Anitha Joseph', email: 'anitha@example.in', phone: '+919847012345', order_count: 3, total_spent: 5120.5, last_order_at: '2026-11-21T06:30:00Z', note: null, since: '2026-11-20T05:00:00Z', disabled_at: null };
const me = (role: string) => ({ id: 1, name: 'Anu', email: 'anu@staff.example.in', phone: null, role, email_verified_at: null, phone_verified_at: null, has_password: true, order_updates_on_phone: false, created_at: '2026-11-01T00:00:00Z', locale: null });

function backend(role = 'staff') {
  withSession();
  return mockApi({
    'GET /api/user': () => me(role),
    'GET /api/admin/customers/7': () => ({ customer, addresses: [address], person }),
    'PUT /api/admin/customers/7/note': (call) => ({ ...person, note: (call.body as { note: string }).note }),
    'POST /api/admin/customers/7/erase': () => ({ orders_kept: ['ORD-2026-000042'] }),
    'GET /api/admin/customers/7/orders': () => ({ data: [order], total: 1, page: 1, per_page: 10, has_more: false }),
    'POST /api/admin/customers/7/password-reset': () => ({ message: 'A link to choose a new password is on its way to the customer.' }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("a customer's page", () => {
  it('shows their details, addresses and orders, each order linking to the orders desk', async () => {
    backend();
    renderWithApp(<CustomerScreen />, { route: '/admin/customers/7', path: '/admin/customers/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anitha Joseph' })).toBeInTheDocument();
    expect(screen.getByText('(not verified)')).toBeInTheDocument();
    expect(screen.getByText('Puthenpurackal Estate')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /ORD-2026-000042/ });
    expect(link).toHaveAttribute('href', '/admin/orders/ORD-2026-000042');
    expect(link).toHaveTextContent('Awaiting payment');
    expect(link).toHaveTextContent('₹2,360.00');
    expect(screen.getByText('₹5,120.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download their data' })).toHaveAttribute('href', expect.stringContaining('/api/admin/customers/7/export'));
    // Only an admin may erase.
    expect(screen.queryByRole('button', { name: 'Erase their data' })).toBeNull();
  });

  it('keeps a note for staff', async () => {
    const api = backend();
    renderWithApp(<CustomerScreen />, { route: '/admin/customers/7', path: '/admin/customers/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a note' }));
    await userEvent.type(screen.getByLabelText(/Note for staff/), 'Pays by UPI');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(api.callsTo('/api/admin/customers/7/note')).toHaveLength(1));
    expect(api.callsTo('/api/admin/customers/7/note')[0]?.body).toEqual({ note: 'Pays by UPI' });
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
  });

  it('lets an admin erase the data only after a dialog that says what the orders keep', async () => {
    const api = backend('admin');
    renderWithApp(<CustomerScreen />, { route: '/admin/customers/7', path: '/admin/customers/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Erase their data' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase Anitha Joseph’s data?' });
    expect(dialog).toHaveTextContent('GSTIN');
    expect(api.callsTo('/api/admin/customers/7/erase')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(api.callsTo('/api/admin/customers/7/erase')).toHaveLength(1));
  });

  it('sends a reset mail only after staff confirm, and never asks for a password', async () => {
    const api = backend();
    renderWithApp(<CustomerScreen />, { route: '/admin/customers/7', path: '/admin/customers/:id' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send password reset mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a password reset mail?' });
    expect(dialog).toHaveTextContent('anitha@example.in');
    expect(api.callsTo('/api/admin/customers/7/password-reset')).toHaveLength(0);
    expect(document.querySelector('input[type="password"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send the mail' }));
    await waitFor(() => expect(api.callsTo('/api/admin/customers/7/password-reset')).toHaveLength(1));
    expect(await screen.findByText('Reset mail sent')).toBeInTheDocument();
  });
});
