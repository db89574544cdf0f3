import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userQuery } from '@/lib/queries/user';
import { issueToken, json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { customer, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { ForgotPasswordScreen } from '@/features/auth/screens/ForgotPasswordScreen';
import { RegisterScreen } from '@/features/auth/screens/RegisterScreen';
import { ResetPasswordScreen } from '@/features/auth/screens/ResetPasswordScreen';
import { SignInScreen } from '@/features/auth/screens/SignInScreen';
import { VerifyEmailScreen } from '@/features/auth/screens/VerifyEmailScreen';

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

const invalid = (errors: Record<string, string[]>) => json({ message: Object.values(errors)[0]?.[0], errors }, { status: 422 });

/** A handler that answers only when told to, to see the form while it waits. */
function deferred(answer: () => unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await gate, answer()), release: () => release() };
}

const location = () => screen.getByTestId('location').textContent;
const brand = <span>Shop</span>;

describe('Sign in', { timeout: 20_000 }, () => {
  it('shows the 422 message beside the e-mail field and puts focus there', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/login': () => invalid({ email: ['These credentials do not match our records.'] }) });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await waitFor(() => expect(document.title).toBe('Sign in | Test Agri Inputs'));
    await user.type(screen.getByLabelText('Mobile number or e-mail'), 'anil@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Mobile number or e-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('These credentials do not match our records.'));
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Unticked unless the shopper asks: a shared phone does not stay signed in by accident.
    const remember = screen.getByLabelText('Keep me signed in');
    expect(remember).not.toBeChecked();
    expect(remember).toHaveAccessibleDescription(/signed out when the browser closes or after 2 hours without use/);
    expect(api.callsTo('/api/login')[0]?.body).toEqual({ email: 'anil@example.test', password: 'wrong password', remember: false });
    expect(api.callsTo('/api/login')[0]?.headers.get('X-XSRF-TOKEN')).toBe('test-token');
  });

  it('disables the button while signing in, then goes on to the page in `next` with a toast', async () => {
    const user = userEvent.setup({ delay: null });
    const login = deferred(() => ({ user: customer }));
    const api = backend({ 'POST /api/login': login.handler });
    const { queryClient } = renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in?next=%2Fcheckout' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?next=%2Fcheckout');
    await user.type(screen.getByLabelText('Mobile number or e-mail'), 'anil@example.test');
    await user.type(screen.getByLabelText('Password'), 'a good password');
    await user.click(screen.getByLabelText('Keep me signed in'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect(pending).toBeDisabled();
    login.release();
    await waitFor(() => expect(location()).toBe('/checkout'));
    expect(api.callsTo('/api/login')[0]?.body).toMatchObject({ remember: true });
    expect(await screen.findByText('Welcome back, Anil Kumar.')).toBeInTheDocument();
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual(customer);
  });

  it('tells about too many attempts above the form', async () => {
    const user = userEvent.setup({ delay: null });
    backend({ 'POST /api/login': () => json({ message: 'Too many attempts. Please try again in 42 seconds.' }, { status: 429 }) });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await user.type(screen.getByLabelText('Mobile number or e-mail'), 'anil@example.test');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 42 seconds.');
  });

  it('sends a signed-in shopper on to the user area, and never to another site', async () => {
    withSession();
    backend({ 'GET /api/user': () => customer });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in?next=%2F%2Fevil.test' });
    await waitFor(() => expect(location()).toBe('/user'));
  });
});

describe('Register', { timeout: 20_000 }, () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Full name'), 'Anil Kumar');
    await user.type(screen.getByLabelText(/^E-mail address/), 'anil@example.test');
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 }); // the phone input has loaded
    await user.type(screen.getByLabelText('Mobile number'), '9847012345');
    await user.type(screen.getByLabelText(/^Password/), 'kerala pepper 2026');
    await user.type(screen.getByLabelText('Confirm password'), 'kerala pepper 2026');
  }

  it('shows each field’s 422 message beside it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({
      'POST /api/register': () =>
        invalid({ email: ['The email has already been taken.'], password: ['The password is too common.'] }),
    });
    renderWithApp(<RegisterScreen brand={brand} />, { route: '/register' });
    await waitFor(() => expect(document.title).toBe('Create an account | Test Agri Inputs'));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail address/)).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining('The password is too common.'));
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'false');
    expect(api.callsTo('/api/register')[0]?.body).toEqual({
      name: 'Anil Kumar',
      email: 'anil@example.test',
      phone: '+919847012345',
      password: 'kerala pepper 2026',
      password_confirmation: 'kerala pepper 2026',
    });
  });

  it('signs the new shopper in with a toast, and goes to the user area once the number is verified', async () => {
    const user = userEvent.setup({ delay: null });
    const register = deferred(() => json({ user: customer }, { status: 201 }));
    const verified = { ...customer, phone_verified_at: '2026-11-27T10:00:00' };
    backend({ 'POST /api/register': register.handler, 'POST /api/user/phone/verify': () => ({ user: verified }) });
    const { queryClient } = renderWithApp(<RegisterScreen brand={brand} />, { route: '/register' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeDisabled();
    register.release();
    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(screen.getByText('Open the link we sent to anil@example.test to verify your address.')).toBeInTheDocument();
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual(customer);
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/user'));
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual(verified);
  });
});

