import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { cartLine, order, savedAddress, shopWithPayment, states } from '@/testing/orders';
import { renderWithApp } from '@/testing/render';
import type { CartLine } from '@/types/api';
import { CheckoutScreen, type CheckoutScreenProps } from '@/features/checkout/screens/CheckoutScreen';

type Routes = Parameters<typeof mockApi>[0];

// ₹1,180 at 18 % (tax ₹180.00) and ₹105.21 at 5 % (tax ₹5.01): ₹1,285.21, below the ₹2,000
// free-shipping line.
const twoLines = [cartLine(1, 1180, 1, 0.18, 'Cardamom Booster'), cartLine(2, 105.21, 1, 0.05, 'Neem Cake Powder')];

/** India Post's directory for 685515 (Kattappana), and a zone of ₹99 to 10 kg, free from ₹2,000. */
const kattappana = { pin: '685515', district: 'Idukki', state: 'Kerala', state_code: '32' };
const zone = {
  ...kattappana,
  served: true,
  days: { min: 1, max: 2 },
  rate: { bands: [{ up_to_grams: 10000, fee: 99 }], further: { grams: 10000, fee: 50 }, free_above: 2000 },
  parcel: null,
};

function setup(lines: CartLine[] | undefined = twoLines, routes: Routes = {}, props: Partial<CheckoutScreenProps> = {}) {
  const api = mockApi({
    'GET /api/shop': () => shopWithPayment,
    'GET /api/states': () => states,
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, { status: 401 }),
    'GET /api/pincodes/685515': () => kattappana,
    'GET /api/delivery': () => zone,
    ...routes,
  });
  const onPlaced = vi.fn();
  const onCartOutdated = vi.fn();
  const user = userEvent.setup();
  renderWithApp(<CheckoutScreen lines={lines} onPlaced={onPlaced} onCartOutdated={onCartOutdated} {...props} />);
  return { api, user, onPlaced, onCartOutdated };
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

/** Waits for the (lazy) phone input, then types a number into it. */
async function typePhone(user: ReturnType<typeof userEvent.setup>, id: string, digits: string) {
  await waitFor(() => expect(field(id)).not.toBeDisabled());
  await user.clear(field(id));
  await user.type(field(id), digits);
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, state = 'Kerala') {
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await user.type(field('contact.name'), 'Anil Kumar');
  await user.type(field('contact.email'), 'anil@example.test');
  await typePhone(user, 'contact.phone', '9847012345');
  await user.click(screen.getByRole('button', { name: 'Use my name and number' }));
  expect(field('shipping_address.name')).toHaveValue('Anil Kumar');
  await user.type(field('shipping_address.line1'), 'Green Valley Estate');
  await waitFor(() => expect(within(field('shipping_address.state')).getByRole('option', { name: state })).toBeInTheDocument());
  await user.type(field('shipping_address.pincode'), '685515');
  // The PIN code fills the district and state.
  await waitFor(() => expect(field('shipping_address.district')).toHaveValue('Idukki'));
  expect(field('shipping_address.state')).toHaveValue('Kerala');
  await user.type(field('shipping_address.city'), 'Kattappana');
  await user.selectOptions(field('shipping_address.state'), state);
}

const placeOrder = () => screen.getByRole('button', { name: /Place order|Placing your order/ });
const keysOf = (calls: MockCall[]) => calls.map((call) => call.headers.get('Idempotency-Key'));

