// The app and the API on two host names, as the spec has it: the app at
// http://shop.example.test:PORT1, the API at http://api.shop.example.test:PORT2 (two processes of
// the real binary on one database; Chromium maps both names to loopback), the cookies shared under
// COOKIE_DOMAIN=shop.example.test. A shopper signs in, adds to the cart, checks out and sees the
// order, on a phone (390 px) and a desktop (1366 px); every API call goes to the API's host.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, registerShopper, RESULTS } from './harness.mjs';

const APP_HOST = 'shop.example.test';
const API_HOST = `api.${APP_HOST}`;
const appOrigin = (shop) => `http://${APP_HOST}:${shop.ports[0]}`;
const apiOrigin = (shop) => `http://${API_HOST}:${shop.ports[1]}`;

const suite = browserSuite({
  shop: {
    processes: 2,
    env: ([appPort, apiPort]) => ({
      PUBLIC_URL: `http://${APP_HOST}:${appPort}`,
      API_URL: `http://${API_HOST}:${apiPort}`,
      COOKIE_DOMAIN: APP_HOST,
    }),
  },
  browserArgs: ['--host-resolver-rules=MAP *.example.test 127.0.0.1'],
  baseUrl: appOrigin,
});

const LAPTOP = { width: 1366, height: 768 };
const PASSWORD = 'Cardamom-Harvest-2026';

const shot = (page, name) => page.screenshot({ path: join(RESULTS, `api-host-${name}.png`), fullPage: true });
const field = (page, id) => page.locator(`[id="${id}"]`);

/** An account to sign in to, made straight with the API. */
const account = (email) =>
  registerShopper(`http://127.0.0.1:${suite.shop().ports[1]}`, { name: 'Lakshmi Menon', email, password: PASSWORD });

describe('the app on its host, the API on its own', () => {
  for (const [label, viewport, remember] of [
    ['phone', PHONE, false],
    ['desktop', LAPTOP, true],
  ]) {
    it(`signs in, fills the cart, checks out and shows the order on a ${label}`, { timeout: 180_000 }, async () => {
      const shop = suite.shop();
      const email = `lakshmi.${label}.${Date.now()}@example.test`;
      await account(email);

      const page = await suite.open(viewport, '/sign-in');
      const apiCalls = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) apiCalls.push(url.origin);
      });
      // The page names its API; one build of the app serves any pair of hosts.
      assert.equal(await page.locator('meta[name="api-origin"]').getAttribute('content'), apiOrigin(shop));

      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.getByLabel('Mobile number or e-mail', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      if (remember) await page.getByLabel('Keep me signed in').check();
      await shot(page, `sign-in-${label}`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/user$/);
      await page.getByText('Hello, Lakshmi Menon').waitFor();

      // The API's answers set the cookies for the shared parent domain.
      const cookies = await page.context().cookies();
      const session = cookies.find((c) => c.name === 'storefront_session');
      assert.ok(session, `a session cookie among ${cookies.map((c) => `${c.name}@${c.domain}`).join(', ')}`);
      assert.equal(session.domain, `.${APP_HOST}`);
      assert.equal(session.httpOnly, true);
      const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
      assert.equal(xsrf?.domain, `.${APP_HOST}`);
      if (remember) {
        const days = (session.expires - Date.now() / 1000) / 86_400;
        assert.ok(days > 29.9 && days <= 30, `ticked: 30 days, got ${days}`);
      } else {
        assert.equal(session.expires, -1, 'unticked: ends with the browser');
      }

      // A product into the cart through the product page.
      await page.goto(`${appOrigin(shop)}/dealer/anamalai-tools/banana-bunch-knife`);
      await page.getByRole('heading', { level: 1, name: 'Banana Bunch Knife' }).waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
      await panel.getByRole('link', { name: 'Banana Bunch Knife' }).waitFor();
      await shot(page, `cart-${label}`);
      await panel.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(/\/checkout$/);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();

      // The account's details are there; an address, and the order is placed.
      await page.waitForFunction(() => document.getElementById('contact.email')?.value !== '');
      assert.equal(await page.getByLabel('E-mail').inputValue(), email);
      await page.getByRole('button', { name: 'Use my name and number' }).click();
      await field(page, 'shipping_address.line1').fill('Pepper Garden, Vandanmedu');
      await field(page, 'shipping_address.city').fill('Vandanmedu');
      await field(page, 'shipping_address.district').fill('Idukki');
      await field(page, 'shipping_address.state').selectOption('Kerala');
      await field(page, 'shipping_address.pincode').fill('685551');
      await shot(page, `checkout-${label}`);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      const number = (await page.getByTestId('order-number').textContent()) ?? '';
      assert.match(number, /^ORD-\d{4}-\d{6}$/);
      await shot(page, `confirmation-${label}`);

      // The order, in the account.
      const uuid = page.url().split('/').pop();
      await page.getByRole('link', { name: 'View your order' }).click();
      await page.waitForURL(new RegExp(`/view-order/${uuid}$`));
      await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
      await shot(page, `order-${label}`);
      await page.goto(`${appOrigin(shop)}/user`);
      await page.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: new RegExp(number) }).waitFor();

      // Every call went to the API's host; none to the app's.
      assert.ok(apiCalls.length > 5, `calls: ${apiCalls.length}`);
      assert.deepEqual([...new Set(apiCalls)], [apiOrigin(shop)]);
      await page.context().close();
    });
  }

  it('keeps the shopper’s session from a page on another host of the same site', { timeout: 60_000 }, async () => {
    const shop = suite.shop();
    const email = `careful.${Date.now()}@example.test`;
    await account(email);
    const page = await suite.open(PHONE, '/sign-in');
    await page.getByLabel('Mobile number or e-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/user$/);

    // evil.example.test is the same site: the browser sends the session cookie with its calls to
    // the API. CORS does not let it read the answers, and without the token it changes nothing.
    const evil = await page.context().newPage();
    await evil.goto(`http://evil.example.test:${shop.ports[0]}/healthz`);
    const attempts = await evil.evaluate(async (api) => {
      const read = await fetch(`${api}/api/user`, { credentials: 'include' }).then(
        (response) => `read ${response.status}`,
        () => 'refused',
      );
      const token = await fetch(`${api}/api/csrf-cookie`, { credentials: 'include' }).then(
        (response) => response.headers.get('X-XSRF-TOKEN') ?? 'no token',
        () => 'refused',
      );
      // A simple request (no preflight), sent blind with the cookies.
      await fetch(`${api}/api/cart/add`, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ product_id: 1, quantity: 5 }),
      });
      return { read, token, cookies: document.cookie };
    }, apiOrigin(shop));
    assert.deepEqual(attempts, { read: 'refused', token: 'refused', cookies: '' });

    // The shopper's cart is still empty.
    const cart = await page.evaluate(async (api) => (await fetch(`${api}/api/cart`, { credentials: 'include' })).json(), apiOrigin(shop));
    assert.equal(cart.cart.count, 0);
    await page.context().close();
  });
});
