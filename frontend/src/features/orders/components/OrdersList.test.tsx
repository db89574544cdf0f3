import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, withSession } from '@/testing/api-mock';
import { orderSummary } from '@/testing/orders';
import { renderWithApp } from '@/testing/render';
import { OrdersList } from '@/features/orders/components/OrdersList';

describe('the list of orders', () => {
  it('lists the orders newest first, each linking to its page, a page at a time', async () => {
    withSession();
    const api = mockApi({
      'GET /api/orders': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? { data: [orderSummary(1)], total: 3, page: 2, per_page: 2, has_more: false }
          : { data: [orderSummary(3), orderSummary(2)], total: 3, page: 1, per_page: 2, has_more: true },
    });
    renderWithApp(<OrdersList />);
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', `/view-order/${orderSummary(3).uuid}`);
    expect(links[0]).toHaveTextContent('ORD-2026-000003');
    expect(links[0]).toHaveTextContent('Order placed');
    expect(links[0]).toHaveTextContent('20 Nov 2026 · 3 items');
    expect(links[0]).toHaveTextContent('₹300.00');
    expect(links[1]).toHaveTextContent('Delivered');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('ORD-2026-000001')).toBeInTheDocument();
    expect(api.callsTo('/api/orders').map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText('3 orders')).toBeInTheDocument();
  });

  it('invites a shopper with no orders to start shopping', async () => {
    withSession();
    mockApi({ 'GET /api/orders': () => ({ data: [], total: 0, page: 1, per_page: 10, has_more: false }) });
    renderWithApp(<OrdersList />);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  });
});
