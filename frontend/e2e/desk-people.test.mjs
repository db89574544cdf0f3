// The people desk in Debian's Chromium against the real storefront binary, on a 390 px phone: an
// admin made with `storefront create-admin` sets up two-step sign-in (the key can be opened in the
// app or copied); a guest orders without an account; the admin finds the guest among the
// customers with their order count and total, adds a note, changes a price and reads that change
// as a sentence in the audit log through its filters, downloads the guest's data, and erases it:
// the order keeps the buyer's name, address, state and GSTIN, and nobody finds the guest again.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';
import { totp } from './totp.mjs';

const suite = browserSuite();
const { open } = suite;

async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(RESULTS, `desk-people-${name}.png`), fullPage: true });
}

const ADMIN = { email: 'owner@people.example', password: 'Owner-pass-2026!', name: 'Anu Owner' };
const GUEST = { name: 'Bodi Estates Manager', email: `guest.${Date.now()}@example.test`, phone: '+919443012345' };
const GSTIN = '33AAPFU0939F1Z2';

/** The local day, as the date fields take it. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const rupees = (amount) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

describe('the people desk on a phone', () => {
  let admin;
  let order;
  let guestUrl;

  it('signs the admin in, setting up the authenticator from a key that opens in the app or copies', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', ADMIN.name], `${ADMIN.password}\n`);
    admin = await open(PHONE, '/admin/customers');
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await admin.waitForURL(/\/sign-in\?next=/);
    await admin.getByLabel('Mobile number or e-mail').fill(ADMIN.email);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('button', { name: 'Show the QR code' }).click();
    const open_ = admin.getByRole('link', { name: 'Open in authenticator app' });
    await open_.waitFor();
    const uri = await open_.getAttribute('href');
    assert.match(uri, /^otpauth:\/\/totp\/.+secret=[A-Z2-7]{16,}/);
    await admin.getByRole('button', { name: 'Copy the key' }).click();
    await admin.getByRole('button', { name: 'Key copied' }).waitFor();
    const key = await admin.evaluate(() => navigator.clipboard.readText());
    assert.equal(uri.match(/secret=([A-Z2-7]+)/)[1], key, 'the copied key is the one in the link');
    await shot(admin, 'two-step-set-up');
    await admin.getByLabel('2. Enter the 6-digit code the app now shows.').fill(totp(key));
    await admin.getByRole('button', { name: 'Confirm and sign in' }).click();
    await admin.getByRole('list', { name: 'Your recovery codes' }).waitFor();
    await admin.getByRole('button', { name: 'I have saved them' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  });

  it('takes a guest order with a GSTIN', { timeout: 60_000 }, async () => {
    const guest = await open(PHONE, '/');
    await guest.getByRole('heading', { level: 1 }).first().waitFor();
    const product = (await callApi(guest, 'GET', '/api/products/banana-bunch-knife')).body;
    assert.equal((await callApi(guest, 'POST', '/api/cart/add', { product_id: product.id, variant_id: product.default_variant_id, quantity: 2 })).status, 200);
    const address = { name: GUEST.name, phone: GUEST.phone, line1: 'Thevaram Road', city: 'Bodinayakanur', district: 'Theni', state: 'Tamil Nadu', pincode: '625513' };
    const placed = await callApi(
      guest,
      'POST',
      '/api/checkout',
      { contact: GUEST, shipping_address: address, gstin: GSTIN, business_name: 'Bodi Estates', payment_method: 'cod' },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    order = placed.body;
    await guest.context().close();
  });

  it('finds the guest among the customers with their orders and total, and keeps a note', { timeout: 60_000 }, async () => {
    await admin.getByLabel('Search by name, e-mail or phone').fill('94430 12345');
    const row = admin.getByRole('link', { name: new RegExp(GUEST.name) });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /Guest/);
    assert.ok(text.includes(`1 order · ${rupees(order.totals.total)}`), `${text} shows 1 order and ${rupees(order.totals.total)}`);
    await shot(admin, 'customers');
    await row.click();
    await admin.getByRole('heading', { level: 1, name: GUEST.name }).waitFor();
    guestUrl = admin.url();
    assert.match(guestUrl, /\/admin\/customers\/guests\/[0-9a-f]{24}$/, 'a guest opens by an opaque key, not a number or a phone');
    await admin.getByRole('button', { name: 'Add a note' }).click();
    await admin.getByLabel(/Note for staff/).fill('Estate manager; pays cash on delivery.');
    await admin.getByRole('button', { name: 'Save note' }).click();
    await admin.getByText('Estate manager; pays cash on delivery.').waitFor();
    assert.ok((await admin.getByRole('link', { name: order.number }).count()) === 1, 'the order is on the guest’s page');
    await shot(admin, 'guest');
  });

  it('reads a price change as a sentence in the audit log, found by staff name, area and date', { timeout: 60_000 }, async () => {
    const product = (await callApi(admin, 'GET', '/api/products/banana-bunch-knife')).body;
    const detail = (await callApi(admin, 'GET', `/api/admin/catalog/products/${product.id}`)).body;
    const variant = detail.variants.find((v) => v.id === product.default_variant_id) ?? detail.variants[0];
    const before = variant.retail_price;
    const after = before - 10;
    const saved = await callApi(admin, 'PUT', `/api/admin/catalog/variants/${variant.id}`, {
      variant_name: variant.variant_name,
      sku: variant.sku,
      MRP: variant.MRP,
      retail_price: after,
      weight_grams: variant.weight_grams,
      net_quantity: variant.net_quantity,
      version: variant.version,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));

    await admin.goto(`${suite.baseUrl()}/admin/audit`);
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await admin.getByLabel('Staff member’s name').fill('anu');
    await admin.getByLabel('What was changed').selectOption('products');
    await admin.getByLabel('From', { exact: true }).fill(today());
    await admin.getByLabel('To', { exact: true }).fill(today());
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.waitForURL(/actor=anu&area=products/);
    const short = (amount) => (Number.isInteger(amount) ? `₹${new Intl.NumberFormat('en-IN').format(amount)}` : rupees(amount));
    // The variant by its product and pack size, as the server names it.
    const pack = variant.variant_name || variant.net_quantity;
    const sentence = `${ADMIN.name} changed the price of ${product.name}${pack ? ` ${pack}` : ''} from ${short(before)} to ${short(after)}`;
    // The customers' note is not a product change: it leaves the list once the filters apply.
    await admin.getByText(/changed the note on/).first().waitFor({ state: 'detached' });
    await admin.getByText(sentence).waitFor();
    await shot(admin, 'audit');
  });

  it('downloads the guest’s data and erases it; the order keeps the legal details', { timeout: 60_000 }, async () => {
    await admin.goto(guestUrl);
    await admin.getByRole('heading', { level: 1, name: GUEST.name }).waitFor();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Download their data' }).click()]);
    const copy = JSON.parse(await readFile(await download.path(), 'utf8'));
    assert.equal(copy.orders[0].number, order.number);
    assert.equal(copy.orders[0].contact.email, GUEST.email);
    assert.equal(copy.staff_note, 'Estate manager; pays cash on delivery.');

    await admin.getByRole('button', { name: 'Erase their data' }).click();
    const dialog = admin.getByRole('dialog', { name: `Erase ${GUEST.name}’s data?` });
    await dialog.waitFor();
    await shot(admin, 'erase-dialog');
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();

    await admin.goto(`${suite.baseUrl()}/admin/orders/${order.number}`);
    await admin.getByText(`GSTIN ${GSTIN}`).waitFor();
    const page = await admin.locator('main').innerText();
    assert.ok(page.includes(GUEST.name), 'the buyer’s name stays on the order');
    assert.ok(page.includes('Thevaram Road') && page.includes('Tamil Nadu'), 'the address and state stay');
    assert.ok(!page.includes(GUEST.email) && !page.includes('94430') && !page.includes('9443012345'), 'no e-mail or phone is left');
    await shot(admin, 'erased-order');

    await admin.goto(`${suite.baseUrl()}/admin/customers?q=9443012345`);
    await admin.getByText('No customer matches this search.').waitFor();
  });
});
