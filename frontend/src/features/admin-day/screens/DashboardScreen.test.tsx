import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardScreen from '@/features/admin-day/screens/DashboardScreen';
import { mockApi } from '@/testing/api-mock';
import { admin } from '@/testing/fixtures';
import { renderWithApp, testQueryClient } from '@/testing/render';

const lowStock = (n: number) => ({ variant_id: n, product_id: 10 + n, product_name: `Product ${n}`, variant_name: n === 1 ? null : '1 litre', sku: `SKU-${n}`, stock: n - 1, low_stock_threshold: 5 });

const calmBatches = { window_days: 60, expiring: [], expiring_total: 0, awaiting_disposal: [], awaiting_disposal_total: 0, undated_total: 0 };

const batch = (id: number, number: string, expires_on: string, days_left: number) => ({
  id,
  variant_id: 5,
  product_id: 12,
  product_name: 'Chlorpyrifos 20% EC',
  variant_name: '1 litre',
  sku: 'CHL-1L',
  regulated_as: 'insecticide' as const,
  number,
  manufactured_on: '2025-01-10',
  expires_on,
  tested_on: null,
  quantity: 7,
  unit_cost_paise: 41250,
  supplier: 'Malabar Agro',
  days_left,
  expired: days_left < 0,
});

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
      batches: calmBatches,
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

  it('warns of a lapsed licence and one running out soon', async () => {
    const notice = (kind: string, number: string, valid_until: string, in_force: boolean, days_left: number) => ({
      kind,
      number,
      authority: 'Principal Agricultural Officer, Idukki',
      valid_from: '2024-01-01',
      valid_until,
      insecticides: [],
      in_force,
      days_left,
    });
    backend({
      licences_lapsed: [notice('insecticide', 'INS-1', '2026-10-31', false, -28)],
      licences_expiring: [notice('seed', 'SDL-9', '2026-12-20', true, 22)],
    });
    renderWithApp(<DashboardScreen />, { route: '/admin' });
    const panel = await screen.findByRole('region', { name: 'Dealer licences' });
    expect(panel).toHaveTextContent('Insecticide sale licence INS-1 expired on 2026-10-31: its products are not for sale');
    expect(panel).toHaveTextContent('Seed dealer licence SDL-9 runs out on 2026-12-20 (22 days left)');
  });

  it('says so when nothing is low and every message is answered', async () => {
    backend({ low_stock: [], low_stock_total: 0, open_messages: 0 });
    renderWithApp(<DashboardScreen />, { route: '/admin' });
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    expect(screen.getByText(/Every message has been answered/)).toBeInTheDocument();
    expect(screen.getByText(/No batch expires within 60 days/)).toBeInTheDocument();
  });

  it('lists expired batches to dispose of before those expiring within the window', async () => {
    backend({
      batches: {
        ...calmBatches,
        expiring: [batch(1, 'AB-102', '2026-12-20', 22)],
        expiring_total: 1,
        awaiting_disposal: [batch(2, 'OLD-7', '2026-11-01', -27)],
        awaiting_disposal_total: 1,
        undated_total: 3,
      },
    });
    renderWithApp(<DashboardScreen />, { route: '/admin' });
    const list = await screen.findByRole('list', { name: 'Batches to see to' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Batch OLD-7 · expired 2026-11-01');
    expect(rows[1]).toHaveTextContent('Batch AB-102 · expires 2026-12-20');
    expect(rows[1]).toHaveTextContent('22 days left');
    expect(screen.getByRole('link', { name: /Undated, to date\s*3/ })).toHaveAttribute('href', '/admin/expiry');
  });
});

describe('the month’s reports on the dashboard', () => {
  const totals = { invoices: 3, credit_notes: 1, units: 3, before_gst: 2570.52, gst: 407.48, after_gst: 2978 };
  const reports = () =>
    mockApi({
      'GET /api/admin/dashboard': () => ({
        orders: { today: { orders: 0, sales: 0, cancelled: 0 }, month: { orders: 0, sales: 0, cancelled: 0 }, waiting: { to_confirm: 0, awaiting_payment: 0, to_ship: 0 }, latest_order_id: null },
        low_stock: [lowStock(1)],
        low_stock_total: 1,
        open_messages: 2,
        batches: calmBatches,
      }),
      'GET /api/admin/reports/sales': () => ({
        range: { from: '2026-11-01', to: '2026-11-30' },
        grain: 'day',
        totals,
        rows: [
          { first_day: '2026-11-02', last_day: '2026-11-02', invoices: 0, credit_notes: 0, units: 0, before_gst: 0, gst: 0, after_gst: 0 },
          { first_day: '2026-11-03', last_day: '2026-11-03', invoices: 1, credit_notes: 0, units: 1, before_gst: 1083.9, gst: 195.1, after_gst: 1279 },
        ],
      }),
      'GET /api/admin/reports/products': () => ({
        range: { from: '2026-11-01', to: '2026-11-30' },
        totals,
        rows: [],
        best_sellers: [{ product_id: 5, product_name: 'Neem Cake 5 kg', ...totals, units: 2 }],
      }),
      'GET /api/admin/reports/categories': () => ({ range: { from: '2026-11-01', to: '2026-11-30' }, totals, rows: [{ category: null, ...totals }] }),
      'GET /api/admin/reports/waiting': () => ({ orders: 0, value: 0, rows: [] }),
    });

  it('puts the totals first, lists only the days that sold, and offers each report as CSV', async () => {
    reports();
    renderWithApp(<DashboardScreen />, { route: '/admin' });
    expect(await screen.findByTestId('sales-after-gst')).toHaveTextContent('₹2,978.00');
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('Before GST₹2,570.52GST₹407.48');
    const byDay = screen.getByRole('region', { name: 'By day' });
    expect(within(byDay).getAllByRole('listitem')).toHaveLength(1);
    expect(byDay).toHaveTextContent('3 Nov 2026');
    expect(within(byDay).getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/reports/sales.csv?grain=day');
    expect(await screen.findByText('Neem Cake 5 kg')).toBeInTheDocument();
    expect(await screen.findByText('In no category')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Messages' })).toBeInTheDocument();
  });

  it('shows an accountant the books without the inbox or the stock', async () => {
    reports();
    // The back office knows who is signed in before it draws a screen (AdminApp).
    const queryClient = testQueryClient();
    queryClient.setQueryData(['user'], { ...admin, role: 'accountant' });
    renderWithApp(<DashboardScreen />, { route: '/admin', queryClient });
    expect(await screen.findByTestId('sales-after-gst')).toBeInTheDocument();
    await screen.findByText('Neem Cake 5 kg');
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Low stock' })).toBeNull();
  });
});
