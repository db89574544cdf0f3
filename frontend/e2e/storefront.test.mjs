// Shopper journeys in Debian's Chromium against the real storefront binary serving the built app
// on a freshly seeded SQLite database, on a phone (390×844) and a desktop (1440×900).
import assert from 'node:assert/strict';

import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, DESKTOP, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
const open = suite.open;

const shot = (page, name) => page.screenshot({ path: join(RESULTS, `e2e-${name}.png`) });
const viewports = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

describe('home page', () => {
  for (const [label, viewport] of viewports) {
    it(`shows every section on a ${label}`, { timeout: 60_000 }, async () => {
      const page = await open(viewport, '/');
      await page.getByRole('heading', { level: 1, name: /Revolutionising agriculture, one crop at a time/ }).waitFor();
      await shot(page, `home-${label}`);
      assert.equal(await page.title(), 'Plantation inputs for Kerala and Tamil Nadu | WellRoot Agri Inputs');

      const brands = page.getByRole('region', { name: 'Brands we deal in' });
      await brands.waitFor();
      assert.ok((await brands.getByRole('link').count()) >= 10, 'the brand carousel lists the brands with images');
      assert.match((await brands.getByRole('link').first().getAttribute('href')) ?? '', /^\/dealer\/[a-z0-9-]+$/);

      const research = page.getByRole('region', { name: 'A plan for every crop, backed by research' });
      assert.equal(await research.getByRole('link', { name: 'Get In Touch' }).getAttribute('href'), '/contact');
      for (const crop of ['Cardamom', 'Pepper', 'Passion fruit', 'Banana', 'Pineapple', 'Vegetables']) {
        await research.getByText(crop, { exact: true }).waitFor();
      }

      const featured = page.getByRole('region', { name: 'Featured Products' });
      await featured.scrollIntoViewIfNeeded();
      await featured.getByRole('link').first().waitFor();
      assert.match((await featured.getByRole('link').first().getAttribute('href')) ?? '', /^\/dealer\/[a-z0-9-]+\/[a-z0-9-]+$/);
      await shot(page, `home-featured-${label}`);

      const awards = page.getByRole('heading', { name: 'Awards & Certifications' });
      await awards.scrollIntoViewIfNeeded();
      assert.ok((await page.locator('.award-card').count()) > 0);
      await page.getByRole('heading', { name: 'Let’s grow your harvest together' }).waitFor();

      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await footer.getByText(new RegExp(`^© ${new Date().getFullYear()} WellRoot Agri Inputs Private Limited\\..* since 2007\\.$`)).waitFor();
      for (const name of ['About Us', 'Contact Us', 'Terms and Conditions', 'Privacy Policy']) {
        await footer.getByRole('link', { name }).waitFor();
      }
      assert.equal(await footer.getByRole('img').count(), 2, 'the two shop photos');
      await shot(page, `home-footer-${label}`);
      await page.context().close();
    });
  }
});

describe('desktop header', () => {
  it('opens the Dealers dropdown; a brand leads to its page', { timeout: 60_000 }, async () => {
    const page = await open(DESKTOP, '/');
    await page.getByRole('button', { name: 'Dealers' }).click();
    const panel = page.locator('#dealers-panel');
    await panel.getByRole('link', { name: 'Malabar AgroChem' }).waitFor();
    await shot(page, 'dealers-dropdown');
    const columns = await panel.locator('ul').first().evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    assert.equal(columns, 3);
    await panel.getByRole('link', { name: 'Malabar AgroChem' }).click();
    await page.waitForURL(/\/dealer\/malabar-agrochem$/);
    await page.getByRole('heading', { level: 1, name: 'Malabar AgroChem' }).waitFor();
    assert.equal(await panel.count(), 0, 'the dropdown closed on navigation');
    await page.getByRole('list', { name: 'Products by Malabar AgroChem' }).getByRole('link').first().waitFor();
    await shot(page, 'brand-page');
    await page.context().close();
  });

  it('opens the Products dropdown of categories and sub-categories; the backdrop closes it', { timeout: 60_000 }, async () => {
    const page = await open(DESKTOP, '/');
    await page.getByRole('button', { name: 'Products', exact: true }).click();
    const panel = page.locator('#products-panel');
    await panel.getByRole('link', { name: 'Fertilisers', exact: true }).waitFor();
    await shot(page, 'products-dropdown');
    const columns = await panel.locator('ul').first().evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    assert.equal(columns, 4);
    assert.equal(await panel.getByRole('link', { name: 'Micronutrients' }).getAttribute('href'), '/category/fertilisers/micronutrients');
    await page.mouse.click(720, 800);
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Products', exact: true }).click();
    await panel.getByRole('link', { name: 'Micronutrients' }).click();
    await page.waitForURL(/\/category\/fertilisers\/micronutrients$/);
    await page.getByRole('heading', { level: 1, name: 'Micronutrients' }).waitFor();
    await page.context().close();
  });
});

