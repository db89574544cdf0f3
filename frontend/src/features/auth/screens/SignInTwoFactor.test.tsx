import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userQuery } from '@/lib/queries/user';
import { issueToken, json, mockApi, type MockCall } from '@/testing/api-mock';
import { admin, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { SignInScreen } from '@/features/auth/screens/SignInScreen';

type Handler = (call: MockCall) => unknown;

const accepted = (enrolment_required: boolean) => json({ two_factor_required: true, enrolment_required }, { status: 202 });
const wrongCode = () => json({ message: 'The code is not valid.', errors: { code: ['The code is not valid.'] } }, { status: 422 });

function backend(routes: Record<string, Handler>) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/csrf-cookie': issueToken,
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, { status: 401 }),
    'GET /api/cart': () => ({ products: [] }),
    ...routes,
  });
}

const location = () => screen.getByTestId('location').textContent;
const brand = <span>Shop</span>;

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Mobile number or e-mail'), 'asha@example.test');
  await user.type(screen.getByLabelText('Password'), 'a staff password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Sign in: the staff second step', { timeout: 20_000 }, () => {
  it('asks for the app’s code after a 202, then signs in and opens the back office', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/login': () => accepted(false), 'POST /api/login/two-factor': () => ({ user: admin }) });
    const { queryClient } = renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await enterPassword(user);

    const code = await screen.findByLabelText('6-digit code');
    expect(screen.getByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(userQuery.queryKey)).toBeFalsy();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(location()).toBe('/admin'));
    expect(api.callsTo('/api/login/two-factor')[0]?.body).toEqual({ code: '123456' });
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual(admin);
    expect(await screen.findByText('Welcome back, Asha Menon.')).toBeInTheDocument();
  });

  it('goes on to `next` when one was given', async () => {
    const user = userEvent.setup({ delay: null });
    backend({ 'POST /api/login': () => accepted(false), 'POST /api/login/two-factor': () => ({ user: admin }) });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in?next=%2Fadmin%2Faudit%3Fentity%3Dproduct' });
    await enterPassword(user);
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(location()).toBe('/admin/audit?entity=product'));
  });

  it('shows a wrong code at the field, and takes a recovery code instead', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({
      'POST /api/login': () => accepted(false),
      'POST /api/login/two-factor': (call) => ((call.body as { recovery_code?: string }).recovery_code === '3f9a1-07c2e-b5d40-9e1a7' ? { user: admin } : wrongCode()),
    });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await enterPassword(user);
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('The code is not valid.')));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveAttribute('aria-invalid', 'false');
    await user.type(recovery, 'not-a-code');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Recovery code')).toHaveAccessibleDescription('The code is not valid.'));

    await user.clear(screen.getByLabelText('Recovery code'));
    await user.type(screen.getByLabelText('Recovery code'), ' 3f9a1-07c2e-b5d40-9e1a7 ');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(api.callsTo('/api/login/two-factor').map((call) => call.body)).toEqual([
      { code: '000000' },
      { recovery_code: 'not-a-code' },
      { recovery_code: '3f9a1-07c2e-b5d40-9e1a7' },
    ]);
  });

  it('goes back to the password, with a word why, when the password step has expired (401)', async () => {
    const user = userEvent.setup({ delay: null });
    backend({
      'POST /api/login': () => accepted(false),
      'POST /api/login/two-factor': () => json({ message: 'Unauthenticated.' }, { status: 401 }),
    });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await enterPassword(user);
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in took too long. Please enter your password again.');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number or e-mail')).toHaveValue('asha@example.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(location()).toBe('/sign-in');
  });

  it('says so above the form when there were too many attempts (429)', async () => {
    const user = userEvent.setup({ delay: null });
    backend({
      'POST /api/login': () => accepted(false),
      'POST /api/login/two-factor': () => json({ message: 'Too many attempts. Please try again in 60 seconds.' }, { status: 429 }),
    });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await enterPassword(user);
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 60 seconds.');
    expect(screen.getByLabelText('6-digit code')).toHaveAttribute('aria-invalid', 'false');
  });

  it('sets up the app: the QR code as an image and the key, then the recovery codes, kept on screen until saved', async () => {
    const user = userEvent.setup({ delay: null });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path id="qr-injected" d="M0 0h7v7H0z"/></svg>';
    const codes = ['3f9a1-07c2e-b5d40-9e1a7', '0a1b2-c3d4e-f5a6b-7c8d9'];
    const api = backend({
      'POST /api/login': () => accepted(true),
      'POST /api/admin/two-factor/setup': () => ({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauth_uri: 'otpauth://totp/Shop:asha?secret=JBSWY3DPEHPK3PXPJBSWY3DP', qr_svg: svg }),
      'POST /api/admin/two-factor/confirm': (call) => ((call.body as { code: string }).code === '654321' ? { recovery_codes: codes, user: admin } : wrongCode()),
    });
    const { queryClient } = renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await enterPassword(user);

    await user.click(await screen.findByRole('button', { name: 'Show the QR code' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add this account to your authenticator app' });
    const src = qr.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(src.slice('data:image/svg+xml;base64,'.length))).toBe(svg);
    expect(document.getElementById('qr-injected')).toBeNull(); // not put into the page as markup
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DP')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/two-factor/setup')).toHaveLength(1);
    // On the phone that holds the app: open the key in it, or copy it.
    expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute('href', 'otpauth://totp/Shop:asha?secret=JBSWY3DPEHPK3PXPJBSWY3DP');
    await user.click(screen.getByRole('button', { name: 'Copy the key' }));
    expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(screen.getByRole('button', { name: 'Key copied' })).toBeInTheDocument();

    const code = screen.getByLabelText('2. Enter the 6-digit code the app now shows.');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is not valid.'));
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Save these now. They are shown only this once.');
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    await user.click(screen.getByRole('button', { name: 'Copy the codes' }));
    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    // Still here: the codes must not vanish before they are saved.
    expect(location()).toBe('/sign-in');
    expect(queryClient.getQueryData(userQuery.queryKey)).toBeFalsy();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual(admin);
  });

  it('still signs a shopper straight in (200) and sends them to their account', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/login': () => ({ user: { ...admin, id: 9, role: 'customer', name: 'Anil Kumar' } }) });
    renderWithApp(<SignInScreen brand={brand} />, { route: '/sign-in' });
    await enterPassword(user);
    await waitFor(() => expect(location()).toBe('/user'));
    expect(api.callsTo('/api/login/two-factor')).toHaveLength(0);
  });
});
