// WhatsApp and phone first, in Debian's Chromium against the real binary, on a phone (390 px) and
// a desktop (1366 px): a product page shares itself (falling back to a wa.me link where the
// browser has no share sheet, the native sheet where it has one) and asks the shop about the
// chosen pack size; a guest checks out with a mobile number and no e-mail, reads everything on
// the confirmation, sends the order to the shop on WhatsApp, and later finds the order again with
// its number and mobile number.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
const DESKTOP_1366 = { width: 1366, height: 768 };
const VIEWPORTS = [
  ['390', PHONE],
  ['1366', DESKTOP_1366],
];

async function shot(page, name, options = {}) {
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(RESULTS, `e2e-whatsapp-${name}.png`), ...options });
}

const rupees = (amount) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);
const field = (page, id) => page.locator(`[id="${id}"]`);

/** A wa.me link's number (digits, or '' for "send to…") and its decoded text. */
function readWaMe(href) {
  const url = new URL(href);
  assert.equal(url.origin, 'https://wa.me', href);
  return { number: url.pathname.slice(1), text: url.searchParams.get('text') ?? '' };
}

describe('a product page on WhatsApp', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`shares the product and asks the shop about the chosen pack size at ${label} px`, { timeout: 90_000 }, async () => {
      const page = await suite.open(viewport, '/');
      const product = (await callApi(page, 'GET', '/api/products/boron-20-disodium-octaborate')).body;
      const shop = (await callApi(page, 'GET', '/api/shop')).body;
      const path = `/dealer/${product.brand.slug}/${product.slug}`;
      await page.goto(`${suite.baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      // Chromium headless has no share sheet: Share is a link to WhatsApp's "send to" screen.
      assert.equal(await page.evaluate(() => typeof navigator.share), 'undefined');

      const [first, second] = product.variants;
      const share = page.getByRole('link', { name: 'Share' });
      let shared = readWaMe(await share.getAttribute('href'));
      assert.equal(shared.number, '', 'the shopper picks whom to send it to');
      assert.ok(shared.text.includes(`${product.name} (${first.variant_name})`), shared.text);
      assert.ok(shared.text.includes(rupees(first.retail_price)), shared.text);
      assert.ok(shared.text.includes(`${suite.baseUrl()}${path}`), shared.text);
      assert.equal(await share.getAttribute('target'), '_blank');

      const ask = page.getByRole('link', { name: 'Ask on WhatsApp' });
      let asked = readWaMe(await ask.getAttribute('href'));
      assert.equal(asked.number, shop.whatsapp.replace(/\D/g, ''));
      assert.ok(asked.text.includes(product.name) && asked.text.includes(first.variant_name), asked.text);
      assert.ok(asked.text.includes(`${suite.baseUrl()}${path}`), asked.text);

      // Another pack size: both messages follow it.
      await page.getByRole('radio', { name: new RegExp(second.variant_name) }).first().click();
      await page.waitForFunction((name) => decodeURIComponent(document.querySelector('[data-testid="share-product"]')?.getAttribute('href') ?? '').includes(`(${name})`), second.variant_name);
      shared = readWaMe(await share.getAttribute('href'));
      asked = readWaMe(await ask.getAttribute('href'));
      assert.ok(shared.text.includes(`(${second.variant_name})`) && shared.text.includes(rupees(second.retail_price)), shared.text);
      assert.ok(asked.text.includes(second.variant_name), asked.text);
      await page.getByText('nothing is sent until you press Send').first().scrollIntoViewIfNeeded();
      await shot(page, `product-${label}`);

      // In Malayalam the link is to the Malayalam page.
      await page.goto(`${suite.baseUrl()}/ml${path}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The page arrives rendered by the server; the link takes the browser's origin once hydrated.
      await page.waitForFunction((origin) => decodeURIComponent(document.querySelector('[data-testid="share-product"]')?.getAttribute('href') ?? '').includes(origin), suite.baseUrl());
      const mlShare = readWaMe(await page.getByTestId('share-product').getAttribute('href'));
      assert.ok(mlShare.text.includes(`${suite.baseUrl()}/ml${path}`), mlShare.text);
      await page.context().close();
    });
  }

  it('opens the phone\'s share sheet where there is one, and leaves the page where it is', { timeout: 60_000 }, async () => {
    const page = await suite.open(PHONE, '/');
    await page.addInitScript(() => {
      window.__shared = [];
      navigator.share = (data) => {
        window.__shared.push(data);
        return Promise.resolve();
      };
    });
    const path = '/dealer/anamalai-tools/banana-bunch-knife';
    await page.goto(`${suite.baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: 'Banana Bunch Knife' }).waitFor();
    await page.getByRole('link', { name: 'Share' }).click();
    const shared = await page.evaluate(() => window.__shared);
    assert.equal(shared.length, 1);
    assert.equal(shared[0].title, 'Banana Bunch Knife');
    assert.equal(shared[0].url, `${suite.baseUrl()}${path}`);
    assert.match(shared[0].text, /Banana Bunch Knife – ₹/);
    assert.equal(page.context().pages().length, 1, 'no WhatsApp tab opened');
    assert.equal(new URL(page.url()).pathname, path);
    await page.context().close();
  });
});

describe('a guest with a mobile number and no e-mail', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`checks out, reads everything on the confirmation, and finds the order later at ${label} px`, { timeout: 150_000 }, async () => {
      const page = await suite.open(viewport, '/');
      const shop = (await callApi(page, 'GET', '/api/shop')).body;
      const product = (await callApi(page, 'GET', '/api/products/boron-20-disodium-octaborate')).body;
      const added = await callApi(page, 'POST', '/api/cart/add', { product_id: product.id, variant_id: product.variants[0].id, quantity: 3 });
      assert.equal(added.status, 200, JSON.stringify(added.body));

      await page.goto(`${suite.baseUrl()}/checkout`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await page.getByLabel('Full name').fill('Murugan Selvam');
      await field(page, 'contact.phone').fill('94470 55123');
      await page.getByRole('button', { name: 'Use my name and number' }).click();
      await field(page, 'shipping_address.line1').fill('Kallar Estate, Bodi Road');
      await field(page, 'shipping_address.city').fill('Bodinayakanur');
      await field(page, 'shipping_address.district').fill('Theni');
      await field(page, 'shipping_address.state').selectOption('Tamil Nadu');
      await field(page, 'shipping_address.pincode').fill('625513');
      await page.getByRole('radio', { name: /Bank transfer/ }).check();
      // The e-mail field says it is optional and is left empty.
      assert.equal(await field(page, 'contact.email').inputValue(), '');
      await page.getByText('No e-mail? Your mobile number is enough.').waitFor();
      await shot(page, `checkout-${label}`, { fullPage: true });

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      const uuid = page.url().split('/').pop();
      const order = (await callApi(page, 'GET', `/api/orders/${uuid}`)).body;
      assert.equal(order.contact.email, null);
      assert.equal(order.contact.phone, '+919447055123');
      assert.equal(await page.getByTestId('order-number').textContent(), order.number);

      // Everything the mail would have said: no mail promised, the lines and totals, how to pay
      // (bank details and UPI), what happens next.
      await page.getByText('Keep this page or note the order number').waitFor();
      assert.equal(await page.getByText('We have sent a confirmation').count(), 0);
      const summary = page.getByRole('heading', { name: 'Your order', exact: true }).locator('..');
      await summary.getByText(product.name).waitFor();
      await summary.getByText(rupees(order.totals.total), { exact: true }).waitFor();
      const pay = page.getByRole('heading', { name: 'How to pay: bank transfer or UPI' }).locator('..');
      for (const text of [shop.payment.account_number, shop.payment.ifsc, shop.payment.upi_id, order.number]) {
        await pay.getByText(text, { exact: true }).waitFor();
      }
      await page.getByRole('img', { name: /UPI QR code/ }).waitFor();
      await page.getByRole('heading', { name: 'What happens next' }).waitFor();

      // Send to the shop on WhatsApp: the shop's number, the order number, its lines and total.
      const send = page.getByRole('link', { name: 'Send to the shop on WhatsApp' });
      const message = readWaMe(await send.getAttribute('href'));
      assert.equal(message.number, shop.whatsapp.replace(/\D/g, ''));
      assert.ok(message.text.includes(order.number), message.text);
      assert.ok(message.text.includes(`Total: ${rupees(order.totals.total)}`), message.text);
      assert.ok(message.text.includes(`3 × ${product.name} (${product.variants[0].variant_name})`), message.text);
      assert.ok(message.text.includes('Payment: Bank transfer'), message.text);
      await shot(page, `confirmation-${label}`, { fullPage: true });

      // Only the shop was mailed (its notice of the new order).
      await new Promise((r) => setTimeout(r, 2500));
      const mails = readdirSync(suite.shop().mailDir).map((name) => readFileSync(join(suite.shop().mailDir, name), 'utf8'));
      const aboutThisOrder = mails.filter((mail) => mail.includes(order.number));
      assert.ok(aboutThisOrder.length >= 1, 'the shop is told');
      for (const mail of aboutThisOrder) assert.match(mail, new RegExp(`^To: .*${shop.email.replace('.', '\\.')}`, 'm'));

      // Days later, in another browser: Find my order from the footer.
      await page.context().close();
      const later = await suite.open(viewport, '/');
      await later.getByRole('heading', { level: 1 }).first().waitFor();
      await later.locator('footer').getByRole('link', { name: 'Find my order' }).click();
      await later.waitForURL(/\/find-order$/);
      await later.getByRole('heading', { level: 1, name: 'Find my order' }).waitFor();
      await later.getByLabel('Order number').fill(order.number.toLowerCase());
      await later.getByLabel('Mobile number').fill('94470 55124');
      await later.getByRole('button', { name: 'Find my order' }).click();
      await later.getByText('We found no order with this order number and mobile number.').waitFor();
      await shot(later, `find-order-wrong-${label}`, { fullPage: true });
      await later.getByLabel('Mobile number').fill('+91 94470 55123');
      await later.getByRole('button', { name: 'Find my order' }).click();
      await later.waitForURL(new RegExp(`/view-order/${uuid}$`));
      await later.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
      await later.getByText(rupees(order.totals.total)).first().waitFor();
      await shot(later, `found-order-${label}`, { fullPage: true });
      await later.context().close();
    });
  }
});