describe('the checkout summary', { timeout: 20_000 }, () => {
  it('splits GST into CGST and SGST for a delivery in the shop’s state, and shows IGST for another state', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    // Before a state is chosen the tax shows whole.
    expect(await screen.findByTestId('summary-gst')).toHaveTextContent('₹185.01');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('₹1,100.20');

    await waitFor(() => expect(within(field('shipping_address.state')).getByRole('option', { name: 'Kerala' })).toBeInTheDocument());
    await user.selectOptions(field('shipping_address.state'), 'Kerala');
    // Per line, each half at half the rate: ₹90.00 + ₹90.00; ₹2.505 → ₹2.51 + ₹2.51 (always equal).
    expect(screen.getByTestId('summary-cgst')).toHaveTextContent('₹92.51');
    expect(screen.getByTestId('summary-sgst')).toHaveTextContent('₹92.51');
    expect(screen.queryByTestId('summary-igst')).not.toBeInTheDocument();

    await user.selectOptions(field('shipping_address.state'), 'Tamil Nadu');
    expect(screen.getByTestId('summary-igst')).toHaveTextContent('₹185.01');
    expect(screen.queryByTestId('summary-cgst')).not.toBeInTheDocument();
    expect(screen.getByText('IGST')).toBeInTheDocument();

    // A registered buyer's place of supply is the GSTIN's state, wherever the goods go.
    await user.selectOptions(field('shipping_address.state'), 'Kerala');
    await user.click(screen.getByRole('checkbox', { name: 'I need a GST invoice for my business' }));
    await user.type(screen.getByLabelText('GSTIN'), '33AAPFU0939F1Z2');
    expect(screen.getByTestId('summary-igst')).toHaveTextContent('₹185.01');
  });

  it('waits for the PIN code to price delivery', async () => {
    setup();
    expect(await screen.findByTestId('summary-shipping')).toHaveTextContent('From your PIN code');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹1,285.21');
  });

  it('fills the district and state from the PIN code, says the days, and leaves them to correct', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await waitFor(() => expect(within(field('shipping_address.state')).getByRole('option', { name: 'Kerala' })).toBeInTheDocument());
    await user.type(field('shipping_address.pincode'), '685 515');
    await waitFor(() => expect(field('shipping_address.district')).toHaveValue('Idukki'));
    expect(field('shipping_address.state')).toHaveValue('Kerala');
    expect(field('shipping_address.pincode')).toHaveAccessibleDescription('In Idukki, Kerala');
    expect(await screen.findByTestId('delivery-note')).toHaveTextContent('We deliver here in 1–2 days.');
    await user.clear(field('shipping_address.district'));
    await user.type(field('shipping_address.district'), 'Idukki East');
    expect(field('shipping_address.district')).toHaveValue('Idukki East');
  });

  it('says when the shop does not deliver to the PIN code', async () => {
    const { user } = setup(twoLines, {
      'GET /api/pincodes/744101': () => ({ pin: '744101', district: 'South Andamans', state: 'Andaman and Nicobar Islands', state_code: '35' }),
      'GET /api/delivery': () => ({ pin: '744101', district: 'South Andamans', state: 'Andaman and Nicobar Islands', state_code: '35', served: false, days: null, rate: null, parcel: null }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await user.type(field('shipping_address.pincode'), '744101');
    expect(await screen.findByTestId('delivery-note')).toHaveTextContent('Sorry, we do not deliver to PIN code 744101.');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('From your PIN code');
  });

  it('asks for the district and state of a PIN code the directory does not know', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await user.type(field('shipping_address.pincode'), '999999');
    await waitFor(() =>
      expect(field('shipping_address.pincode')).toHaveAccessibleDescription('We don’t know this PIN code: please fill in the district and state.'),
    );
    expect(field('shipping_address.district')).toHaveValue('');
  });

  it('charges the zone’s fee for the weight below its free-delivery amount and says how much is missing', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await user.type(field('shipping_address.pincode'), '685515');
    await waitFor(() => expect(screen.getByTestId('summary-shipping')).toHaveTextContent('₹99.00'));
    // The fee is taxed as part of the supply, each share as a line within the state: ₹90.90 at 18 % (₹6.93 + ₹6.93), ₹8.10 at 5 % (₹0.19 + ₹0.19).
    expect(screen.getByTestId('summary-shipping-gst')).toHaveTextContent('incl. GST ₹14.24');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹1,384.21');
    expect(screen.getByText(/Add ₹714.79 more for free shipping/)).toBeInTheDocument();
  });

  it('ships free from the threshold up', async () => {
    const { user } = setup([cartLine(1, 1000, 2, 0.18)]);
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await user.type(field('shipping_address.pincode'), '685515');
    await waitFor(() => expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Free'));
    expect(screen.queryByTestId('summary-shipping-gst')).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹2,000.00');
    expect(screen.queryByText(/more for free shipping/)).not.toBeInTheDocument();
  });

  it('sends an empty cart back to shopping', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });
});

