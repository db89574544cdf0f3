// Filters and order on product lists (issue 35) in Debian's Chromium against the real binary, in
// English, Malayalam and Tamil on a phone (390 px) and a laptop (1366 px): a category narrowed to a
// dealer and to what is in stock, cheapest first, each option with its count; the same address
// opened fresh with scripts off shows the same products (the server draws it); a search narrowed to
// a crop; a crop's page narrowed to a dealer. Screenshots go to /work/shots/filters (FILTER_SHOTS)
// and test-results/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
const LAPTOP = { width: 1366, height: 900 };
const SHOTS = process.env.FILTER_SHOTS ?? '/work/shots/filters';
mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => Promise.all([SHOTS, RESULTS].map((dir) => page.screenshot({ path: join(dir, `filters-${name}.png`), fullPage: true })));

/** The filter bar's words in each language (src/locales, `filters.*`). */
const WORDS = {
  en: { prefix: '', filters: 'Filters', inStock: 'In stock only', sort: 'Sort by', cheapest: 'Price: low to high' },
  ml: { prefix: '/ml', filters: 'ഫിൽട്ടറുകൾ', inStock: 'സ്റ്റോക്കുള്ളവ മാത്രം', sort: 'ക്രമം', cheapest: 'വില: കുറഞ്ഞത് ആദ്യം' },
  ta: { prefix: '/ta', filters: 'வடிகட்டிகள்', inStock: 'இருப்பில் உள்ளவை மட்டும்', sort: 'வரிசை', cheapest: 'விலை: குறைந்தது முதலில்' },
};

async function api(path, language) {
  const response = await fetch(`${suite.baseUrl()}${path}`, { headers: { Accept: 'application/json', 'Accept-Language': language } });
  assert.equal(response.status, 200, `GET ${path} in ${language}`);
  return response.json();
}

/** The product cards' names on the page, in order (text, as cards below the fold are not painted yet). */
const cardNames = async (page, selector = 'main article h3') => (await page.locator(selector).allTextContents()).map((text) => text.trim());

/** Waits until the cards are `names` (the last list stays on screen until the next has come), then checks. */
async function expectCards(page, names, message, selector = 'main article h3') {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && JSON.stringify(await cardNames(page, selector)) !== JSON.stringify(names)) await page.waitForTimeout(100);
  assert.deepEqual(await cardNames(page, selector), names, message);
}

/** Where the filter options are: the column beside the list, or the panel a phone opens from its button. */
async function filterOptions(page, viewport, words) {
  if (viewport === PHONE) {
    const sheet = page.getByTestId('filters-sheet');
    if (!(await sheet.evaluate((details) => details.open))) await sheet.locator('summary').click();
    return sheet.getByRole('group', { name: words.filters });
  }
  return page.getByRole('complementary', { name: words.filters });
}

/** An option's link by its name (the link also holds its count). */
const option = (within, name) => within.getByRole('link').filter({ has: within.page().locator('span', { hasText: new RegExp(`^${escape(name)}$`) }) });
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The count an option shows. */
const countOf = async (link) => Number((await link.locator('[data-count]').innerText()).replace(/[^0-9]/g, ''));

/** The dealer with the most products in a list, by its facets. */
function biggestBrand(facets) {
  return [...facets.brands].sort((a, b) => b.count - a.count)[0];
}

async function waitForQuery(page, part) {
  await page.waitForURL((url) => url.search.includes(part), { timeout: 10_000 });
}

