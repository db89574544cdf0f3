import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MessageScreen from '@/features/admin-messages/screens/MessageScreen';
import { mockApi, withSession } from '@/testing/api-mock';
import { shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

const waiting = {
  id: 5,
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  phone: '+919447022222',
  subject: 'Drip kit',
  message: 'Please call me about a drip kit.\nWe have 2 acres.',
  created_at: '2026-11-22T04:00:00',
  handled_at: null,
  handled_by_name: null,
};

function backend() {
  withSession();
  let current: typeof waiting | (Omit<typeof waiting, 'handled_at' | 'handled_by_name'> & { handled_at: string; handled_by_name: string }) = waiting;
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/admin/messages/5': () => current,
    'PUT /api/admin/messages/5/handled': ({ body }) => {
      const { handled } = body as { handled: boolean };
      current = handled ? { ...waiting, handled_at: '2026-11-22T05:00:00', handled_by_name: 'Asha Menon' } : waiting;
      return current;
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('a contact message', () => {
  it('offers ways to answer and is marked handled by whoever presses the button', async () => {
    const api = backend();
    renderWithApp(<MessageScreen />, { route: '/admin/messages/5', path: '/admin/messages/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Drip kit' })).toBeInTheDocument();
    expect(screen.getByText('+91 94470 22222')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/919447022222');
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+919447022222');
    expect(screen.getByText('Waiting for an answer.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText(/^Handled by Asha Menon on/)).toBeInTheDocument();
    expect(api.callsTo('/api/admin/messages/5/handled')[0]?.body).toEqual({ handled: true });

    await userEvent.click(screen.getByRole('button', { name: 'Mark as not handled' }));
    await waitFor(() => expect(screen.getByText('Waiting for an answer.')).toBeInTheDocument());
    expect(api.callsTo('/api/admin/messages/5/handled')[1]?.body).toEqual({ handled: false });
  });
});
