import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, notFound } from '@/testing/api-mock';
import { order, shopWithPayment, states } from '@/testing/orders';
import { renderWithApp } from '@/testing/render';
import ViewOrderRoute from '@/app/routes/view-order';

const uuid = order().uuid;

function open(route: string) {
  const api = mockApi({
    'GET /api/shop': () => shopWithPayment,
    'GET /api/states': () => states,
    // The order opens only with the key its message carried.
    [`GET /api/orders/${uuid}`]: (call) => (call.url.searchParams.get('key') === '1800000000.ab12' ? order() : notFound()),
  });
  renderWithApp(<ViewOrderRoute />, { route, path: '/view-order/:uuid' });
  return api;
}

describe('the order page opened from a message', () => {
  it('passes the link’s key to the API, which opens the order without signing in', async () => {
    const api = open(`/view-order/${uuid}?key=1800000000.ab12`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-2026-000042' })).toBeInTheDocument();
    const calls = api.callsTo(`/api/orders/${uuid}`);
    expect(calls.map((call) => call.url.search)).toEqual(['?key=1800000000.ab12']);
  });

  it('asks without a key when the address has none', async () => {
    const api = open(`/view-order/${uuid}`);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(api.callsTo(`/api/orders/${uuid}`).map((call) => call.url.search)).toEqual(['']);
  });
});
