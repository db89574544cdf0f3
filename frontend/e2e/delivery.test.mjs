// PIN codes and delivery in Debian's Chromium against the real binary, on a phone (390 px) and a
// desktop (1366 px): "Check delivery" on a product page says the days and the fee for the pack
// (and remembers the PIN code for the next product) or that the shop does not deliver there; at
// checkout a typed PIN code fills the district and state and prices delivery by weight, and a PIN
// code outside every zone is refused by the server, beside the PIN code field.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
const LAPTOP = { width: 1366, height: 768 };

async function shot(page, name, options = {}) {
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(RESULTS, `e2e-${name}.png`), ...options });
}

const rupees = (amount) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);
const field = (page, id) => page.locator(`[id="${id}"]`);

/** Types a PIN code into the product page's box and checks it; answers the box's result. */
async function checkDelivery(page, pin) {
  const box = page.getByRole('region', { name: 'Check delivery' });
  await box.getByLabel('Your PIN code').fill(pin);
  await box.getByRole('button', { name: 'Check' }).click();
  return box.getByTestId('delivery-result');
}

describe('PIN codes and delivery', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', LAPTOP],
  ]) {
    it(`on a ${label}`, { timeout: 150_000 }, async () => {
      // A 50 kg sack of compost (54.02 kg with its bag, ₹320).
      const page = await suite.open(viewport, '/dealer/wellroot-organics/farmyard-compost-loose');
      const heading = page.getByRole('heading', { level: 1, name: 'Farmyard Compost (Loose)' });
      await heading.waitFor();

      // Kochi: the rest of Kerala, 2–3 days, ₹250 for 50 kg and ₹200 for the further 4.02 kg.
      let result = await checkDelivery(page, '682 001');
      await result.getByText('We deliver to Ernakulam, Kerala in 2–3 days.').waitFor();
      await result.getByText(`Delivery charge for 1 pack: ${rupees(450)}`).waitFor();
      await page.getByRole('region', { name: 'Check delivery' }).scrollIntoViewIfNeeded();
      await shot(page, `delivery-check-${label}`);

      // Port Blair is not served.
      result = await checkDelivery(page, '744101');
      await result.getByText('Sorry, we do not deliver to South Andamans, Andaman and Nicobar Islands (PIN code 744101).').waitFor();
      await shot(page, `delivery-not-served-${label}`);

      // The next product remembers the PIN code and answers at once: Kumily, Idukki, 1–2 days.
      await checkDelivery(page, '685509');
      await page.goto(`${suite.baseUrl()}/dealer/anamalai-tools/banana-bunch-knife`);
      await page.getByRole('heading', { level: 1, name: 'Banana Bunch Knife' }).waitFor();
      const box = page.getByRole('region', { name: 'Check delivery' });
      assert.equal(await box.getByLabel('Your PIN code').inputValue(), '685509');
      await box.getByText('We deliver to Idukki, Kerala in 1–2 days.').waitFor();
      await box.getByText(`Delivery charge for 1 pack: ${rupees(40)}`).waitFor();

      // Checkout: two sacks in the cart.
      const compost = (await callApi(page, 'GET', '/api/products/farmyard-compost-loose')).body;
      const added = await callApi(page, 'POST', '/api/cart/add', { product_id: compost.id, variant_id: compost.variants[0]?.id ?? compost.default_variant_id, quantity: 2 });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      await page.goto(`${suite.baseUrl()}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await page.getByLabel('Full name').fill('Suma Mathew');
      await page.getByLabel('E-mail').fill(`suma.${label}@example.test`);
      await field(page, 'contact.phone').fill('9847012345');
      await page.getByRole('button', { name: 'Use my name and number' }).click();
      await field(page, 'shipping_address.line1').fill('Mathew Estate, Anakkara');
      await page.getByTestId('summary-shipping').getByText('From your PIN code').waitFor();
      // The PIN code fills the district and state.
      await field(page, 'shipping_address.pincode').fill('685512');
      await page.waitForFunction(() => document.getElementById('shipping_address.district')?.value === 'Idukki');
      assert.equal(await field(page, 'shipping_address.state').inputValue(), 'Kerala');
      await field(page, 'shipping_address.city').fill('Anakkara');
      await page.getByTestId('delivery-note').getByText('We deliver here in 1–2 days.').waitFor();
      // 108.04 kg to Idukki: ₹120 for 50 kg and ₹100 for each further 50 kg begun, two of them.
      await page.getByTestId('summary-shipping').getByText(rupees(320)).waitFor();
      await shot(page, `delivery-checkout-${label}`, { fullPage: true });

      // A PIN code outside every zone: the form says so, and the server refuses the order.
      await field(page, 'shipping_address.pincode').fill('744101');
      await page.getByTestId('delivery-note').getByText('Sorry, we do not deliver to PIN code 744101.').waitFor();
      await page.waitForFunction(() => document.getElementById('shipping_address.state')?.value === 'Andaman and Nicobar Islands');
      await field(page, 'shipping_address.city').fill('Port Blair');
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('alert').first().waitFor();
      await page.getByText('We do not deliver to PIN code 744101.', { exact: true }).first().waitFor();
      assert.equal(await field(page, 'shipping_address.pincode').getAttribute('aria-invalid'), 'true');
      assert.match(await field(page, 'shipping_address.pincode').evaluate((input) => input.getAttribute('aria-describedby') ?? ''), /\S/);
      await shot(page, `delivery-refused-${label}`, { fullPage: true });
      const orders = await callApi(page, 'GET', '/api/cart');
      assert.equal(orders.body.cart.count, 2, 'the cart is kept');
      await page.context().close();
    });
  }
});
