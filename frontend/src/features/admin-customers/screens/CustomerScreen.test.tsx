import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CustomerScreen from '@/features/admin-customers/screens/CustomerScreen';
import { mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const customer = { id: 7, name: 'Anitha Joseph', email: 'anitha@example.in', phone: '+919847012345', email_verified_at: null, disabled_at: null, created_at: '2026-11-20T05:00:00' };
const address = { id: 3, label: 'Estate office', name: 'Anitha Joseph', phone: '+919847012345', line1: 'Puthenpurackal Estate', line2: null, city: 'Kumily', district: 'Idukki', state: 'Kerala', pincode: '685509', is_default: true, updated_at: '2026-11-20T05:00:00' };
const order = { uuid: 'u-1', number: 'ORD-2026-000042', status: 'awaiting_payment', item_count: 2, total: 2360, placed_at: '2026-11-21T06:30:00' };

function backend() {
  withSession();
  return mockApi({
    'GET /api/admin/customers/7': () => ({ customer, addresses: [address] }),
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
