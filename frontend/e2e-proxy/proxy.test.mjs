// Journeys through Debian's nginx (deploy/nginx/storefront.conf) with TLS and HTTP/2 in front of
// the binary (PUBLIC_URL=https://..., TRUST_PROXY=1). Run by scripts/proxy-stage.sh, which
// starts both and sets PROXY_URL, APP_URL and APP_LOG.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, waitForTheAppOnNavigation } from '../e2e/harness.mjs';

const PROXY = process.env.PROXY_URL;
const APP_LOG = process.env.APP_LOG;

/** One request through nginx with Node (the self-signed certificate accepted). */
function fetchThrough(path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(`${PROXY}${path}`, { method, headers, rejectUnauthorized: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

let browser;
const pageErrors = [];
before(async () => {
  assert.ok(PROXY, 'PROXY_URL is set (run scripts/proxy-stage.sh)');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'] });
});
after(async () => {
  await browser?.close();
  assert.deepEqual(pageErrors, [], 'no page raised a script error');
});

async function open(path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ignoreHTTPSErrors: true });
  const page = waitForTheAppOnNavigation(await context.newPage());
  page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
  const response = await page.goto(`${PROXY}${path}`, { waitUntil: 'domcontentloaded' });
  return { context, page, response };
}

/** Calls the API from inside the page, with its cookies and anti-forgery token, as the app does. */
function callApi(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = () => decodeURIComponent((document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN=')) ?? 'XSRF-TOKEN=').slice(11));
      if (method !== 'GET' && token() === '') await fetch('/api/csrf-cookie', { credentials: 'include' });
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

describe('the shop behind nginx', () => {
  it('is served over TLS with HTTP/2 and the binary\'s headers, compressed once', async () => {
    const { context, page, response } = await open('/');
    assert.equal(response.status(), 200);
    const protocol = await page.evaluate(() => performance.getEntriesByType('navigation')[0].nextHopProtocol);
    assert.equal(protocol, 'h2');
    const headers = response.headers();
    assert.match(headers['strict-transport-security'] ?? '', /max-age=\d+/);
    assert.match(headers['content-security-policy'] ?? '', /default-src 'self'/);
    // nginx's own request id, passed to the binary and returned by it.
    assert.match(headers['x-request-id'] ?? '', /^[0-9a-f]{32}$/);
    await context.close();

    const html = await fetchThrough('/', { headers: { 'Accept-Encoding': 'gzip' } });
    const asset = /\/assets\/[^"]+\.js/.exec(html.headers['content-encoding'] === 'gzip' ? gunzipSync(html.body).toString() : html.body.toString())[0];
    const js = await fetchThrough(asset, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(js.status, 200);
    assert.equal(js.headers['content-encoding'], 'gzip');
    assert.match(js.headers['cache-control'] ?? '', /immutable/);
    // Unzipped once it is JavaScript, not another gzip stream.
    const text = gunzipSync(js.body);
    assert.notDeepEqual([...text.subarray(0, 2)], [0x1f, 0x8b], 'compressed twice');
    assert.ok(text.length > js.body.length);

    // The probes answer through the proxy; the metrics never do.
    assert.equal((await fetchThrough('/readyz')).status, 200);
    assert.equal((await fetchThrough('/metrics')).status, 404);
    assert.equal((await fetchThrough('/metrics', { headers: { Authorization: 'Bearer guess', 'X-Forwarded-For': '127.0.0.1' } })).status, 404);
  });

  it('signs in with a __Host- secure session cookie, fills the cart and checks out', { timeout: 120_000 }, async () => {
    const email = `proxy.${Date.now()}@example.in`;
    const password = 'pepper vines 2026';
    const { context, page } = await open('/register');
    const registered = await callApi(page, 'POST', '/api/register', { name: 'Meera Nair', email, phone: '+91 98470 11111', password, password_confirmation: password });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    assert.equal((await callApi(page, 'POST', '/api/logout')).status < 300, true);
    await context.clearCookies();

    // Sign in through the form.
    await page.goto(`${PROXY}/sign-in`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Mobile number or e-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name.startsWith('__Host-'));
    assert.ok(session, `a __Host- cookie among ${cookies.map((c) => c.name).join(', ')}`);
    assert.equal(session.secure, true);
    assert.equal(session.httpOnly, true);
    assert.equal(session.path, '/');
    assert.equal(session.domain, '127.0.0.1');
    assert.ok(!cookies.some((c) => c.name.includes('session') && !c.name.startsWith('__Host-')), 'no session cookie without the prefix');
    assert.equal(cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure, true);
    assert.equal((await callApi(page, 'GET', '/api/user')).status, 200);

    // The cart, from the product page.
    await page.goto(`${PROXY}/dealer/anamalai-tools/banana-bunch-knife`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: 'Banana Bunch Knife' }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await panel.getByRole('link', { name: 'Banana Bunch Knife' }).waitFor();
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.waitForFunction(() => document.getElementById('contact.email')?.value !== '');

    await page.getByRole('button', { name: 'Use my name and number' }).click();
    const field = (id) => page.locator(`[id="${id}"]`);
    await field('shipping_address.line1').fill('Green Valley Estate, Puliyanmala');
    await field('shipping_address.city').fill('Kattappana');
    await field('shipping_address.district').fill('Idukki');
    await field('shipping_address.state').selectOption('Kerala');
    await field('shipping_address.pincode').fill('685515');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    assert.match(number, /^ORD-\d{4}-\d{6}$/);
    const orders = await callApi(page, 'GET', '/api/orders');
    assert.equal(orders.status, 200);
    assert.ok(JSON.stringify(orders.body).includes(number));
    await context.close();
  });

  it('rate-limits sign-in by the address nginx saw, whatever X-Forwarded-For the client forges', async () => {
    const issued = await fetchThrough('/api/csrf-cookie');
    const cookies = (issued.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    const token = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN=')).slice('XSRF-TOKEN='.length));
    const statuses = [];
    let retryAfter;
    for (let n = 0; n < 7; n += 1) {
      const body = JSON.stringify({ email: `guess${n}@example.in`, password: 'wrong-password-1' });
      const answer = await fetchThrough('/api/login', {
        method: 'POST',
        headers: {
          Cookie: cookies.join('; '),
          'X-XSRF-TOKEN': token,
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          // A new forged address each time: only nginx's appended $remote_addr counts.
          'X-Forwarded-For': `203.0.113.${n + 1}`,
        },
        body,
      });
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter = answer.headers['retry-after'];
    }
    // The earlier sign-in came from the same address, so the limit may bite one try sooner.
    const first429 = statuses.indexOf(429);
    assert.ok(first429 >= 4 && first429 <= 5, `statuses ${statuses}`);
    assert.ok(statuses.slice(0, first429).every((s) => s === 422), `statuses ${statuses}`);
    assert.ok(statuses.slice(first429).every((s) => s === 429), `statuses ${statuses}`);
    assert.match(retryAfter ?? '', /^\d+$/);
  });

  it('lets the back office\'s uploads through to the binary, and nothing else that large', async () => {
    const issued = await fetchThrough('/api/csrf-cookie');
    const cookies = (issued.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    const token = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN=')).slice('XSRF-TOKEN='.length));
    const post = (path, body, contentType) =>
      fetchThrough(path, {
        method: 'POST',
        headers: { Cookie: cookies.join('; '), 'X-XSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'Content-Type': contentType, 'Content-Length': body.length },
        body,
      });
    /** The binary's answer: JSON with a message and its request id (nginx's own pages have neither). */
    const fromTheBinary = (answer, what) => {
      assert.notEqual(answer.status, 413, `${what}: refused by nginx (${answer.body.subarray(0, 200)})`);
      assert.match(answer.headers['content-type'] ?? '', /application\/json/, what);
      assert.equal(typeof JSON.parse(answer.body.toString()).message, 'string', what);
      assert.match(answer.headers['x-request-id'] ?? '', /^[0-9a-f]{32}$/, what);
    };

    // A price sheet of some 4 MB (about 60,000 rows) to the import preview, and a 9 MB photo: both
    // reach the binary, which answers itself (here: nobody is signed in as staff).
    const row = 'WRO-VERM-25KG,Vermicompost 25 kg,360.00,400.00,416\n';
    const sheet = Buffer.from(`sku,name,price,mrp,stock\n${row.repeat(Math.ceil((4 * 1024 * 1024) / row.length))}`);
    assert.ok(sheet.length > 4 * 1024 * 1024);
    const preview = await post('/api/admin/catalog/imports/preview?filename=prices.csv', sheet, 'text/csv');
    fromTheBinary(preview, 'a 4 MB CSV preview');
    assert.equal(preview.status, 401);
    const boundary = 'photo-boundary-27';
    const photo = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="estate.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      Buffer.alloc(9 * 1024 * 1024, 0xff),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await post('/api/admin/catalog/products/1/photos', photo, `multipart/form-data; boundary=${boundary}`);
    fromTheBinary(upload, 'a 9 MB photo');
    assert.equal(upload.status, 401);

    // 2 MB anywhere else is stopped at nginx, never read by the binary.
    const flood = await post('/api/cart/add', Buffer.alloc(2 * 1024 * 1024, 0x20), 'application/json');
    assert.equal(flood.status, 413);
    assert.match(flood.headers['content-type'] ?? '', /text\/html/);
    assert.match(flood.body.toString(), /nginx/);
    assert.equal(flood.headers['x-request-id'], undefined, 'the binary never saw it');
  });

  it('logs one JSON line per request with nginx\'s request id', async () => {
    const answer = await fetchThrough('/api/shop');
    const id = answer.headers['x-request-id'];
    assert.match(id, /^[0-9a-f]{32}$/);
    await new Promise((r) => setTimeout(r, 300));
    const lines = readFileSync(APP_LOG, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
    const line = lines.find((l) => l.span?.request_id === id);
    assert.ok(line, `a log line with request id ${id}`);
    assert.equal(line.path, '/api/shop');
    assert.equal(line.status, 200);
  });
});
