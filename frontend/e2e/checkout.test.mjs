// Checkout journeys in Debian's Chromium against the real storefront binary on a freshly seeded
// SQLite database: a guest orders with cash on delivery (on a phone and a desktop), a registered
// shopper orders by bank transfer with a GST invoice and finds the order in their account; each
// opens the order and its tax invoice, which is also printed to PDF.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, DESKTOP, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
const open = suite.open;

/** A screenshot; a whole-page one is taken from the top, so sticky parts sit where they belong. */
async function shot(page, name, options = {}) {
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(RESULTS, `e2e-${name}.png`), ...options });
}

/** Adds a product's first pack size with enough stock to the cart through the API; answers the cart. */
async function addToCart(page, slug, quantity) {
  const product = (await callApi(page, 'GET', `/api/products/${slug}`)).body;
  const variant = product.variants.find((v) => v.stock >= quantity)?.id ?? product.default_variant_id;
  const added = await callApi(page, 'POST', '/api/cart/add', { product_id: product.id, variant_id: variant, quantity });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  return added.body;
}

/** A GSTIN with a correct check character (the GSTN's mod-36 scheme) for the first 14 characters. */
function gstin(first14) {
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let sum = 0;
  [...first14].forEach((char, index) => {
    const product = chars.indexOf(char) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  });
  return first14 + chars[(36 - (sum % 36)) % 36];
}

const TITLES = { tax_invoice: 'Tax Invoice', bill_of_supply: 'Bill of Supply', invoice_cum_bill: 'Invoice-cum-Bill of Supply' };
const rupees = (amount) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);
const field = (page, id) => page.locator(`[id="${id}"]`);

async function fillAddress(page, { line1, city, district, state, pincode }) {
  await field(page, 'shipping_address.line1').fill(line1);
  await field(page, 'shipping_address.city').fill(city);
  await field(page, 'shipping_address.district').fill(district);
  await field(page, 'shipping_address.state').selectOption(state);
  await field(page, 'shipping_address.pincode').fill(pincode);
}

/**
 * On an order's page: no invoice until the shop confirms the order (here from the command line, as
 * staff would from the desk); then its tax invoice, in the shop's own series, checked against the
 * order the API answers.
 */