describe('Forgot password', { timeout: 20_000 }, () => {
  it('sends the address and says what happens next', async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'If an account uses that address, we have e-mailed a link to reset its password.';
    const api = backend({ 'POST /api/forgot-password': () => ({ message }) });
    renderWithApp(<ForgotPasswordScreen brand={brand} />, { route: '/forgot-password' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
    await user.type(screen.getByLabelText('E-mail address'), 'anil@example.test');
    await user.click(screen.getByRole('button', { name: 'E-mail me a reset link' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(api.callsTo('/api/forgot-password')[0]?.body).toEqual({ email: 'anil@example.test' });
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
  });
});

describe('Reset password', { timeout: 20_000 }, () => {
  it('sends the link’s token and address with the new password, then asks to sign in', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/reset-password': () => ({ message: 'Your password has been reset. You can sign in now.' }) });
    renderWithApp(<ResetPasswordScreen brand={brand} token="abc123" email="anil@example.test" />, { route: '/reset-password' });
    expect(screen.getByLabelText('E-mail address')).toHaveValue('anil@example.test');
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toBe('/sign-in?email=anil%40example.test'));
    expect(api.callsTo('/api/reset-password')[0]?.body).toEqual({
      token: 'abc123',
      email: 'anil@example.test',
      password: 'a new long password',
      password_confirmation: 'a new long password',
    });
  });

  it('greets a new member of staff from their invitation with "Choose your password"', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/reset-password': () => ({ message: 'Your password has been reset. You can sign in now.' }) });
    renderWithApp(<ResetPasswordScreen brand={brand} token="abc123" email="asha@example.test" invited />, { route: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.queryByText(/new password|reset password/i)).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Save my password' }));
    await waitFor(() => expect(api.callsTo('/api/reset-password')).toHaveLength(1));
  });

  it('offers a new link when the token is refused', async () => {
    const user = userEvent.setup({ delay: null });
    backend({ 'POST /api/reset-password': () => invalid({ token: ['This link is invalid or has expired.'] }) });
    renderWithApp(<ResetPasswordScreen brand={brand} token="used" email="anil@example.test" />, { route: '/reset-password' });
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('Verify e-mail', { timeout: 20_000 }, () => {
  it('posts the token once and shows the result', async () => {
    const api = backend({ 'POST /api/email/verify': () => ({ message: 'Your e-mail address is verified.', user: { ...customer, email_verified_at: '2026-11-22T09:30:12' } }) });
    renderWithApp(<VerifyEmailScreen brand={brand} token="f00d" />, { route: '/verify-email?token=f00d' });
    expect(screen.getByText('Verifying your e-mail address…')).toBeInTheDocument();
    expect(await screen.findByText('Your e-mail address is verified.', { selector: 'p.font-semibold' })).toBeInTheDocument();
    expect(api.callsTo('/api/email/verify')).toHaveLength(1);
    expect(api.callsTo('/api/email/verify')[0]?.body).toEqual({ token: 'f00d' });
    expect(document.title).toBe('Verify your e-mail address | Test Agri Inputs');
  });

  it('says when the link is used or expired', async () => {
    backend({ 'POST /api/email/verify': () => invalid({ token: ['This link is invalid or has expired.'] }) });
    renderWithApp(<VerifyEmailScreen brand={brand} token="old" />, { route: '/verify-email?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/user');
  });
});
