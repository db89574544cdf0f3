// Accounts in Debian's Chromium against the real storefront binary: register, verify the address
// from the mail the shop wrote, sign out and in, reset a forgotten password from its mail; the
// account screens and the contact form on a phone (390×844) and a desktop (1440×900).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, DESKTOP, findMail, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
const open = suite.open;

const shot = (page, name) => page.screenshot({ path: join(RESULTS, `accounts-${name}.png`) });
const viewports = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

/** A mail's text with quoted-printable undone: soft line breaks joined, `=3D` back to `=`. */
const unquote = (eml) => eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

/** The path and query of the first link to `path` in a mail to `to`, waiting for the mail to be written. */
async function linkInMail(to, path) {
  const pattern = new RegExp(`${path.replace('?', '\\?')}[^\\s"<>]+`);
  return findMail(
    suite.shop().mailDir,
    (eml) => {
      const mail = unquote(eml);
      if (!mail.includes(`To: ${to}`)) return undefined;
      return mail.match(pattern)?.[0]?.replace(/&amp;/g, '&');
    },
    `mail to ${to} with a ${path} link`,
  );
}

const field = (page, label) => page.getByLabel(label, { exact: true });

async function signIn(page, email, password) {
  await field(page, 'Mobile number or e-mail').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('an account from registration to a reset password', () => {
  it('registers, verifies the address from the mail, signs out and in, and resets the password', { timeout: 120_000 }, async () => {
    const email = `anil.${Date.now()}@example.in`;
    const page = await open(DESKTOP, '/register');

    // Register: the screen has no header or footer.
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    assert.equal(await page.title(), 'Create an account | WellRoot Agri Inputs');
    assert.equal(await page.getByRole('banner').count(), 0);
    assert.equal(await page.getByRole('contentinfo').count(), 0);
    await field(page, 'Full name').fill('Anil Kumar');
    // E-mail and password are optional (marked so): found by their ids.
    await page.locator('#register-email').fill(email);
    await page.getByRole('button', { name: '+91 Country code: India (+91)' }).waitFor();
    await field(page, 'Mobile number').pressSequentially('9847012345');
    assert.equal(await field(page, 'Mobile number').inputValue(), '98470 12345');
    await page.locator('#register-password').fill('pepper vines 2026');
    await field(page, 'Confirm password').fill('pepper vines 2026');
    await page.getByRole('button', { name: 'Create account' }).click();

    // The new number's code may wait: on to the user area.
    await page.getByRole('heading', { level: 1, name: 'Verify your mobile number' }).waitFor();
    await page.getByText('Enter the 6-digit code we sent to +91 98470 12345').waitFor();
    await page.getByRole('link', { name: 'Do this later' }).click();

    // Signed in, in the user area, with the verification banner.
    await page.waitForURL(/\/user$/);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByText('Account created', { exact: true }).waitFor();
    const banner = page.getByRole('region', { name: 'Please verify your e-mail address' });
    await banner.waitFor();
    await page.getByRole('region', { name: 'Your details' }).getByText('+91 98470 12345').waitFor();
    // The number waits for its code: the banner offers one.
    await page.getByRole('region', { name: 'Please verify your mobile number' }).getByRole('button', { name: 'Verify this number' }).waitFor();
    await page.getByRole('heading', { name: 'Your orders' }).waitFor();
    await shot(page, 'user-unverified-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'user-unverified-phone');
    await page.setViewportSize(DESKTOP);

    // The verification mail's link verifies the address.
    const verify = await linkInMail(email, '/verify-email?token=');
    assert.match(verify, /^\/verify-email\?token=[0-9a-f]{64}$/);
    await page.goto(`${suite.baseUrl()}${verify}`);
    await page.getByText('Your e-mail address is verified.', { exact: true }).first().waitFor();
    assert.equal(await page.title(), 'Verify your e-mail address | WellRoot Agri Inputs');
    await shot(page, 'verified-desktop');
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('Verified', { exact: true }).waitFor();
    assert.equal(await banner.count(), 0, 'the banner is gone once verified');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: '+91 Country code: India (+91)' }).waitFor();
    assert.equal(await field(page, 'Mobile number').inputValue(), '98470 12345');
    await page.setViewportSize(PHONE);
    await page.getByRole('region', { name: 'Your details' }).scrollIntoViewIfNeeded();
    await shot(page, 'user-edit-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Sign out: home, and the user icon leads to sign in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(new RegExp(`^${suite.baseUrl()}/$`));
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sign-in$/);

    // Sign in again; the user icon now leads to the user area.
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await signIn(page, email, 'pepper vines 2026');
    await page.waitForURL(/\/user$/);
    await page.getByText('Hello, Anil Kumar').waitFor();
    await page.goto(`${suite.baseUrl()}/about`);
    assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Your account' }).getAttribute('href'), '/user');
    await page.getByRole('banner').getByRole('link', { name: 'Your account' }).click();
    await page.waitForURL(/\/user$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(new RegExp(`^${suite.baseUrl()}/$`));

    // Forgot password: the reset mail's link leads to a new password.
    await page.goto(`${suite.baseUrl()}/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    // The router changes the address first and keeps the sign-in form on screen until the new
    // screen's code has come: its own e-mail field is the one to fill.
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await field(page, 'E-mail address').fill(email);
    await page.getByRole('button', { name: 'E-mail me a reset link' }).click();
    await page.getByRole('main').getByText('If an account uses that address, we have e-mailed a link to reset its password.').waitFor();
    const reset = await linkInMail(email, '/reset-password?token=');
    assert.match(reset, /^\/reset-password\?token=[0-9a-f]{64}&email=/);
    await page.goto(`${suite.baseUrl()}${reset}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    assert.equal(await field(page, 'E-mail address').inputValue(), email);
    await field(page, 'New password').fill('cardamom harvest 77');
    await field(page, 'Confirm password').fill('cardamom harvest 77');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/sign-in\?email=/);
    assert.equal(await field(page, 'Mobile number or e-mail').inputValue(), email);

    // The old password no longer works; the new one does.
    await field(page, 'Password').fill('pepper vines 2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('These credentials do not match our records.').waitFor();
    assert.equal(await field(page, 'Mobile number or e-mail').getAttribute('aria-invalid'), 'true');
    await shot(page, 'sign-in-error-desktop');
    await field(page, 'Password').fill('cardamom harvest 77');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('Hello, Anil Kumar').waitFor();
    await page.context().close();
  });

  it('opens a used or unknown verification link with a clear message', { timeout: 30_000 }, async () => {
    const page = await open(PHONE, `/verify-email?token=${'0'.repeat(64)}`);
    await page.getByRole('alert').getByText('This link is invalid or has expired.').waitFor();
    await shot(page, 'verify-invalid-phone');
    await page.context().close();
  });

  it('sends a signed-out shopper from the user area to sign in', { timeout: 30_000 }, async () => {
    const page = await open(PHONE, '/user');
    await page.waitForURL(/\/sign-in\?next=%2Fuser$/);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.context().close();
  });
});

describe('the account screens', () => {
  for (const [label, viewport] of viewports) {
    it(`look right on a ${label}`, { timeout: 60_000 }, async () => {
      const page = await open(viewport, '/sign-in');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      assert.equal(await page.title(), 'Sign in | WellRoot Agri Inputs');
      await shot(page, `sign-in-${label}`);

      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.waitForURL(/\/register$/);
      await page.getByRole('button', { name: '+91 Country code: India (+91)' }).waitFor();
      await field(page, 'Mobile number').pressSequentially('98470');
      await page.getByText('Invalid phone number').waitFor();
      await shot(page, `register-${label}`);

      // The country list, searched by an alias and chosen by keyboard.
      await page.getByRole('button', { name: '+91 Country code: India (+91)' }).click();
      const search = page.getByRole('combobox', { name: 'Search countries' });
      await search.fill('UK');
      assert.match((await page.getByRole('option').first().textContent()) ?? '', /United Kingdom/);
      await shot(page, `register-countries-${label}`);
      await search.press('Enter');
      await page.getByRole('button', { name: '+44 Country code: United Kingdom (+44)' }).waitFor();
      await field(page, 'Mobile number').fill('');
      await field(page, 'Mobile number').pressSequentially('07400123456');
      assert.equal(await field(page, 'Mobile number').inputValue(), '07400 123456');
      assert.equal(await page.getByText('Invalid phone number').count(), 0);

      await page.goto(`${suite.baseUrl()}/forgot-password`);
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      await shot(page, `forgot-password-${label}`);
      await page.goto(`${suite.baseUrl()}/reset-password`);
      await page.getByRole('alert').getByText('This link is invalid or has expired.').waitFor();
      await shot(page, `reset-password-${label}`);
      await page.context().close();
    });

    it(`sends the contact form on a ${label}`, { timeout: 60_000 }, async () => {
      const page = await open(viewport, '/contact');
      const form = page.getByRole('region', { name: 'Send us a message' });
      await form.waitFor();
      await form.scrollIntoViewIfNeeded();
      await field(page, 'Your name').fill('Lakshmi');
      await field(page, 'E-mail address').fill(`lakshmi.${label}@example.in`);
      await page.getByRole('button', { name: '+91 Country code: India (+91)' }).waitFor();
      await field(page, 'Message').fill('Short');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('The message must be at least 10 characters.').waitFor();
      await shot(page, `contact-error-${label}`);
      await field(page, 'Mobile number').pressSequentially('9847012345');
      await field(page, 'Message').fill('Which dose of potash suits cardamom after the monsoon?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Thank you! We have received your message and will reply within one working day.').waitFor();
      await shot(page, `contact-sent-${label}`);
      assert.equal(await field(page, 'Message').inputValue(), '');
      await page.context().close();
    });
  }

});