async function checkInvoice(page, uuid, label) {
  const placed = (await callApi(page, 'GET', `/api/orders/${uuid}`)).body;
  await page.getByRole('heading', { level: 1, name: `Order ${placed.number}` }).waitFor();
  await page.getByTestId('invoice-pending').waitFor();
  assert.equal(placed.invoice, null, 'no invoice before the order is confirmed');
  suite.shop().command(['order-status', placed.number, 'confirmed']);
  await page.reload({ waitUntil: 'domcontentloaded' });
  const order = (await callApi(page, 'GET', `/api/orders/${uuid}`)).body;
  assert.match(order.invoice.number, /^WR\/\d\d-\d\d\/\d{6}$/);
  // One document (a knife is exempt: with taxable goods, a consumer's is an invoice-cum-bill).
  assert.equal(order.documents.length, 1);
  const invoice = page.locator('[id="tax-invoice"]').getByRole('article', { name: TITLES[order.invoice.kind] });
  await invoice.waitFor();
  await invoice.getByText(order.invoice.number, { exact: true }).waitFor();
  await invoice.getByText(order.seller.gstin, { exact: true }).waitFor();
  await invoice.getByText(order.seller.legal_name).first().waitFor();
  for (const line of order.lines) {
    await invoice.getByRole('cell', { name: line.hsn_code, exact: true }).first().waitFor();
  }
  assert.equal(await invoice.getByTestId('invoice-total').textContent(), rupees(order.totals.total));
  await invoice.getByText(order.total_in_words).waitFor();
  const taxColumns = order.place_of_supply === 'intra_state' ? ['CGST', 'SGST'] : ['IGST'];
  for (const name of taxColumns) await invoice.getByRole('columnheader', { name, exact: true }).waitFor();
  await shot(page, `order-${label}`, { fullPage: true });

  // On paper: the invoice alone, on A4.
  await invoice.scrollIntoViewIfNeeded();
  await shot(page, `invoice-${label}`);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('header:has(~ #main)').isVisible(), false, 'the site header is not printed');
  assert.equal(await page.getByRole('button', { name: 'Print invoice' }).isVisible(), false, 'buttons are not printed');
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 794, height: 1123 });
  await shot(page, `invoice-${label}-print`, { fullPage: true });
  const pdf = join(RESULTS, `e2e-invoice-${label}.pdf`);
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const pages = (readFileSync(pdf, 'latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  assert.equal(pages, 3, 'a two-line invoice fits on one A4 page, printed in three copies');
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(viewport);
  return order;
}

describe('a guest checks out with cash on delivery', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    it(`on a ${label}`, { timeout: 120_000 }, async () => {
      const page = await open(viewport, '/dealer/anamalai-tools/banana-bunch-knife');
      await page.getByRole('heading', { level: 1, name: 'Banana Bunch Knife' }).waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
      await panel.getByRole('link', { name: 'Banana Bunch Knife' }).waitFor();
      await panel.getByRole('button', { name: 'Continue Shopping' }).click();
      await panel.waitFor({ state: 'hidden' });
      const cart = await addToCart(page, 'boron-20-disodium-octaborate', 2);
      // The knife and two packs come to less than Idukki's free delivery (₹2,000) and weigh
      // under 5 kg: Idukki's first band, ₹40.
      assert.ok(cart.cart.total < 2000, `cart total ${cart.cart.total}`);
      assert.ok(cart.products.reduce((sum, line) => sum + line.weight_grams * line.quantity, 0) <= 5000);
      const total = cart.cart.total + 40;

      // The bag shows both products; its Checkout leads on.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'Shopping cart, 3 items' }).click();
      await panel.getByRole('link', { name: /Boron 20/ }).waitFor();
      await panel.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(/\/checkout$/);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();

      await page.getByLabel('Full name').fill('Anil Kumar');
      await page.getByLabel('E-mail').fill(`anil.${label}@example.test`);
      await field(page, 'contact.phone').fill('9847012345');
      await page.getByRole('button', { name: 'Use my name and number' }).click();
      await fillAddress(page, { line1: 'Green Valley Estate, Puliyanmala', city: 'Kattappana', district: 'Idukki', state: 'Kerala', pincode: '685 515' });
      // Below the free-delivery line, within the shop's state.
      await page.getByTestId('summary-cgst').waitFor();
      await page.getByTestId('summary-shipping').getByText(rupees(40)).waitFor();
      assert.equal(await page.getByTestId('summary-total').textContent(), rupees(total));
      await shot(page, `checkout-${label}`, { fullPage: true });

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      assert.match((await page.getByTestId('order-number').textContent()) ?? '', /^ORD-\d{4}-\d{6}$/);
      await page.getByRole('heading', { name: 'Pay cash on delivery' }).waitFor();
      await page.getByText(`Please keep ${rupees(total)} ready when your order arrives.`).waitFor();
      await page.getByTestId('cart-count').waitFor({ state: 'detached' });
      await shot(page, `confirmation-${label}`, { fullPage: true });

      const uuid = page.url().split('/').pop();
      await page.getByRole('link', { name: 'View your order' }).click();
      await page.waitForURL(new RegExp(`/view-order/${uuid}$`));
      const order = await checkInvoice(page, uuid, `guest-${label}`);
      assert.equal(order.payment_method, 'cod');
      assert.equal(order.place_of_supply, 'intra_state');
      assert.equal(order.totals.total, total);
      assert.equal(order.totals.shipping, 40);

      // Back at checkout, the cart is empty.
      await page.goto(`${suite.baseUrl()}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Your cart is empty' }).waitFor();
      await page.context().close();
    });
  }
});

describe('a registered shopper', () => {
  it('orders by bank transfer with a GST invoice to another state, and finds the order in their account', { timeout: 120_000 }, async () => {
    const page = await open(DESKTOP, '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const email = `meera.${Date.now()}@example.test`;
    const registered = await callApi(page, 'POST', '/api/register', {
      name: 'Meera Nair',
      email,
      phone: '+919847011111',
      password: 'Cardamom-Harvest-2026',
      password_confirmation: 'Cardamom-Harvest-2026',
    });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const cart = await addToCart(page, '16-l-manual-knapsack-sprayer', 2);
    assert.ok(cart.cart.total >= 2000);

    await page.goto(`${suite.baseUrl()}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    // The account's details are filled in.
    await page.waitForFunction(() => document.getElementById('contact.email')?.value !== '');
    assert.equal(await page.getByLabel('Full name').inputValue(), 'Meera Nair');
    assert.equal(await page.getByLabel('E-mail').inputValue(), email);
    assert.match(await field(page, 'contact.phone').inputValue(), /98470\s?11111/);

    await page.getByRole('button', { name: 'Use my name and number' }).click();
    await fillAddress(page, { line1: '14 Race Course Road', city: 'Coimbatore', district: 'Coimbatore', state: 'Tamil Nadu', pincode: '641018' });
    await page.getByRole('checkbox', { name: 'Save this address to my account' }).check();
    await page.getByRole('checkbox', { name: 'I need a GST invoice for my business' }).check();
    const buyerGstin = gstin('33AAACK1234F1Z');
    await page.getByLabel('GSTIN').fill(buyerGstin.toLowerCase());
    await page.getByLabel('Business name').fill('Kongu Estates');
    await page.getByRole('radio', { name: /Bank transfer/ }).check();
    // Two sprayers (1.5 kg) to Tamil Nadu: its first band, ₹80; all of the GST is IGST across states.
    await page.getByTestId('summary-igst').waitFor();
    await page.getByTestId('summary-shipping').getByText(rupees(80)).waitFor();
    assert.equal(await page.getByTestId('summary-total').textContent(), rupees(cart.cart.total + 80));
    await shot(page, 'checkout-signed-in', { fullPage: true });

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    const box = page.getByRole('heading', { name: 'How to pay: bank transfer or UPI' }).locator('..');
    for (const text of ['Sahyadri Hills Bank', 'WellRoot Agri Inputs Private Limited', '31402200070417', 'SHBX0000318', 'wellroot@shbank', rupees(cart.cart.total + 80), number]) {
      await box.getByText(text, { exact: true }).waitFor();
    }
    await shot(page, 'confirmation-bank-transfer', { fullPage: true });

    const uuid = page.url().split('/').pop();
    await page.getByRole('link', { name: 'View your order' }).click();
    assert.equal((await callApi(page, 'GET', `/api/orders/${uuid}`)).body.status, 'awaiting_payment');
    const order = await checkInvoice(page, uuid, 'business');
    assert.equal(order.place_of_supply, 'inter_state');
    assert.equal(order.gstin, buyerGstin);
    assert.equal(order.status, 'confirmed');
    const invoice = page.locator('[id="tax-invoice"]').getByRole('article', { name: 'Tax Invoice' });
    await invoice.getByText(buyerGstin, { exact: true }).waitFor();
    await invoice.getByText('Kongu Estates').waitFor();

    // The address was saved; the order is in the account.
    const addresses = await callApi(page, 'GET', '/api/addresses');
    assert.equal(addresses.body.data.length, 1);
    assert.equal(addresses.body.data[0].city, 'Coimbatore');
    await page.goto(`${suite.baseUrl()}/user`);
    const link = page.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: new RegExp(number) });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `/view-order/${uuid}`);
    await link.scrollIntoViewIfNeeded();
    await shot(page, 'user-orders');
    await page.context().close();
  });
});

describe('an unknown order', () => {
  it('shows a not-found screen', { timeout: 30_000 }, async () => {
    const page = await open(PHONE, '/view-order/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    await shot(page, 'order-not-found');
    await page.context().close();
  });
});

