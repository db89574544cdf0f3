import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQuery } from '@/lib/queries/user';
import { issueToken, json, mockApi, type MockCall } from '@/testing/api-mock';
import { customer, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { RegisterScreen } from '@/features/auth/screens/RegisterScreen';
import { SignInScreen } from '@/features/auth/screens/SignInScreen';

type Handler = (call: MockCall) => unknown;

function backend(routes: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/csrf-cookie': issueToken,
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, { status: 401 }),
    'GET /api/cart': () => ({ products: [] }),
    ...routes,
  });
}

/** A farmer's account opened with a name and a number alone. */
const farmer = { ...customer, name: 'Lakshmi Amma', email: null, phone_verified_at: null, has_password: false };
const sent = () => json({ message: 'If this number has an account, we have sent it a code.' }, { status: 202 });
const wrongCode = () => json({ message: 'The code is wrong or has expired.', errors: { code: ['The code is wrong or has expired.'] } }, { status: 422 });
const location = () => screen.getByTestId('location').textContent;
const brand = <span>Shop</span>;

afterEach(() => {
  vi.useRealTimers();
});

describe('Register with a mobile number', { timeout: 20_000 }, () => {
  it('needs only a name and a number; then asks for the code sent to that number', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/register': () => json({ user: farmer }, { status: 201 }) });
    renderWithApp(<RegisterScreen brand={brand} />, { route: '/register' });
    expect(screen.getByLabelText(/^E-mail address/)).not.toBeRequired();
    expect(screen.getByLabelText(/^Password/)).not.toBeRequired();
    // The confirmation asks only once a password is typed.
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Lakshmi Amma');
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('We send a 6-digit code to this number to check it is yours.');
    await user.type(screen.getByLabelText('Mobile number'), '9847012345');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeInTheDocument();
    expect(api.callsTo('/api/register')[0]?.body).toEqual({ name: 'Lakshmi Amma', phone: '+919847012345' });
    // Written for people once the phone library has come.
    expect(await screen.findByText('Enter the 6-digit code we sent to +91 98470 12345', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Account created')).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send again in 30 s' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Do this later' })).toHaveAttribute('href', '/user');
  });

  it('sends a typed password with its confirmation, and the e-mail when given', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/register': () => json({ user: { ...farmer, email: 'lakshmi@example.test' } }, { status: 201 }) });
    renderWithApp(<RegisterScreen brand={brand} />, { route: '/register' });
    await user.type(screen.getByLabelText('Full name'), 'Lakshmi Amma');
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Mobile number'), '9847012345');
    await user.type(screen.getByLabelText(/^E-mail address/), 'lakshmi@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'pepper and rain');
    await user.type(screen.getByLabelText('Confirm password'), 'pepper and rain');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Verify your mobile number' });
    expect(api.callsTo('/api/register')[0]?.body).toEqual({
      name: 'Lakshmi Amma',
      phone: '+919847012345',
      email: 'lakshmi@example.test',
      password: 'pepper and rain',
      password_confirmation: 'pepper and rain',
    });
  });

  it('shows a wrong code’s words at the field, and offers another code after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    let verify: Handler = wrongCode;
    const api = backend({
      'POST /api/register': () => json({ user: farmer }, { status: 201 }),
      'POST /api/user/phone/verify': (call) => verify(call),
      'POST /api/user/phone/code': () => json({ message: 'We have sent a code to your number.' }, { status: 202 }),
    });
    const { queryClient } = renderWithApp(<RegisterScreen brand={brand} />, { route: '/register?next=%2Fcheckout' });
    await user.type(screen.getByLabelText('Full name'), 'Lakshmi Amma');
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Mobile number'), '9847012345');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await user.type(await screen.findByLabelText('6-digit code'), '111 111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('The code is wrong or has expired.')));
    expect(code).toHaveFocus();
    expect(api.callsTo('/api/user/phone/verify')[0]?.body).toEqual({ code: '111111' });

    expect(screen.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('New code sent')).toBeInTheDocument();
    expect(api.callsTo('/api/user/phone/code')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send again in 30 s' })).toBeDisabled();

    const verified = { ...farmer, phone_verified_at: '2026-11-27T10:00:00' };
    verify = () => ({ user: verified });
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/checkout'));
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual(verified);
  });
});

describe('Sign in with a mobile number', { timeout: 20_000 }, () => {
  it('sends a code to the number, says the same whatever the shop knows, and signs in with the code', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/login/code-request': sent, 'POST /api/login/code': () => ({ user: farmer }) });
    const { queryClient } = renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await user.type(screen.getByLabelText('Mobile number or e-mail'), '98470 12345');
    await user.click(screen.getByLabelText('Keep me signed in'));
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(api.callsTo('/api/login/code-request')[0]?.body).toEqual({ phone: '+919847012345' });
    expect(screen.getByText('If +91 98470 12345 has an account with us, we have sent it a 6-digit code.')).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '482913');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(location()).toBe('/user'));
    expect(api.callsTo('/api/login/code')[0]?.body).toEqual({ phone: '+919847012345', code: '482913', remember: true });
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual(farmer);
    expect(await screen.findByText('Welcome back, Lakshmi Amma.')).toBeInTheDocument();
  });

  it('shows a wrong code at the field, too many tries above it, and goes back for another number', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: Handler = wrongCode;
    backend({ 'POST /api/login/code-request': sent, 'POST /api/login/code': (call) => answer(call) });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await user.type(screen.getByLabelText('Mobile number or e-mail'), '+91 98470 12345');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('The code is wrong or has expired.')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = () => json({ message: 'Too many attempts. Please try again in 60 seconds.' }, { status: 429 });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 60 seconds.');

    await user.click(screen.getByRole('button', { name: 'Use another number or a password' }));
    expect(screen.getByLabelText('Mobile number or e-mail')).toHaveValue('+91 98470 12345');
  });

  it('asks for a code when a number is sent without a password', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/login/code-request': sent });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await user.type(screen.getByLabelText('Mobile number or e-mail'), '9847012345{Enter}');
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(api.callsTo('/api/login')).toHaveLength(0);
    expect(api.callsTo('/api/login/code-request')[0]?.body).toEqual({ phone: '+919847012345' });
  });

  it('signs in with the number and a password, sent as `phone`', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/login': () => ({ user: { ...farmer, has_password: true } }) });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await user.type(screen.getByLabelText('Mobile number or e-mail'), '9847012345');
    await user.type(screen.getByLabelText('Password'), 'pepper and rain');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/user'));
    expect(api.callsTo('/api/login')[0]?.body).toEqual({ phone: '+919847012345', password: 'pepper and rain', remember: false });
  });

  it('offers no code for an e-mail address, and asks for something to be typed', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend();
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const field = screen.getByLabelText('Mobile number or e-mail');
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('Type your mobile number or e-mail address.')));
    expect(field).toHaveFocus();
    expect(api.callsTo('/api/login/code-request')).toHaveLength(0);
    await user.type(field, 'anil@');
    expect(screen.queryByRole('button', { name: 'Send me a code' })).not.toBeInTheDocument();
  });
});