describe('filters on product lists', () => {
  for (const language of ['en', 'ml', 'ta']) {
    const words = WORDS[language];
    const category = `${words.prefix}/category/crop-protection`;

    for (const viewport of [PHONE, LAPTOP]) {
      const size = viewport.width;

      it(`${category} at ${size} px: a dealer, in stock, cheapest first, with counts`, { timeout: 90_000 }, async () => {
        const all = await api('/api/categories/crop-protection/products?per_page=48', language);
        const brand = biggestBrand(all.facets);
        assert.ok(brand.count >= 2, 'the demo shop has a dealer with several crop protection products');
        const page = await suite.open(viewport, category);
        await page.locator('main article').first().waitFor();

        let options = await filterOptions(page, viewport, words);
        const brandLink = option(options, brand.name);
        assert.equal(await countOf(brandLink), brand.count, `${brand.name} shows its count`);
        await brandLink.click();
        await waitForQuery(page, `brand=${brand.slug}`);

        options = await filterOptions(page, viewport, words);
        const inStock = option(options, words.inStock);
        await inStock.waitFor();
        await inStock.click();
        await waitForQuery(page, 'stock=in');

        if (viewport === PHONE) await page.getByTestId('filters-sheet').locator('summary').click();
        await page.getByRole('combobox', { name: words.sort }).selectOption({ label: words.cheapest });
        const query = `brand=${brand.slug}&sort=price-asc&stock=in`;
        await waitForQuery(page, query);

        const expected = await api(`/api/categories/crop-protection/products?${query}`, language);
        assert.ok(expected.data.length > 0);
        assert.ok(expected.data.every((card) => card.brandSlug === brand.slug), 'the API answers the dealer’s products');
        const prices = expected.data.map((card) => card.retail_price);
        assert.deepEqual(prices, [...prices].sort((a, b) => a - b), 'cheapest first');
        await expectCards(page, expected.data.map((card) => card.name), 'the page shows the dealer’s products in stock, cheapest first');
        const brands = await page.locator('main article p').allTextContents();
        assert.ok(brands.every((name) => name.toLowerCase() === brand.name.toLowerCase()), `only ${brand.name}: ${brands}`);

        // The options still show their counts, the ticked ones marked.
        options = await filterOptions(page, viewport, words);
        const ticked = option(options, brand.name);
        assert.equal(await ticked.getAttribute('aria-current'), 'true');
        assert.equal(await countOf(ticked), expected.facets.brands.find((b) => b.slug === brand.slug).count);
        assert.equal(await countOf(option(options, words.inStock)), expected.facets.in_stock.count);
        await shot(page, `category-${language}-${size}`);

        // Opened afresh, the app takes over the drawn list under the key the server seeded: it asks nothing again.
        const asked = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/categories/')) asked.push(request.url());
        });
        await page.reload();
        await page.locator('main article').first().waitFor();
        assert.ok(await page.evaluate(() => document.documentElement.hasAttribute('data-ready')), 'the app has taken the page over');
        await expectCards(page, expected.data.map((card) => card.name), 'the drawn page shows the same list');
        assert.deepEqual(asked, [], 'the list is not asked for again');

        // Back goes to the list before the order changed.
        await page.goBack();
        await page.waitForURL((url) => !url.search.includes('sort='));
      });

      it(`${words.prefix}/search at ${size} px: a search narrowed to a crop`, { timeout: 60_000 }, async () => {
        const all = await api('/api/search/facets?search=neem', language);
        const crop = [...all.facets.crops].sort((a, b) => b.count - a.count)[0];
        assert.ok(crop && crop.count > 0 && crop.count < all.total, 'some of neem’s products are for one crop');
        const page = await suite.open(viewport, `${words.prefix}/search?search=neem`);
        await page.locator('main article').first().waitFor();
        const options = await filterOptions(page, viewport, words);
        const cropLink = option(options, crop.name);
        assert.equal(await countOf(cropLink), crop.count);
        await cropLink.click();
        await waitForQuery(page, `crop=${crop.slug}`);
        const expected = await fetch(`${suite.baseUrl()}/api/search?search=neem&crop=${crop.slug}&per_page=24`, { headers: { 'Accept-Language': language } }).then((r) => r.json());
        await expectCards(page, expected.map((card) => card.name), 'the page shows the crop’s products of the search');
        assert.ok(new URL(page.url()).searchParams.get('search') === 'neem', 'the term stays');
        await shot(page, `search-${language}-${size}`);
      });

      it(`${words.prefix}/crop/cardamom at ${size} px: a crop’s page narrowed to a dealer`, { timeout: 60_000 }, async () => {
        const all = await api('/api/crops/cardamom', language);
        assert.deepEqual(all.facets.crops, [], 'no crop filter on a crop’s page');
        const brand = biggestBrand(all.facets);
        const page = await suite.open(viewport, `${words.prefix}/crop/cardamom`);
        await page.locator('main article').first().waitFor();
        const options = await filterOptions(page, viewport, words);
        const brandLink = option(options, brand.name);
        assert.equal(await countOf(brandLink), brand.count);
        await brandLink.click();
        await waitForQuery(page, `brand=${brand.slug}`);
        const expected = await api(`/api/crops/cardamom?brand=${brand.slug}`, language);
        // Each need shows its first four cards; every card on the page is the dealer's.
        const shown = expected.groups.flatMap((group) => group.products.slice(0, 4).map((card) => card.name));
        await expectCards(page, shown, 'each need shows the dealer’s products', 'main section[id^="need-"] article h3');
        const brands = await page.locator('main article p').allTextContents();
        assert.ok(brands.every((name) => name.toLowerCase() === brand.name.toLowerCase()), `only ${brand.name}: ${brands}`);
        await shot(page, `crop-${language}-${size}`);
      });
    }

    it(`${category} with filters opened fresh with scripts off shows the same products`, { timeout: 60_000 }, async () => {
      const all = await api('/api/categories/crop-protection/products', language);
      const brand = biggestBrand(all.facets);
      const query = `brand=${brand.slug}&sort=price-asc&stock=in`;
      const expected = await api(`/api/categories/crop-protection/products?${query}`, language);
      const context = await suite.browser().newContext({ viewport: PHONE, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        const response = await page.goto(`${suite.baseUrl()}${category}?${query}`);
        assert.equal(response.status(), 200);
        assert.deepEqual(await cardNames(page), expected.data.map((card) => card.name), 'the server drew the filtered list');
        const head = await page.content();
        assert.ok(head.includes('<meta name="robots" content="noindex, follow">'), 'a filtered list is not indexed');
        assert.match(head, new RegExp(`<link rel="canonical" href="[^"]*${escape(category)}">`), 'its canonical link is the whole list');
        // The options are links the server draws too: another dealer's is a real address.
        const other = all.facets.brands.find((b) => b.slug !== brand.slug);
        await page.getByTestId('filters-sheet').locator('summary').click();
        const href = await option(page.getByTestId('filters-sheet'), other.name).getAttribute('href');
        assert.equal(href, `${category}?brand=${[brand.slug, other.slug].sort().join(',')}&sort=price-asc&stock=in`);
        await shot(page, `no-script-${language}-390`);
      } finally {
        await context.close();
      }
    });
  }
});
