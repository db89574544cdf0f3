// The shop offline, in Debian's Chromium against the real storefront binary: a shopper visits the
// home page, a category and a product, adds it to the cart, and loses the connection. The pages
// seen still open (with a note that they are saved copies), their photos too; a page never seen
// says the phone is offline; the cart can still be read; adding to the cart and checking out say
// the phone is offline, and nothing is sent later behind the shopper's back. Personal pages and
// answers are never in the service worker's cache.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';

const { open, baseUrl } = browserSuite();

const PRODUCT = '/dealer/wellroot-organics/vermicompost';
const CATEGORY = '/category/fertilisers';
const BANNER = 'You are offline — showing pages saved on this phone.';
const WRITE_REFUSED = 'Your phone is offline. Nothing was sent: please try again when you are connected.';

const shot = (page, name) => page.screenshot({ path: join(RESULTS, `e2e-offline-${name}.png`) });

/** Waits until the service worker has installed (its files fetched), taken over and kept this page. */
async function waitForServiceWorker(page) {
  const deadline = Date.now() + 30_000;
  const ready = () =>
    page.evaluate(async () => {
      if ((await navigator.serviceWorker.getRegistration())?.active?.state !== 'activated' || !navigator.serviceWorker.controller) return false;
      return (await caches.match(location.href)) !== undefined;
    });
  while (!(await ready())) {
    assert.ok(Date.now() < deadline, 'the service worker took over within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every address kept in the shop's caches. */
const cachedAddresses = (page) =>
  page.evaluate(async () => {
    const addresses = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) addresses.push(new URL(request.url).pathname + new URL(request.url).search);
    }
    return addresses;
  });

describe('the shop offline', () => {
  it('opens the pages seen and the cart, and refuses writes with a clear message', { timeout: 120_000 }, async () => {
    const page = await open(PHONE, '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await waitForServiceWorker(page);

    // Browse while online: every page comes through the service worker and is kept.
    await page.goto(`${baseUrl()}${CATEGORY}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${baseUrl()}${PRODUCT}`);
    await page.getByRole('heading', { level: 1, name: 'Vermicompost' }).waitFor();
    await page.getByRole('radio', { name: '25 kg', exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await panel.getByTestId('cart-total').filter({ hasText: '₹360.00' }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    // Pages that are personal are opened too, and must not be kept.
    await page.goto(`${baseUrl()}${'/checkout'}`);
    await page.goto(`${baseUrl()}${'/user'}`);
    await page.goto(`${baseUrl()}${PRODUCT}`);
    await page.getByRole('heading', { level: 1, name: 'Vermicompost' }).waitFor();

    const kept = await cachedAddresses(page);
    for (const path of ['/', CATEGORY, PRODUCT]) assert.ok(kept.includes(path), `${path} is kept; kept: ${kept.filter((a) => !a.startsWith('/assets/')).join(', ')}`);
    assert.ok(
      kept.some((address) => address.startsWith('/media/')),
      'the photos seen are kept',
    );
    assert.ok(
      kept.some((address) => /^\/assets\/.*\.woff2$/.test(address)),
      'the fonts are kept',
    );
    const personal = kept.filter((address) => /^\/(ml\/|ta\/)?(checkout|user|admin|order-confirmation|view-order|find-order|sign-in)|^\/api\/(cart|user|orders|checkout|addresses|admin)/.test(address));
    assert.deepEqual(personal, [], 'nothing personal is kept');

    // The connection goes.
    const writes = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });
    await page.context().setOffline(true);

    // The pages seen open, with the note, and their photos.
    await page.goto(`${baseUrl()}${'/'}`);
    await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${baseUrl()}${CATEGORY}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
    await page.goto(`${baseUrl()}${PRODUCT}`);
    await page.getByRole('heading', { level: 1, name: 'Vermicompost' }).waitFor();
    await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
    const photo = page.locator('main img').first();
    await photo.waitFor();
    assert.ok(await photo.evaluate((image) => image.complete && image.naturalWidth > 0), 'the product photo shows offline');
    await shot(page, 'product');

    // The cart, as it was last seen.
    await page.getByRole('button', { name: 'Shopping cart, 1 item' }).click();
    await panel.getByRole('listitem').filter({ hasText: 'Vermicompost' }).first().waitFor();
    await panel.getByTestId('cart-total').filter({ hasText: '₹360.00' }).waitFor();
    await shot(page, 'cart');

    // Checking out needs the connection: said at once, nothing sent.
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await panel.getByRole('alert').filter({ hasText: WRITE_REFUSED }).waitFor();
    assert.ok(page.url().endsWith(PRODUCT), `the shopper stays on the product page, at ${page.url()}`);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // So does adding to the cart.
    await page.getByRole('radio', { name: '25 kg', exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText(WRITE_REFUSED).first().waitFor();
    await shot(page, 'add-refused');

    // A page never seen, and the personal ones, say the phone is offline, in the page's language.
    for (const [path, title] of [
      ['/about', 'You are offline'],
      ['/checkout', 'You are offline'],
      ['/ml/about', 'നിങ്ങൾ ഓഫ്‌ലൈനാണ്'],
      ['/ta/dealer/wellroot-organics', 'நீங்கள் இணைப்பில் இல்லை'],
    ]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    }
    await page.getByRole('link', { name: 'முகப்புப் பக்கத்திற்குச் செல்லவும்' }).waitFor();
    await shot(page, 'unseen');

    // Back online: nothing was held back and sent later.
    await page.context().setOffline(false);
    await page.goto(`${baseUrl()}${PRODUCT}`);
    await page.getByRole('heading', { level: 1, name: 'Vermicompost' }).waitFor();
    assert.equal(await page.getByRole('status').filter({ hasText: BANNER }).count(), 0, 'the note goes with the connection back');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.deepEqual(writes, [], 'no write was sent offline or replayed after');
    const cart = await callApi(page, 'GET', '/api/cart');
    assert.equal(cart.status, 200);
    assert.equal(cart.body.cart.count, 1, 'the cart holds what it held before the connection went');
  });
});

describe('installing the shop', () => {
  it('offers a manifest per language with home-screen icons a phone can use', { timeout: 60_000 }, async () => {
    for (const [path, manifest, startUrl] of [
      ['/', '/manifest.webmanifest', '/'],
      ['/ml/', '/manifest-ml.webmanifest', '/ml/'],
      ['/ta/', '/manifest-ta.webmanifest', '/ta/'],
    ]) {
      const page = await open(PHONE, path);
      assert.equal(await page.locator('link[rel="manifest"]').getAttribute('href'), manifest, `${path} links its language's manifest`);
      const answer = await page.evaluate(async (href) => (await fetch(href)).json(), manifest);
      assert.equal(answer.start_url, startUrl);
      const sizes = (purpose) => answer.icons.filter((icon) => icon.type === 'image/png' && icon.purpose === purpose).map((icon) => icon.sizes);
      assert.deepEqual(sizes('any'), ['192x192', '512x512'], 'PNG icons for the home screen and the splash screen');
      assert.deepEqual(sizes('maskable'), ['512x512'], 'a maskable icon for launchers that cut their own shape');
      for (const icon of answer.icons.filter((icon) => icon.type === 'image/png')) {
        const drawn = await page.evaluate(async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return `${image.naturalWidth}x${image.naturalHeight}`;
        }, icon.src);
        assert.equal(drawn, icon.sizes, `${icon.src} is the size its manifest says`);
      }
      await page.close();
    }
  });
});
