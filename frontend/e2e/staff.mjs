// Staff in the browser journeys: a call to the API from a page as the app makes it, and the first
// sign-in of an admin made with `storefront create-admin` (password, then the authenticator app
// set up from the key under the QR code).
import assert from 'node:assert/strict';
import { totp } from './totp.mjs';

/** A call to the API from the page, as the app makes it (session cookie, anti-forgery token). */
export function apiFrom(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const cookie = () => decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      if (!cookie()) await fetch('/api/csrf-cookie', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': cookie() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    },
    [method, path, body],
  );
}

/** The password step of the shop's one sign-in form, on the way to `next`. */
export async function enterPassword(page, baseUrl, account, next = '/admin/products') {
  await page.goto(`${baseUrl}/sign-in?next=${next}`);
  await page.getByLabel('Mobile number or e-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The first sign-in: the authenticator app is set up from the key under the QR code; answers the recovery codes. */
export async function enrol(page) {
  await page.getByRole('button', { name: 'Show the QR code' }).click();
  await page.getByRole('img', { name: 'QR code to add this account to your authenticator app' }).waitFor();
  const key = (await page.locator('main').innerText()).match(/\b[A-Z2-7]{16,}\b/)?.[0];
  assert.ok(key, 'the key is shown for typing into the app');
  await page.getByLabel('2. Enter the 6-digit code the app now shows.').fill(totp(key));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  const list = page.getByRole('list', { name: 'Your recovery codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  assert.ok(codes.length >= 8, `recovery codes are shown once: ${codes}`);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return codes;
}
