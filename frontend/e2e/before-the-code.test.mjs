// A drawn (server-rendered) product page used before the app's code has arrived, in Debian's
// Chromium against the real binary: on a slow phone a farmer taps a pack size and types a quantity
// while the code is still on its way. Once the app has taken the page over, the pack she sees
// chosen, the price shown and what Add to cart puts in the cart must all be hers (issue 27).
// The app's scripts are held back by request interception and let through after her taps. (The
// form post itself, before the app, is in slow-phone.test.mjs.)
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, RESULTS } from './harness.mjs';

const { baseUrl, browser } = browserSuite();

/** Holds every script of the app until `release()` is called; `held()` counts those asked for. */
async function holdScripts(context) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  let asked = 0;
  await context.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      asked += 1;
      await released;
      await route.continue();
    },
  );
  return { release, held: () => asked };
}

/** Waits until `read()` answers `expected`, then asserts it (the app answers asynchronously). */
async function eventually(read, expected, what) {
  const deadline = Date.now() + 10_000;
  let last;
  while (Date.now() < deadline) {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(last, expected, what);
}

describe('a drawn product page used before the app arrives', () => {
  it('keeps the pack tapped and the quantity typed, in the price and in the cart', { timeout: 90_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 1 });
    const scripts = await holdScripts(context);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|react\.dev\/errors\/4(18|19|2\d)/i.test(message.text())) problems.push(message.text());
    });

    await page.goto(`${baseUrl()}/dealer/wellroot-organics/vermicompost`, { waitUntil: 'domcontentloaded' });
    // The page is the server's: drawn, with the app's code asked for but not yet come.
    await page.getByRole('heading', { level: 1, name: 'Vermicompost' }).waitFor();
    await page.waitForFunction(() => document.querySelector('script[data-app]') !== null);
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-ready')), false, 'the app has not taken over yet');
    await page.getByText('₹90.00', { exact: true }).waitFor();

    // She chooses the 25 kg bag, in plain HTML: a link to the page with that pack, which the
    // server draws with its price before any of the app's code has come.
    await page.getByRole('radio', { name: '25 kg', exact: true }).click();
    await page.waitForURL(/\?pack=25-kg$/);
    await page.getByText('₹360.00', { exact: true }).waitFor();
    assert.equal(await page.getByRole('radio', { name: '25 kg', exact: true }).getAttribute('aria-checked'), 'true', 'the drawn page shows the 25 kg bag chosen');
    // Then types 3.
    const quantity = page.getByRole('textbox', { name: 'Quantity' });
    await quantity.fill('3');
    await eventually(() => scripts.held() > 0, true, 'the page asked for the app\'s scripts (held back)');
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-ready')), false, 'the taps came before the app');

    // The code comes; the app takes the page over.
    scripts.release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, { timeout: 30_000 });

    const price = async () => ((await page.getByText('Inclusive of all taxes').locator('xpath=..').innerText()).match(/₹[\d,.]+/) ?? [''])[0];
    await eventually(price, '₹360.00', 'the price shown is the 25 kg bag\'s');
    assert.equal(await page.getByRole('radio', { name: '25 kg', exact: true }).isChecked(), true, 'the 25 kg bag is the one shown chosen');
    assert.equal(await page.getByRole('radio', { name: '5 kg', exact: true }).isChecked(), false);
    assert.equal(await quantity.inputValue(), '3');
    await page.screenshot({ path: join(RESULTS, 'e2e-before-the-code-taken-over.png') });

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    const line = panel.getByRole('listitem').filter({ hasText: 'Vermicompost' });
    await line.getByText('WellRoot Organics · 25 kg').waitFor();
    const stepper = line.getByRole('group', { name: 'Quantity of Vermicompost, 25 kg' });
    await eventually(() => stepper.getByRole('textbox').inputValue(), '3', 'three bags of 25 kg are in the cart');
    await eventually(async () => ((await panel.getByTestId('cart-total').textContent()) ?? '').replace(/\s+/g, ' ').trim(), 'Total₹1,080.00', 'the cart total');
    assert.equal(await panel.getByRole('listitem').count(), 1, 'nothing else is in the cart');

    assert.deepEqual(problems, [], 'no script or hydration error');
    await context.close();
  });
});