// Filling the form loads the phone input's chunk and types a good deal: slower than most tests.
describe('placing the order', { timeout: 20_000 }, () => {
  it('posts the form once with an Idempotency-Key and hands back the placed order', async () => {
    withSession();
    const placed = order();
    const { api, user, onPlaced } = setup(twoLines, { 'POST /api/checkout': () => json(placed, { status: 201, headers: { 'Idempotent-Replayed': 'false' } }) });
    await fillValidForm(user);
    await user.dblClick(placeOrder());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    const calls = api.callsTo('/api/checkout');
    expect(calls).toHaveLength(1);
    expect(keysOf(calls)[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]?.body).toEqual({
      contact: { name: 'Anil Kumar', email: 'anil@example.test', phone: '+919847012345' },
      shipping_address: {
        name: 'Anil Kumar',
        phone: '+919847012345',
        line1: 'Green Valley Estate',
        line2: null,
        city: 'Kattappana',
        district: 'Idukki',
        state: 'Kerala',
        pincode: '685515',
      },
      billing_address: null,
      gstin: null,
      business_name: null,
      notes: null,
      payment_method: 'cod',
      // The box was shown and left unticked: a no.
      order_updates_on_phone: false,
    });
  });

  it('sends a yes to order updates on the phone only when the box is ticked, with the notice beside it', async () => {
    withSession();
    const placed = order();
    const { api, user, onPlaced } = setup(twoLines, { 'POST /api/checkout': () => json(placed, { status: 201 }) });
    await fillValidForm(user);
    const box = screen.getByRole('checkbox', { name: 'Send me order updates on WhatsApp/SMS' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/Only news about your orders/);
    await user.click(screen.getByText('How we use your number'));
    const notice = screen.getByTestId('privacy-notice');
    expect(notice).toHaveTextContent('We keep your phone number, your address and your orders');
    expect(notice).toHaveTextContent('Codes to log in are always sent');
    expect(notice).toHaveTextContent('reply STOP');
    expect(notice).toHaveTextContent('Leela Varghese, privacy@shop.test, +91 90000 00003');
    await user.click(box);
    await user.click(placeOrder());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    expect(api.callsTo('/api/checkout')[0]?.body).toMatchObject({ order_updates_on_phone: true });
  });

  it('keeps the key when the same order is sent again after a failure, and renews it once the form changes', async () => {
    withSession();
    const answers = [json({ message: 'Server Error' }, { status: 503 }), json({ message: 'Server Error' }, { status: 503 }), json(order(), { status: 201 })];
    const { api, user, onPlaced } = setup(twoLines, { 'POST /api/checkout': () => answers.shift() });
    await fillValidForm(user);

    await user.click(placeOrder());
    expect(await screen.findByText(/Something went wrong on our side/)).toBeInTheDocument();
    await user.click(placeOrder()); // a retry of the same order
    await waitFor(() => expect(api.callsTo('/api/checkout')).toHaveLength(2));
    await screen.findByText(/Something went wrong on our side/);
    let keys = keysOf(api.callsTo('/api/checkout'));
    expect(keys[1]).toBe(keys[0]);

    await user.type(field('notes'), 'Call before coming'); // now a different order
    await user.click(placeOrder());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    keys = keysOf(api.callsTo('/api/checkout'));
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    expect(api.callsTo('/api/checkout')[2]?.body).toMatchObject({ notes: 'Call before coming' });
  });

  it('retries a request lost on the network by itself, with the same key', async () => {
    withSession();
    let attempts = 0;
    const { api, user, onPlaced } = setup(twoLines, {
      'POST /api/checkout': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return json(order(), { status: 201, headers: { 'Idempotent-Replayed': 'true' } });
      },
    });
    await fillValidForm(user);
    await user.click(placeOrder());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled(), { timeout: 4000 });
    const keys = keysOf(api.callsTo('/api/checkout'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('lists each line short of stock with what is left (409)', async () => {
    withSession();
    const { user, onCartOutdated, onPlaced } = setup(twoLines, {
      'POST /api/checkout': () =>
        json(
          {
            message: 'Some items are no longer available in the quantity you chose.',
            lines: [
              { product_id: 1, variant_id: 10, name: 'Cardamom Booster', requested: 3, available: 1 },
              { product_id: 2, variant_id: 20, name: 'Neem Cake Powder', requested: 2, available: 0 },
            ],
          },
          { status: 409 },
        ),
    });
    await fillValidForm(user);
    await user.click(placeOrder());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Some items are no longer available in the quantity you chose.');
    expect(within(alert).getByText('Cardamom Booster: you asked for 3; only 1 is left.')).toBeInTheDocument();
    expect(within(alert).getByText('Neem Cake Powder: you asked for 2; none are left.')).toBeInTheDocument();
    expect(onCartOutdated).toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();
    expect(placeOrder()).toBeEnabled();
  });

  it('shows the server’s field errors beside their fields, and the rest in the message (422)', async () => {
    withSession();
    const { user } = setup(twoLines, {
      'POST /api/checkout': () =>
        json(
          {
            message: 'The email must be a valid email address. (and 2 more errors)',
            errors: {
              'contact.email': ['The email must be a valid email address.'],
              'shipping_address.pincode': ['The PIN code must be 6 digits and not start with 0.'],
              cart: ['Your cart is empty.'],
            },
          },
          { status: 422 },
        ),
    });
    await fillValidForm(user);
    await user.click(placeOrder());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please correct the 2 fields marked below.');
    expect(alert).toHaveTextContent('Your cart is empty.');
    expect(field('contact.email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('contact.email')).toHaveAccessibleDescription(/The email must be a valid email address\./);
    expect(field('shipping_address.pincode')).toHaveAccessibleDescription(/The PIN code must be 6 digits and not start with 0\./);
    // The first field to correct takes the focus; editing it clears its message.
    expect(field('contact.email')).toHaveFocus();
    await user.type(field('contact.email'), 'x');
    expect(field('contact.email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('checks the form before sending anything', async () => {
    withSession();
    const { api, user } = setup(twoLines, { 'POST /api/checkout': () => json(order(), { status: 201 }) });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await user.type(field('shipping_address.pincode'), '085515');
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(/Please correct the \d+ fields marked below/);
    expect(field('shipping_address.pincode')).toHaveAccessibleDescription('Enter a 6-digit PIN code that does not start with 0.');
    expect(field('contact.name')).toHaveAccessibleDescription('Enter a name.');
    expect(field('contact.name')).toHaveFocus();
    expect(api.callsTo('/api/checkout')).toHaveLength(0);
  });

  it('asks for a GSTIN and business name when a GST invoice is wanted, and sends them', async () => {
    withSession();
    const { api, user } = setup(twoLines, { 'POST /api/checkout': () => json(order(), { status: 201 }) });
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I need a GST invoice for my business' }));
    await user.click(placeOrder());
    expect(field('gstin')).toHaveAccessibleDescription(/Enter a 15-character GSTIN/);
    expect(field('business_name')).toHaveAccessibleDescription('Enter the business name for the GST invoice.');
    await user.type(field('gstin'), '32abcde1234f1z5');
    await user.type(field('business_name'), 'Green Valley Estates');
    await user.click(screen.getByRole('radio', { name: /Bank transfer/ }));
    await user.click(placeOrder());
    await waitFor(() => expect(api.callsTo('/api/checkout')).toHaveLength(1));
    expect(api.callsTo('/api/checkout')[0]?.body).toMatchObject({ gstin: '32ABCDE1234F1Z5', business_name: 'Green Valley Estates', payment_method: 'bank_transfer' });
  });
});

describe('a signed-in shopper', { timeout: 20_000 }, () => {
  it('finds their details and default address filled in', async () => {
    withSession();
    setup(twoLines, {
      'GET /api/user': () => ({ id: 3, name: 'Anil Kumar', email: 'anil@example.test', phone: '+919847012345', email_verified_at: null, role: 'customer', created_at: '2026-01-01T00:00:00' }),
      'GET /api/addresses': () => ({ data: [savedAddress, { ...savedAddress, id: 8, label: null, is_default: false, city: 'Kumily', state: 'Kerala' }] }),
    });
    await waitFor(() => expect(field('contact.name')).toHaveValue('Anil Kumar'));
    expect(field('contact.email')).toHaveValue('anil@example.test');
    await waitFor(() => expect(field('shipping_address.line1')).toHaveValue('Green Valley Estate, Puliyanmala'));
    expect(field('shipping_address.state')).toHaveValue('Kerala');
    expect(screen.getByRole('radio', { name: /^Estate/ })).toBeChecked();
    // A saved address needs no saving; a new one may be saved.
    expect(screen.queryByRole('checkbox', { name: 'Save this address to my account' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(field('shipping_address.city'));
    await user.type(field('shipping_address.city'), 'Vandanmedu');
    expect(screen.getByRole('checkbox', { name: 'Save this address to my account' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-cgst')).toHaveTextContent('₹92.51');
  });
});
