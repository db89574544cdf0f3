// Pages the server fills in: the page arrives drawn (readable before any script runs), the app
// takes it over from the data embedded in the HTML without asking the API for it again and
// without a hydration error, and unknown addresses answer 404 with the app's not-found screen.
// Screenshots of a product page on a phone (390 px) and a laptop (1366 px).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, launchBrowser, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
const LAPTOP = { width: 1366, height: 768 };

/** Opens `path` recording every API request the page makes from its first byte. */
async function openRecording(viewport, path) {
  const page = await suite.open(viewport, '/robots.txt'); // a blank start: the recording begins with the page's first request
  const requests = [];
  const all = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    all.push(url.pathname);
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname);
  });
  const response = await page.goto(`${suite.baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
  assert.equal(all[0], new URL(path, suite.baseUrl()).pathname, 'the recording starts with the page itself');
  return { page, requests, all, response };
}

describe('pages with their data embedded', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ]) {
    it(`a product page renders without fetching the product again on a ${label}`, { timeout: 60_000 }, async () => {
      const { page, requests, all, response } = await openRecording(viewport, '/dealer/wellroot-organics/neem-cake-powder');
      assert.equal(response.status(), 200);
      await page.getByRole('heading', { level: 1, name: 'Neem Cake Powder' }).waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.title(), 'Neem Cake Powder | WellRoot Agri Inputs');
      assert.equal(await page.locator('#initial-data').count(), 0, 'the embedded data is removed once read');
      const refetched = requests.filter((path) => /^\/api\/(products\/|shop$|categories$|brands$)/.test(path));
      assert.deepEqual(refetched, [], `requests made on first load: ${requests.join(', ')}`);
      // The stylesheet came inside the page; loading the screen's code does not fetch it again.
      assert.deepEqual(all.filter((path) => path.endsWith('.css')), [], 'no stylesheet is downloaded');
      await page.screenshot({ path: join(RESULTS, `pages-product-${viewport.width}.png`), fullPage: true });
      await page.context().close();
    });
  }

  for (const [path, heading, language] of [
    ['/dealer/wellroot-organics/neem-cake-powder', 'Neem Cake Powder', 'en'],
    ['/ml/dealer/wellroot-organics/neem-cake-powder', null, 'ml'],
    ['/category/fertilisers/organic-manures', 'Organic Manures', 'en'],
    ['/', null, 'en'],
  ]) {
    it(`${path} is drawn before any script runs`, { timeout: 60_000 }, async () => {
      const browser = await launchBrowser();
      try {
        const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
        const page = await context.newPage();
        const response = await page.goto(`${suite.baseUrl()}${path}`);
        assert.equal(response.status(), 200);
        assert.equal(await page.locator('html').getAttribute('lang'), language);
        const h1 = page.getByRole('heading', { level: 1 }).first();
        if (heading) assert.equal((await h1.textContent())?.trim(), heading);
        else assert.ok(((await h1.textContent()) ?? '').trim().length > 0, 'the page has a heading');
        if (path.includes('neem-cake-powder')) {
          assert.match(await page.locator('main').innerText(), /₹[\d,]+\.\d\d/, 'the price is on the page');
          const photo = page.locator('main img').first();
          assert.match((await photo.getAttribute('src')) ?? '', /neem-cake-powder/);
          await page.screenshot({ path: join(RESULTS, `pages-no-script-${language}-${PHONE.width}.png`) });
        }
      } finally {
        await browser.close();
      }
    });
  }

  it('the first tap on a drawn page works once its script has run', { timeout: 60_000 }, async () => {
    const page = await suite.open(PHONE, '/dealer/wellroot-organics/neem-cake-powder');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog').getByText('Neem Cake Powder').first().waitFor();
    await page.context().close();
  });

  it('a category page starts with its first page of products', { timeout: 60_000 }, async () => {
    const { page, requests } = await openRecording(PHONE, '/category/fertilisers/organic-manures');
    await page.getByRole('heading', { level: 1, name: 'Organic Manures' }).waitFor();
    await page.getByRole('list', { name: 'Products in Organic Manures' }).getByRole('link').first().waitFor();
    await page.waitForLoadState('networkidle');
    const refetched = requests.filter((path) => path.startsWith('/api/categories'));
    assert.deepEqual(refetched, [], `requests made on first load: ${requests.join(', ')}`);
    await page.context().close();
  });

  it('an unknown product answers 404 and shows the not-found screen', { timeout: 30_000 }, async () => {
    const { page, response } = await openRecording(PHONE, '/dealer/wellroot-organics/no-such-product');
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.context().close();
  });
});
