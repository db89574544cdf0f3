import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardScreen from '@/features/admin-day/screens/DashboardScreen';
import { mockApi } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const lowStock = (n: number) => ({ variant_id: n, product_id: 10 + n, product_name: `Product ${n}`, variant_name: n === 1 ? null : '1 litre', sku: `SKU-${n}`, stock: n - 1, low_stock_threshold: 5 });

function backend(overrides = {}) {
  return mockApi({
    'GET /api/admin/dashboard': () => ({
      orders: {
        today: { orders: 3, sales: 12345.5, cancelled: 1 },
        month: { orders: 41, sales: 250000, cancelled: 0 },
        waiting: { to_confirm: 2, awaiting_payment: 0, to_ship: 5 },
        latest_order_id: 77,
      },
      low_stock: [lowStock(1), lowStock(2)],
      low_stock_total: 9,
      open_messages: 1,
      ...overrides,
    }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard', () => {
  it('shows today and this month in rupees, cancelled orders apart', async () => {
    backend();
    renderWithApp(<DashboardScreen />, { route: '/admin' });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(today).toHaveTextContent('₹12,346');
    expect(within(today).getByTitle('₹12,345.50')).toBeInTheDocument();
    expect(today).toHaveTextContent('3 orders 1 cancelled, not counted');
    expect(screen.getByRole('region', { name: 'This month' })).toHaveTextContent('₹2,50,000');
  });

  it('links each waiting step to the orders list filtered by its status', async () => {
    backend();
    renderWithApp(<DashboardScreen />, { route: '/admin' });
    const waiting = await screen.findByRole('region', { name: 'Orders waiting' });
    const links = within(waiting).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['To confirm2', '/admin/orders?status=placed'],
      ['Awaiting payment0', '/admin/orders?status=awaiting_payment'],
      ['To ship5', '/admin/orders?status=confirmed'],
    ]);
  });

  it('links low stock to each product and the inbox when a message waits', async () => {
    backend();
    renderWithApp(<DashboardScreen />, { route: '/admin' });
    const low = await screen.findByRole('region', { name: 'Low stock' });
    expect(within(low).getByRole('link', { name: /Product 2/ })).toHaveAttribute('href', '/admin/products/12');
    expect(within(low).getByRole('link', { name: 'See all 9' })).toHaveAttribute('href', '/admin/low-stock');
    expect(screen.getByRole('link', { name: /1 message waits for an answer/ })).toHaveAttribute('href', '/admin/messages');
  });

  it('says so when nothing is low and every message is answered', async () => {
    backend({ low_stock: [], low_stock_total: 0, open_messages: 0 });
    renderWithApp(<DashboardScreen />, { route: '/admin' });
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    expect(screen.getByText(/Every message has been answered/)).toBeInTheDocument();
  });
});
