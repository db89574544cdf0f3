import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { userQuery } from '@/lib/queries/user';
import { issueToken, json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { cartLine, cartOf, customer, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { UserScreen } from '@/features/account/screens/UserScreen';

type Handler = (call: MockCall) => unknown;

function backend(routes: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/csrf-cookie': issueToken,
    'GET /api/user': () => customer,
    'GET /api/cart': () => cartOf(cartLine()),
    ...routes,
  });
}

const location = () => screen.getByTestId('location').textContent;
const orders = <p>The orders list</p>;

describe('User area', { timeout: 20_000 }, () => {
  beforeEach(withSession);

  it('sends a signed-out shopper to sign in, coming back here afterwards', async () => {
    backend({ 'GET /api/user': () => json({ message: 'Unauthenticated.' }, { status: 401 }) });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    await waitFor(() => expect(location()).toBe('/sign-in?next=%2Fuser'));
  });

  it('shows the account’s details, orders and, while unverified, the verification banner', async () => {
    backend();
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByText('Hello, Anil Kumar')).toBeInTheDocument();
    expect(screen.getByText('The orders list')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Your details' });
    expect(within(details).getByText('+91 98470 12345')).toBeInTheDocument();
    expect(within(details).getByText('15 January 2026')).toBeInTheDocument();
    // The number and the address are each marked.
    expect(within(details).getAllByText('Not verified')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Please verify your e-mail address' })).toHaveTextContent('Open the link we sent to anil@example.test');
    await waitFor(() => expect(document.title).toBe('Your account | Test Agri Inputs'));
  });

  it('hides the banner once the address is verified', async () => {
    backend({ 'GET /api/user': () => ({ ...customer, email_verified_at: '2026-02-01T10:00:00', phone_verified_at: '2026-02-01T10:00:00' }) });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    expect(await screen.findAllByText('Verified')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Please verify your mobile number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Please verify your e-mail address' })).not.toBeInTheDocument();
  });

  it('sends a new verification link with a toast, and shows a 429’s message', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = () => json({ message: 'A new verification link has been sent to your e-mail address.' });
    const api = backend({ 'POST /api/email/verification-notification': () => answer() });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new verification link has been sent to your e-mail address.')).toBeInTheDocument();
    expect(api.callsTo('/api/email/verification-notification')).toHaveLength(1);
    answer = () => json({ message: 'Too many attempts. Please try again in 300 seconds.' }, { status: 429, headers: { 'Retry-After': '300' } });
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    const toast = await screen.findByText('Too many attempts. Please try again in 300 seconds.');
    expect(toast.closest('[role=alert]')).toHaveTextContent('The link was not sent');
  });

  it('edits the details; a new address asks for the current password', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = { ...customer, name: 'Anil K', email: 'new@example.test' };
    const api = backend({
      'PUT /api/user': ({ body }) =>
        (body as { current_password?: string }).current_password === 'right password'
          ? { user: saved }
          : json({ message: 'The current password is incorrect.', errors: { current_password: ['The current password is incorrect.'] } }, { status: 422 }),
    });
    const { queryClient } = renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    expect(screen.getByLabelText('Mobile number')).toHaveValue('98470 12345');
    expect(screen.queryByLabelText('Current password', { selector: '#profile-current-password' })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Anil K');
    await user.clear(screen.getByLabelText(/^E-mail address/));
    await user.type(screen.getByLabelText(/^E-mail address/), 'new@example.test');
    const password = screen.getByLabelText('Current password', { selector: '#profile-current-password' });
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining('The current password is incorrect.')));
    expect(password).toHaveFocus();
    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Open the link we sent to new@example.test to verify it.')).toBeInTheDocument();
    expect(api.callsTo('/api/user').filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      name: 'Anil K',
      phone: '+919847012345',
      locale: 'en',
      email: 'new@example.test',
      current_password: 'right password',
    });
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual(saved);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('leaves the address out when it does not change, and keeps the language chosen for mail', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'PUT /api/user': () => ({ user: { ...customer, locale: 'ta' } }) });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    expect(within(await screen.findByRole('region', { name: 'Your details' })).getByText('English')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    await user.selectOptions(screen.getByLabelText('Language of your e-mails'), 'தமிழ்');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Details saved');
    expect(api.callsTo('/api/user').find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Anil Kumar', phone: '+919847012345', locale: 'ta' });
    expect(within(screen.getByRole('region', { name: 'Your details' })).getByText('தமிழ்')).toBeInTheDocument();
  });

  it('changes the password, showing the 422 beside its field', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = () => json({ message: 'The password is too common.', errors: { password: ['The password is too common.'] } }, { status: 422 });
    backend({ 'PUT /api/user/password': () => answer() });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    const card = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(card).getByLabelText('Current password'), 'old password');
    await user.type(within(card).getByLabelText('New password'), 'password');
    await user.type(within(card).getByLabelText('Confirm password'), 'password');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(card).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true'));
    answer = () => json({ message: 'Your password has been changed.' });
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Current password')).toHaveValue('');
  });

  it('keeps the order-updates switch off until the number is verified: the choice is its owner’s', async () => {
    backend({ 'GET /api/user': () => ({ ...customer, phone_verified_at: null }) });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    const toggle = await screen.findByRole('switch', { name: 'Order updates on WhatsApp/SMS' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Verify your mobile number first/);
  });

  it('turns order updates on the phone on and off with one switch, showing what the server kept', async () => {
    const user = userEvent.setup({ delay: null });
    const proved = { ...customer, phone_verified_at: '2026-11-27T10:00:00' };
    let kept = false;
    let fail = false;
    const api = backend({
      'GET /api/user': () => ({ ...proved, order_updates_on_phone: kept }),
      'PUT /api/user/phone-updates': (call) => {
        if (fail) return json({ message: 'Server Error' }, { status: 500 });
        kept = (call.body as { order_updates_on_phone: boolean }).order_updates_on_phone;
        return { user: { ...proved, order_updates_on_phone: kept } };
      },
    });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    const toggle = await screen.findByRole('switch', { name: 'Order updates on WhatsApp/SMS' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Order updates on your phone are off\./);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByText('You will get order updates on your phone.')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo('/api/user/phone-updates').map((call) => call.body)).toEqual([{ order_updates_on_phone: true }, { order_updates_on_phone: false }]);
    // A failure leaves the switch as the server has it, and says so.
    fail = true;
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your choice could not be saved. Try again.');
    expect(toggle).not.toBeChecked();
  });

  it('verifies the number: a code is sent, a wrong one is named at the field, the right one marks it verified', async () => {
    const user = userEvent.setup({ delay: null });
    let verify: Handler = () => json({ message: 'The code is wrong or has expired.', errors: { code: ['The code is wrong or has expired.'] } }, { status: 422 });
    const api = backend({
      'GET /api/user': () => ({ ...customer, email_verified_at: '2026-02-01T10:00:00' }),
      'POST /api/user/phone/code': () => json({ message: 'We have sent a code to your number.' }, { status: 202 }),
      'POST /api/user/phone/verify': (call) => verify(call),
    });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    const banner = await screen.findByRole('region', { name: 'Please verify your mobile number' });
    expect(banner).toHaveTextContent('We will send a 6-digit code to +91 98470 12345.');
    await user.click(within(banner).getByRole('button', { name: 'Verify this number' }));
    expect(await within(banner).findByText('Enter the 6-digit code we sent to +91 98470 12345')).toBeInTheDocument();
    expect(api.callsTo('/api/user/phone/code')).toHaveLength(1);
    const code = within(banner).getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(within(banner).getByRole('button', { name: 'Send again in 30 s' })).toBeDisabled();
    await user.type(code, '123123');
    await user.click(within(banner).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('The code is wrong or has expired.')));

    verify = () => ({ user: { ...customer, email_verified_at: '2026-02-01T10:00:00', phone_verified_at: '2026-11-27T10:00:00' } });
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(banner).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Mobile number verified')).toBeInTheDocument();
    expect(api.callsTo('/api/user/phone/verify').at(-1)?.body).toEqual({ code: '654321' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Please verify your mobile number' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Your details' })).getAllByText('Verified')).toHaveLength(2);
  });

  it('says so when no code could be sent (429)', async () => {
    const user = userEvent.setup({ delay: null });
    backend({ 'POST /api/user/phone/code': () => json({ message: 'Too many attempts. Please try again in 600 seconds.' }, { status: 429 }) });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    await user.click(await screen.findByRole('button', { name: 'Verify this number' }));
    const toast = await screen.findByText('Too many attempts. Please try again in 600 seconds.');
    expect(toast.closest('[role=alert]')).toHaveTextContent('The code was not sent');
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
  });

  it('copes with an account opened by phone: no e-mail nag, and a password is set, not changed', async () => {
    const user = userEvent.setup({ delay: null });
    const farmer = { ...customer, email: null, phone_verified_at: '2026-11-27T10:00:00', has_password: false };
    const api = backend({
      'GET /api/user': () => farmer,
      'PUT /api/user/password': () => json({ message: 'Your password has been changed.' }),
      'PUT /api/user': () => ({ user: { ...farmer, email: 'lakshmi@example.test' } }),
    });
    renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(within(details).getByText('Not given')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Please verify your e-mail address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Please verify your mobile number' })).not.toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Set a password' });
    expect(card).toHaveTextContent('With a password you can also sign in without a code.');
    expect(within(card).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(within(card).getByLabelText('Password'), 'pepper and rain');
    await user.type(within(card).getByLabelText('Confirm password'), 'pepper and rain');
    await user.click(within(card).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password set')).toBeInTheDocument();
    expect(api.callsTo('/api/user/password')[0]?.body).toEqual({ password: 'pepper and rain', password_confirmation: 'pepper and rain' });

    // Adding an address asks for no password the account does not have.
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    await user.type(screen.getByLabelText(/^E-mail address/), 'lakshmi@example.test');
    expect(screen.queryByLabelText('Current password', { selector: '#profile-current-password' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Details saved');
    expect(api.callsTo('/api/user').find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Anil Kumar', phone: '+919847012345', locale: 'en', email: 'lakshmi@example.test' });
  });

  it('signs out: the user and the cart are forgotten, and the shopper is taken home', async () => {
    const user = userEvent.setup({ delay: null });
    let cart = cartOf(cartLine());
    const api = backend({
      'GET /api/cart': () => cart,
      'POST /api/logout': () => {
        cart = cartOf();
        return new Response(null, { status: 204 });
      },
    });
    const { queryClient } = renderWithApp(<UserScreen orders={orders} />, { route: '/user' });
    await queryClient.fetchQuery({ queryKey: ['cart'], queryFn: () => cart });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(api.callsTo('/api/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(userQuery.queryKey)).toBeNull();
    expect(queryClient.getQueryState(['cart'])?.data).toBeUndefined();
    expect(await screen.findByText('You have signed out')).toBeInTheDocument();
  });
});
