import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShipManyPanel } from '@/features/admin-orders/components/ShipManyPanel';
import { mockApi } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const NUMBERS = ['ORD-2026-000002', 'ORD-2026-000003'];

afterEach(() => vi.unstubAllGlobals());

describe('shipping several orders at once', () => {
  it('asks every parcel for its tracking number, then says which shipped and why one did not', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=token';
        return new Response(null, { status: 204 });
      },
      'POST /api/admin/orders/moves': ({ body }) => {
        sent.push(body);
        return {
          moved: 1,
          refused: 1,
          results: [
            { number: NUMBERS[0], moved: true, status: 'shipped', message: null, field: null },
            { number: NUMBERS[1], moved: false, status: null, message: 'An order that is awaiting payment cannot become shipped.', field: null },
          ],
        };
      },
    });
    const done = vi.fn();
    renderWithApp(<ShipManyPanel numbers={NUMBERS} onDone={done} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Carrier'), 'India Post');
    await user.type(screen.getByLabelText(`Tracking number for ${NUMBERS[0]}`), 'EK 1 IN');
    await user.click(screen.getByRole('button', { name: 'Ship 2 orders' }));
    expect(await screen.findByText('Enter the tracking number.')).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText(`Tracking number for ${NUMBERS[1]}`), 'EK2IN');
    await user.click(screen.getByRole('button', { name: 'Ship 2 orders' }));
    expect(await screen.findByText('1 shipped, 1 not shipped')).toBeVisible();
    expect(screen.getByTestId(`ship-result-${NUMBERS[1]}`)).toHaveTextContent('Not shipped: An order that is awaiting payment cannot become shipped.');
    expect(screen.getByTestId(`ship-result-${NUMBERS[0]}`)).toHaveTextContent('Shipped');
    expect(sent).toEqual([
      {
        status: 'shipped',
        carrier: 'India Post',
        orders: [
          { number: NUMBERS[0], tracking_number: 'EK1IN' },
          { number: NUMBERS[1], tracking_number: 'EK2IN' },
        ],
      },
    ]);
    expect(done).toHaveBeenCalledOnce();
  });
});