describe('category to sub-category to product', () => {
  for (const [label, viewport] of viewports) {
    it(`on a ${label}`, { timeout: 60_000 }, async () => {
      const page = await open(viewport, '/category/fertilisers');
      await page.getByRole('heading', { level: 1, name: 'Fertilisers' }).waitFor();
      await page.getByRole('list', { name: 'Products in Fertilisers' }).getByRole('link').first().waitFor();
      await shot(page, `category-${label}`);

      await page.getByRole('navigation', { name: 'Sub-categories' }).getByRole('link', { name: 'Organic Manures' }).click();
      await page.waitForURL(/\/category\/fertilisers\/organic-manures$/);
      await page.getByRole('heading', { level: 1, name: 'Organic Manures' }).waitFor();
      const list = page.getByRole('list', { name: 'Products in Organic Manures' });
      const first = list.getByRole('link').first();
      await first.waitFor();
      await shot(page, `sub-category-${label}`);
      const name = (await first.textContent())?.trim() ?? '';
      await first.click();
      await page.waitForURL(/\/category\/fertilisers\/organic-manures\/[a-z0-9-]+$/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByText('Inclusive of all taxes').waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).waitFor();
      const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents();
      // A phone shows Home, the parent and the page; a desktop the whole trail.
      assert.deepEqual(crumbs.slice(0, -1), label === 'phone' ? ['Home', 'Organic Manures'] : ['Home', 'Fertilisers', 'Organic Manures']);
      assert.equal(await page.title(), `${name} | WellRoot Agri Inputs`);
      await shot(page, `product-${label}`);
      await page.context().close();
    });
  }

  it('adds a product to the cart and opens the Shopping Cart panel', { timeout: 60_000 }, async () => {
    const page = await open(PHONE, '/category/fertilisers/organic-manures/neem-cake-powder');
    await page.getByRole('heading', { level: 1, name: 'Neem Cake Powder' }).waitFor();
    await page.getByRole('radio', { name: '25 kg', exact: true }).click();
    assert.ok(await page.getByRole('radio', { name: '25 kg' }).isChecked());
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await panel.getByRole('link', { name: 'Neem Cake Powder' }).waitFor();
    await panel.getByText('25 kg', { exact: false }).waitFor();
    await panel.locator('input[aria-label="Quantity of Neem Cake Powder, 25 kg"][value="2"]').waitFor();
    await shot(page, 'cart-panel');
    await panel.getByRole('button', { name: 'Continue Shopping' }).click();
    await panel.waitFor({ state: 'hidden' });
    assert.equal(await page.getByTestId('cart-count').textContent(), '2');
    assert.equal(await page.getByRole('button', { name: 'Shopping cart, 2 items' }).count(), 1);
    await page.context().close();
  });

  it('shows a not-found screen for an unknown product and route', { timeout: 30_000 }, async () => {
    const page = await open(PHONE, '/dealer/malabar-agrochem/no-such-product');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.goto(`${suite.baseUrl()}/no/such/page/at/all`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await shot(page, 'not-found');
    await page.context().close();
  });
});

describe('search', () => {
  for (const [label, viewport] of viewports) {
    it(`overlay and results page on a ${label}`, { timeout: 60_000 }, async () => {
      const page = await open(viewport, '/');
      await page.getByRole('button', { name: 'Search products' }).click();
      const overlay = page.getByRole('dialog', { name: 'Search for Products' });
      const box = overlay.getByPlaceholder('Enter your search here');
      await box.fill('neem');
      // The three best: products named for neem before those that only come near it (a typo
      // is forgiven from four letters), and a way to all of them.
      await overlay.getByRole('link', { name: /^View all results \(\d+\)$/ }).waitFor();
      await shot(page, `search-overlay-${label}`);
      const results = overlay.getByRole('list', { name: 'Search results' }).locator(':scope > li');
      assert.ok((await results.count()) <= 3);
      for (const href of await results.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
        assert.match(href ?? '', /^\/dealer\/[a-z0-9-]+\/[a-z0-9-]*neem[a-z0-9-]*$/);
      }

      await box.fill('fertiliser');
      // The link for fertiliser, not the one neem's results showed a moment before.
      const viewAll = overlay.getByRole('link', { name: /^View all results \(\d+\)$/ }).and(overlay.locator('a[href$="search=fertiliser"]'));
      await viewAll.waitFor();
      assert.equal(await overlay.getByRole('list', { name: 'Search results' }).locator(':scope > li').count(), 3);
      await viewAll.click();
      await page.waitForURL(/\/search\?search=fertiliser$/);
      await page.getByRole('heading', { level: 1, name: 'Results for “fertiliser”' }).waitFor();
      await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().waitFor();
      assert.equal(await overlay.count(), 0, 'the overlay closed on navigation');
      await shot(page, `search-results-${label}`);

      await page.getByRole('button', { name: 'Search products' }).click();
      await box.fill('zzzqqq');
      await overlay.getByText(/No products match/).waitFor();
      await page.keyboard.press('Escape');
      await overlay.waitFor({ state: 'hidden' });
      await page.context().close();
    });
  }

  it('lists every product at /search, loading pages as the shopper scrolls', { timeout: 90_000 }, async () => {
    const page = await open(DESKTOP, '/search');
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    // The cards, not the variant-name lists inside them.
    const items = page.getByRole('list', { name: 'Search results' }).locator(':scope > li');
    await items.first().waitFor();
    // The first page arrives as a whole, but may render a moment after the first card.
    for (let i = 0; i < 50 && (await items.count()) < 24; i++) await page.waitForTimeout(100);
    assert.ok((await items.count()) >= 24, 'a first page of 24');
    const total = Number(((await page.getByText(/^\d+ products$/).textContent()) ?? '').split(' ')[0]);
    assert.ok(total > 48, `the demo catalogue has more than two pages (${total})`);
    for (let i = 0; i < 20 && !(await page.getByText('No more results!').isVisible()); i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(250);
    }
    await page.getByText('No more results!').waitFor();
    assert.equal(await items.count(), total);
    await page.context().close();
  });
});

describe('mobile menu', () => {
  it('opens a side dialog with collapsible Dealers and Products, and closes on navigation', { timeout: 60_000 }, async () => {
    const page = await open(PHONE, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await menu.getByText('Products', { exact: true }).click();
    await menu.getByRole('link', { name: 'Crop Protection', exact: true }).waitFor();
    await menu.getByText('Dealers', { exact: true }).click();
    await menu.getByRole('link', { name: 'Malabar AgroChem' }).waitFor();
    await shot(page, 'mobile-menu');
    for (const name of ['About Us', 'Contact Us', 'Search Products']) await menu.getByRole('link', { name }).waitFor();

    // Focus stays inside the open dialog.
    for (let i = 0; i < 60; i++) await page.keyboard.press('Tab');
    assert.ok(await menu.evaluate((dialog) => dialog.contains(document.activeElement)), 'focus is trapped in the menu');

    await menu.getByRole('link', { name: 'Crop Protection', exact: true }).click();
    await page.waitForURL(/\/category\/crop-protection$/);
    await page.getByRole('heading', { level: 1, name: 'Crop Protection' }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

