// What a farmer notices (issue 17), in Debian's Chromium against the real binary on a fresh demo
// shop, on a phone (390 px) and a desktop (1366 px), in English and Malayalam: bulk quantities
// typed on the product page and in the cart, pack sizes chosen from any product card, the phone
// field's flags as pictures, and the spec's last details (discount decimals, the breadcrumb's
// ellipsis, the awards' layout).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';

const { open } = browserSuite();

const LAPTOP = { width: 1366, height: 768 };
const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', LAPTOP],
];
const BOOSTER = '/dealer/wellroot-organics/root-booster-granules-for-cardamom-pepper';
const BOOSTER_NAME = 'Root Booster Granules for Cardamom & Pepper';

const shot = (page, name) => page.screenshot({ path: join(RESULTS, `e2e-farmer-${name}.png`) });

/** Waits until `read()` answers `expected` (the cart answers asynchronously). */
async function eventually(read, expected, what) {
  const deadline = Date.now() + 10_000;
  let last;
  while (Date.now() < deadline) {
    last = await read();
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(last, expected, what);
}

const panelOf = (page) => page.getByRole('dialog', { name: 'Shopping Cart' });

for (const [label, viewport] of VIEWPORTS) {
  describe(`bulk quantities on a ${label}`, () => {
    it('types 150 on the product page, is told how many are left past the stock, and types again in the cart', { timeout: 90_000 }, async () => {
      const page = await open(viewport, BOOSTER);
      await page.getByRole('heading', { level: 1, name: BOOSTER_NAME }).waitFor();
      const { body: product } = await callApi(page, 'GET', '/api/products/root-booster-granules-for-cardamom-pepper');
      const stock = product.variants[0].stock;
      assert.ok(stock >= 150 && stock < 9999, `the first pack has ${stock} in stock`);

      const field = page.getByRole('textbox', { name: 'Quantity' });
      assert.equal(await field.getAttribute('inputmode'), 'numeric');
      assert.equal(await field.getAttribute('pattern'), '[0-9]*');
      assert.ok(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled(), 'minus is disabled at 1');

      // More than the shop has: the field says how many are left, and Add sends nothing.
      const adds = [];
      page.on('request', (request) => request.url().endsWith('/api/cart/add') && adds.push(request.postDataJSON()));
      await field.fill(String(stock + 1));
      const message = `Only ${stock.toLocaleString('en-IN')} left. Please enter ${stock.toLocaleString('en-IN')} or fewer.`;
      await page.getByText(message).waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      assert.ok(await page.getByRole('button', { name: 'Add to cart' }).isDisabled());
      await shot(page, `over-stock-${label}`);

      // Letters are not a quantity either.
      await field.fill('ten');
      await field.press('Enter');
      await page.getByText('Type the quantity in digits, like 50.').waitFor();
      assert.deepEqual(adds, []);

      await field.fill('150');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const panel = panelOf(page);
      const line = panel.getByRole('listitem').filter({ hasText: BOOSTER_NAME });
      const lineField = line.getByRole('textbox', { name: /^Quantity of / });
      await eventually(() => lineField.inputValue(), '150', 'the line holds 150');
      assert.deepEqual(adds, [{ product_id: product.id, variant_id: product.variants[0].id, quantity: 150 }]);
      await eventually(() => page.getByTestId('cart-count').textContent(), '150', 'the bag counts 150');
      await shot(page, `added-150-${label}`);

      // In the cart: a typed quantity is sent on Enter; one past the stock is refused on the spot.
      const updates = [];
      page.on('request', (request) => request.url().endsWith('/api/cart/update') && updates.push(request.postDataJSON()));
      await lineField.fill('400');
      await lineField.press('Enter');
      await eventually(() => page.getByTestId('cart-count').textContent(), '400', 'the bag counts 400');
      await lineField.fill(String(stock + 50));
      await lineField.press('Enter');
      await line.getByText(`Only ${stock.toLocaleString('en-IN')} left.`, { exact: false }).waitFor();
      await lineField.fill('0');
      await lineField.press('Tab');
      await line.getByText('The quantity must be at least 1.').waitFor();
      assert.deepEqual(
        updates.map((body) => body.quantity),
        [400],
        'only the good quantity went to the server',
      );
      await shot(page, `cart-typed-${label}`);
      await page.context().close();
    });

    it('says the same in Malayalam', { timeout: 60_000 }, async () => {
      const page = await open(viewport, `/ml${BOOSTER}`);
      await page.locator('h1').waitFor();
      const field = page.getByRole('textbox', { name: 'എണ്ണം' });
      await field.fill('100000', { timeout: 10_000 }).catch(async (error) => {
        await shot(page, `ml-failed-${label}`);
        throw error;
      });
      await page.getByText(/എണ്ണം മാത്രമേ ബാക്കിയുള്ളൂ/).waitFor();
      await shot(page, `over-stock-ml-${label}`);
      await page.context().close();
    });
  });

  describe(`pack sizes from any card on a ${label}`, () => {
    it('opens the chooser on a card with several packs in a grid and adds the pack chosen', { timeout: 90_000 }, async () => {
      const page = await open(viewport, '/dealer/wellroot-organics');
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: BOOSTER_NAME }) });
      await card.waitFor();
      // Every card in the grid has the same action.
      const cards = await page.getByRole('article').count();
      assert.equal(await page.getByRole('article').getByRole('button', { name: /^Add to cart: / }).count(), cards);

      const button = card.getByRole('button', { name: `Add to cart: ${BOOSTER_NAME}` });
      await button.scrollIntoViewIfNeeded();
      assert.equal(await button.getAttribute('aria-haspopup'), 'dialog');
      await button.click();
      const chooser = page.getByRole('dialog', { name: 'Choose a pack size' });
      await chooser.waitFor();
      const five = chooser.getByRole('radio', { name: /^5 kg/ });
      await five.waitFor();
      assert.match((await chooser.textContent()) ?? '', /₹1,050\.00/);

      const box = await chooser.boundingBox();
      const at = await button.boundingBox();
      if (label === 'phone') {
        assert.equal(Math.round(box.width), viewport.width, 'a sheet as wide as the phone');
        assert.equal(Math.round(box.y + box.height), viewport.height, 'standing on the bottom edge');
      } else {
        assert.ok(box.width <= 330, `a small popover (${box.width} px)`);
        assert.ok(Math.abs(box.x - at.x) < 40 && (box.y >= at.y + at.height || box.y + box.height <= at.y), 'by its button');
      }
      await shot(page, `chooser-${label}`);

      await five.check();
      await chooser.getByRole('button', { name: 'Add to cart' }).click();
      await chooser.waitFor({ state: 'detached' });
      const panel = panelOf(page);
      await panel.getByText('WellRoot Organics · 5 kg').waitFor();
      await shot(page, `chooser-added-${label}`);
      await page.context().close();
    });

    it('offers the chooser on the featured carousel and in Malayalam', { timeout: 60_000 }, async () => {
      const page = await open(viewport, '/ml');
      const featured = page.locator('#featured-title');
      await featured.scrollIntoViewIfNeeded();
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: /Root Booster|റൂട്ട്/ }) }).first();
      const button = card.getByRole('button', { name: /കാർട്ടിൽ ചേർക്കുക/ });
      await button.click();
      const chooser = page.getByRole('dialog', { name: 'പാക്ക് സൈസ് തിരഞ്ഞെടുക്കുക' });
      await chooser.getByRole('radio').first().waitFor();
      await shot(page, `chooser-ml-${label}`);
      await page.keyboard.press('Escape');
      await chooser.waitFor({ state: 'detached' });
      await page.context().close();
    });
  });

  describe(`the phone field on a ${label}`, () => {
    it('shows country flags as pictures', { timeout: 60_000 }, async () => {
      const page = await open(viewport, '/contact');
      const country = page.getByRole('button', { name: /Country code: India/ });
      await country.waitFor();
      await country.scrollIntoViewIfNeeded();
      const flag = country.locator('img');
      assert.match((await flag.getAttribute('src')) ?? '', /^\/assets\/IN-[\w-]+\.svg$/);
      await eventually(() => flag.evaluate((img) => img.complete && img.naturalWidth > 0), true, 'the flag loaded');
      assert.doesNotMatch((await country.textContent()) ?? '', /\p{Regional_Indicator}/u, 'no emoji flag');
      await country.click();
      const list = page.getByRole('listbox');
      await list.getByRole('option').first().waitFor();
      assert.equal(await list.getByRole('option').first().locator('img').count(), 1, 'each country has its flag picture');
      await page.getByRole('combobox').fill('United Kingdom');
      const uk = list.getByRole('option', { name: /United Kingdom/ });
      await eventually(() => uk.locator('img').evaluate((img) => img.complete && img.naturalWidth > 0), true, 'the UK flag loaded');
      await shot(page, `flags-${label}`);
      await page.context().close();
    });
  });

  describe(`the spec's last details on a ${label}`, () => {
    it('writes discounts as whole percents on cards and with 2 decimals on the product, ends a long breadcrumb in an ellipsis and lays the awards out evenly', { timeout: 60_000 }, async () => {
      const product = await open(viewport, '/dealer/nilgiri-fertichem/npk-19-19-19-water-soluble-fertiliser');
      await product.getByText('16.28% off', { exact: true }).first().waitFor();
      await product.context().close();

      const page = await open(viewport, '/');
      const badges = page.getByText(/% off$/);
      await badges.first().waitFor();
      for (const text of await badges.allTextContents()) assert.match(text, /^\d+% off$/);

      const awards = page.locator('.award-grid > li');
      await awards.first().scrollIntoViewIfNeeded();
      // Layout boxes (offsetTop, offsetWidth): the cards' entrance animation moves them meanwhile.
      const boxes = await awards.evaluateAll((items) => items.map((item) => ({ top: item.offsetTop, width: item.offsetWidth })));
      const rows = new Map();
      for (const box of boxes) rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
      const grid = page.locator('.award-grid');
      const height = (await grid.boundingBox()).height;
      if (label === 'phone') {
        assert.ok(height < 1200, `the awards take ${height} px on a phone, not 2,000`);
      } else {
        const counts = [...rows.values()].map((row) => row.length);
        assert.ok(Math.max(...counts) - Math.min(...counts) <= 1, `balanced rows: ${counts}`);
        const widths = new Set(boxes.map((box) => Math.round(box.width)));
        assert.equal(widths.size, 1, 'cards of one width');
      }
      await grid.scrollIntoViewIfNeeded();
      await shot(page, `awards-${label}`);

      await page.goto(page.url().replace(/\/$/, BOOSTER), { waitUntil: 'domcontentloaded' });
      const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]');
      await crumb.waitFor();
      const style = await crumb.evaluate((node) => ({ overflow: getComputedStyle(node).textOverflow, cut: node.scrollWidth > node.clientWidth }));
      assert.equal(style.overflow, 'ellipsis');
      const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
      assert.ok(await nav.evaluate((node) => node.scrollWidth <= node.clientWidth), 'the trail never scrolls sideways');
      if (label === 'phone') assert.ok(style.cut, 'the long name ends in an ellipsis on a phone');
      else assert.ok(!style.cut, 'the whole name shows on a desktop');
      await shot(page, `breadcrumb-${label}`);
      await page.context().close();
    });
  });
}
