import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OrderScreen from '@/features/admin-orders/screens/OrderScreen';
import { json, mockApi } from '@/testing/api-mock';
import { order } from '@/testing/orders';
import { renderWithApp } from '@/testing/render';
import type { StaffOrder } from '@/types/orders-desk';

const NUMBER = 'ORD-2026-000042';
const PLACED_ON_WHATSAPP = 'https://wa.me/919847012345?text=%E0%B4%A8%E0%B4%AE%E0%B4%B8%E0%B5%8D%E0%B4%95%E0%B4%BE%E0%B4%B0%E0%B4%82';

function staffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    ...order({ number: NUMBER, status: 'confirmed' }),
    cancel_reason: null,
    next_statuses: ['shipped', 'cancelled'],
    paid: 0,
    refunded: 0,
    can_record_payment: true,
    can_refund: false,
    refund_owed: 0,
    can_return: false,
    last_day_to_credit: null,
    staff_notes: [],
    payments: [],
    timeline: [
      { at: '2026-11-22T09:30:12', kind: 'status', actor: null, status: 'placed', detail: null, note: null, amount: null, message: null, send_on_whatsapp: PLACED_ON_WHATSAPP },
      {
        at: '2026-11-22T09:30:12',
        kind: 'message',
        actor: null,
        status: null,
        detail: null,
        note: null,
        amount: null,
        send_on_whatsapp: null,
        message: { id: 7, channel: 'whatsapp', mail: false, to: '+919847012345', what: 'order_placed', state: 'failed', reason: '131026 Message undeliverable', queued_at: '2026-11-22T09:30:12', state_at: '2026-11-22T09:31:00' },
      },
      { at: '2026-11-22T10:00:00', kind: 'status', actor: 'Shop Owner', status: 'confirmed', detail: null, note: 'Called the customer', amount: null, message: null, send_on_whatsapp: null },
    ],
    reach: { email: true, phone_channel: 'none', phone_consent: false },
    ...overrides,
  };
}

function backend(current = staffOrder(), more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...more,
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token';
      return new Response(null, { status: 204 });
    },
    [`GET /api/admin/orders/${NUMBER}`]: () => current,
    [`POST /api/admin/orders/${NUMBER}/status`]: ({ body }) => {
      const { carrier, tracking_number } = body as { carrier: string; tracking_number: string };
      return staffOrder({ status: 'shipped', carrier, tracking_number, next_statuses: ['delivered'] });
    },
  });
}

const renderScreen = () => renderWithApp(<OrderScreen />, { route: `/admin/orders/${NUMBER}`, path: '/admin/orders/:number' });

afterEach(() => vi.unstubAllGlobals());

