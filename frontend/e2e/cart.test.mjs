// The server-side cart in Debian's Chromium against the real storefront binary (fresh seeded
// SQLite): add from a product page and from a product card, change quantities in the Shopping Cart
// panel, keep the cart across a reload, see a refusal explained, clear it; on a phone and a desktop.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, DESKTOP, PHONE, RESULTS } from './harness.mjs';

const { baseUrl, open } = browserSuite();

const shot = (page, name) => page.screenshot({ path: join(RESULTS, `e2e-cart-${name}.png`) });

/** Waits until the quantity field in `stepper` holds `value`. */
async function waitForQuantity(stepper, value) {
  const field = stepper.getByRole('textbox');
  const deadline = Date.now() + 10_000;
  let last;
  while (Date.now() < deadline) {
    last = await field.inputValue();
    if (last === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(last, value);
}

/** Waits until the locator's text is exactly `text` (the cart answers asynchronously). */
async function waitForText(locator, text) {
  const deadline = Date.now() + 10_000;
  let last;
  while (Date.now() < deadline) {
    last = ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    if (last === text) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(last, text);
}

const panelOf = (page) => page.getByRole('dialog', { name: 'Shopping Cart' });
const totalOf = (page) => panelOf(page).getByTestId('cart-total');
const badge = (page) => page.getByTestId('cart-count');

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
]) {
  describe(`the cart on a ${label}`, () => {
    it('adds, changes, survives a reload, and clears', { timeout: 90_000 }, async () => {
      const page = await open(viewport, '/dealer/wellroot-organics/vermicompost');
      await page.getByRole('heading', { level: 1, name: 'Vermicompost' }).waitFor();
      await page.getByRole('radio', { name: '25 kg', exact: true }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();

      // The panel opens on the added line.
      const panel = panelOf(page);
      await panel.waitFor();
      const line = panel.getByRole('listitem').filter({ hasText: 'Vermicompost' });
      await line.getByRole('link', { name: 'Vermicompost' }).waitFor();
      assert.equal(await line.getByRole('link', { name: 'Vermicompost' }).getAttribute('href'), '/dealer/wellroot-organics/vermicompost');
      const image = line.locator('img');
      assert.equal(await image.getAttribute('width'), '80');
      assert.equal(await image.getAttribute('height'), '80');
      await line.getByText('WellRoot Organics · 25 kg').waitFor();
      await waitForText(totalOf(page), 'Total₹360.00');
      const stepper = line.getByRole('group', { name: 'Quantity of Vermicompost, 25 kg' });
      assert.ok(await stepper.getByRole('button', { name: 'Decrease quantity' }).isDisabled(), 'minus is disabled at 1');
      await shot(page, `added-${label}`);

      // The stepper changes the line and the total.
      await stepper.getByRole('button', { name: 'Increase quantity' }).click();
      await waitForText(totalOf(page), 'Total₹720.00');
      await waitForQuantity(stepper, '2');
      await waitForText(badge(page), '2');
      await panel.getByText('Includes ₹34.29 GST').waitFor();
      await shot(page, `stepper-${label}`);

      // Escape closes; focus comes back to the page.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });

      // A reload keeps the cart: it lives on the server, with the session.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await waitForText(badge(page), '2');
      await page.getByRole('button', { name: 'Shopping cart, 2 items' }).click();
      await waitForText(totalOf(page), 'Total₹720.00');
      await stepper.getByRole('button', { name: 'Decrease quantity' }).click();
      await waitForText(totalOf(page), 'Total₹360.00');
      await panel.getByRole('button', { name: 'Continue Shopping' }).click();
      await panel.waitFor({ state: 'hidden' });

      // A product with one variant goes in straight from its card.
      await page.goto(`${baseUrl()}/dealer/thekkady-sprayers`, { waitUntil: 'domcontentloaded' });
      const add = page.getByRole('button', { name: 'Add to cart: 16 L Manual Knapsack Sprayer' });
      await add.scrollIntoViewIfNeeded();
      await shot(page, `cards-${label}`);
      await add.click();
      await panel.getByRole('link', { name: '16 L Manual Knapsack Sprayer' }).waitFor();
      await waitForText(totalOf(page), 'Total₹1,710.00');
      await waitForText(badge(page), '2');
      await shot(page, `two-lines-${label}`);

      // Clear Cart empties it, here and on the server.
      await panel.getByRole('button', { name: 'Clear Cart' }).click();
      await panel.getByText('Your cart is empty.').waitFor();
      assert.ok(await panel.getByRole('button', { name: 'Checkout' }).isDisabled(), 'Checkout is disabled when empty');
      assert.equal(await panel.getByRole('button', { name: 'Clear Cart' }).count(), 0);
      assert.equal(await badge(page).count(), 0);
      await shot(page, `empty-${label}`);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'Shopping cart' }).click();
      await panel.getByText('Your cart is empty.').waitFor();
      await page.context().close();
    });

    it('explains a refusal and puts the quantity back', { timeout: 60_000 }, async () => {
      // The injector has 2 in stock.
      const page = await open(viewport, '/dealer/periyar-drip-systems/venturi-fertigation-injector-1-inch');
      await page.getByRole('heading', { level: 1, name: 'Venturi Fertigation Injector 1 inch' }).waitFor();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const panel = panelOf(page);
      const stepper = panel.getByRole('group', { name: 'Quantity of Venturi Fertigation Injector 1 inch' });
      await waitForQuantity(stepper, '2');
      assert.ok(await stepper.getByRole('button', { name: 'Increase quantity' }).isDisabled(), 'plus stops at what is in stock');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });

      // One more from the card is more than the shop has: the server says so, and the shopper sees it.
      await page.goto(`${baseUrl()}/dealer/periyar-drip-systems`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'Add to cart: Venturi Fertigation Injector 1 inch' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Could not add to cart' });
      await alert.getByText('Only 2 of Venturi Fertigation Injector 1 inch can be bought now.').waitFor();
      await shot(page, `refused-add-${label}`);
      assert.equal(await panel.count(), 0, 'the panel stays shut');
      await waitForText(badge(page), '2');

      // A change the server refuses is rolled back, with the toast shown over the open panel.
      await page.route('**/api/cart/update', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The shop is busy.' }) }),
      );
      await page.getByRole('button', { name: 'Shopping cart, 2 items' }).click();
      await stepper.getByRole('button', { name: 'Decrease quantity' }).click();
      const refused = panel.getByRole('alert').filter({ hasText: 'Could not change the quantity' });
      await refused.waitFor();
      await waitForQuantity(stepper, '2');
      await waitForText(totalOf(page), 'Total₹1,780.00');
      await shot(page, `refused-update-${label}`);
      await refused.getByRole('button', { name: 'Dismiss notification' }).click();
      await refused.waitFor({ state: 'detached' });

      // Checkout closes the panel and leads to /checkout.
      await page.unroute('**/api/cart/update');
      await panel.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(/\/checkout$/);
      await panel.waitFor({ state: 'hidden' });
      await page.context().close();
    });
  });
}