describe('an order at the desk', () => {
  it('offers only the moves its status allows, and the timeline says who made each', async () => {
    backend();
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: `Order ${NUMBER}` });
    expect(screen.getByRole('button', { name: 'Ship' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    const timeline = screen.getByTestId('order-timeline');
    expect(timeline).toHaveTextContent('Placed');
    expect(timeline).toHaveTextContent('the customer');
    expect(timeline).toHaveTextContent('Shop Owner');
    expect(timeline).toHaveTextContent('“Called the customer”');
  });

  it('does not ship without a carrier and a tracking number, then sends them', async () => {
    const api = backend();
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const form = screen.getByRole('form', { name: 'Ship' });
    await userEvent.click(within(form).getByRole('button', { name: 'Ship and e-mail the customer' }));
    expect(within(form).getByText('Who carries the parcel?')).toBeInTheDocument();
    expect(api.callsTo(`/api/admin/orders/${NUMBER}/status`)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Carrier'), 'India Post');
    await userEvent.type(within(form).getByLabelText('Tracking number'), 'EK123456789IN');
    await userEvent.type(within(form).getByLabelText(/E-way bill number/), '3310 0012 3456');
    await userEvent.click(within(form).getByRole('button', { name: 'Ship and e-mail the customer' }));
    await screen.findByTestId('shipment');
    expect(screen.getByTestId('shipment')).toHaveTextContent('India Post, tracking number EK123456789IN');
    const [sent] = api.callsTo(`/api/admin/orders/${NUMBER}/status`);
    expect(sent?.body).toEqual({ status: 'shipped', carrier: 'India Post', tracking_number: 'EK123456789IN', eway_bill_number: '331000123456', reason: null, note: null });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument());
  });

  it('shows each message sent with how far it got, a refusal in red, and a Send on WhatsApp link', async () => {
    backend();
    renderScreen();
    const timeline = await screen.findByTestId('order-timeline');
    expect(timeline).toHaveTextContent('WhatsApp to +919847012345: Order placed');
    const reason = within(timeline).getByText('131026 Message undeliverable');
    expect(reason).toHaveClass('text-red-800');
    expect(within(timeline).getByText('Failed')).toHaveClass('bg-red-100');
    expect(within(timeline).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute('href', PLACED_ON_WHATSAPP);
  });

  it('says no one is told when there is no e-mail and no phone channel', async () => {
    backend(staffOrder({ reach: { email: false, phone_channel: 'none', phone_consent: false } }));
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const form = screen.getByRole('form', { name: 'Ship' });
    expect(within(form).getByRole('button', { name: 'Ship' })).toBeInTheDocument();
    expect(within(form).getByTestId('move-reach')).toHaveTextContent('No e-mail or phone channel: send it yourself');
  });

  it('links to a call and a WhatsApp chat with the customer, and to the papers', async () => {
    backend();
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: `Order ${NUMBER}` });
    const phone = order().contact.phone.replace(/\D/g, '');
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', `https://wa.me/${phone}`);
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:+${phone}`);
    expect(screen.getByRole('link', { name: 'Packing slip' })).toHaveAttribute('href', `/admin/orders/${NUMBER}/packing-slip`);
    expect(screen.getByRole('form', { name: 'Mark the cash collected' })).toBeInTheDocument();
  });

  it('takes goods back with the panel, shows the server’s refusal beside the line, then the return and its credit note', async () => {
    const delivered = staffOrder({ status: 'delivered', next_statuses: [], can_record_payment: false, paid: 1384.21, can_return: true });
    let attempts = 0;
    const api = backend(delivered, {
      [`POST /api/admin/orders/${NUMBER}/returns`]: () => {
        attempts += 1;
        if (attempts === 1) return json({ message: 'Check the lines.', errors: { 'lines.0.quantity': ['Only 1 of this line is left to come back.'] } }, { status: 422 });
        const back = { id: 3, date: '2026-11-26', reason: 'Torn bag', refund_delivery: true, value: 113.31, credit_notes: ['WRCN/26-27/00009'], lines: [{ position: 1, quantity: 1, restocked: false, supply_kind: 'taxable' as const, taxable_value: 100.19, cgst: 2.51, sgst: 2.51, igst: 0, total: 105.21, shipping: { total: 8.1, taxable: 7.72, cgst: 0.19, sgst: 0.19, igst: 0 } }] };
        const after = staffOrder({
          ...delivered,
          lines: delivered.lines.map((line) => (line.position === 1 ? { ...line, returned: 1 } : line)),
          returns: [back],
          credit_notes: [{ number: 'WRCN/26-27/00009', date: '2026-11-26', reason: 'Torn bag', against: 'WR/26-27/000042', return_id: 3 }],
          can_refund: true,
          refund_owed: 113.31,
          last_day_to_credit: '2027-11-30',
        });
        return json({ ...after, return: back, last_day_to_credit: '2027-11-30' }, { status: 201 });
      },
    });
    renderScreen();
    const form = await screen.findByRole('form', { name: 'Take back goods' });
    const panel = within(form);
    expect(panel.getAllByTestId('return-line')).toHaveLength(2);
    await userEvent.click(panel.getByRole('button', { name: 'Take back' }));
    expect(await panel.findByText('Say how many came back of at least one line.')).toBeInTheDocument();
    expect(panel.getByText('Give the reason.')).toBeInTheDocument();

    const [, neem] = panel.getAllByTestId('return-line') as [HTMLElement, HTMLElement];
    await userEvent.clear(within(neem).getByRole('spinbutton'));
    await userEvent.type(within(neem).getByRole('spinbutton'), '1');
    await userEvent.click(within(neem).getByRole('checkbox', { name: 'Back on the shelf' }));
    await userEvent.click(panel.getByRole('checkbox', { name: 'Refund the delivery share' }));
    await userEvent.type(panel.getByRole('textbox', { name: /Reason/ }), 'Torn bag');
    await userEvent.click(panel.getByRole('button', { name: 'Take back' }));
    expect(await within(neem).findByText('Only 1 of this line is left to come back.')).toBeInTheDocument();
    expect(api.callsTo(`/api/admin/orders/${NUMBER}/returns`)[0]?.body).toEqual({ lines: [{ position: 1, quantity: 1, restock: false }], refund_delivery: true, reason: 'Torn bag' });

    await userEvent.click(panel.getByRole('button', { name: 'Take back' }));
    const returns = await screen.findByTestId('returns');
    expect(returns).toHaveTextContent('1 × Neem Cake Powder · not restocked');
    expect(within(returns).getByTestId('return-credit')).toHaveTextContent('Credit notes: WRCN/26-27/00009');
    expect(screen.getByRole('link', { name: 'Credit note WRCN/26-27/00009' })).toHaveAttribute('href', `/admin/orders/${NUMBER}/credit-note#credit-note-WRCN/26-27/00009`);
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('113.31');
  });

  it('says a return past the s. 34(2) time limit has no credit note', async () => {
    const back = { id: 3, date: '2027-12-02', reason: 'Late', refund_delivery: false, value: 105.21, credit_notes: [], lines: [{ position: 1, quantity: 1, restocked: true, supply_kind: 'taxable' as const, taxable_value: 100.19, cgst: 2.51, sgst: 2.5, igst: 0, total: 105.21, shipping: { total: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 } }] };
    backend(staffOrder({ status: 'delivered', next_statuses: [], returns: [back] }));
    renderScreen();
    expect(await screen.findByTestId('return-credit')).toHaveTextContent('No credit note: past the time limit (CGST Act s. 34(2)).');
  });
});
