// The back office in Debian's Chromium against the real storefront binary: an admin made with
// `storefront create-admin` signs in with a second factor, creates a product with two variants,
// sees it in the shop's search and on its page at once, changes a price that a shopper's cart then
// shows, adjusts stock with a reason, and reads all of it in the audit log. A shopper and a
// visitor are refused, on the screens and on the API. Then the desk's screens on a phone.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, DESKTOP, PHONE, RESULTS } from './harness.mjs';
import { apiFrom, enrol, enterPassword as enterPasswordAt } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `back-office-${name}.png`), fullPage: true });

const ADMIN = { email: 'owner@e2e.example', password: 'Owner-pass-2026!' };
const PRODUCT = 'Cardamom Guard 5 EC';
const SLUG = 'cardamom-guard-5-ec';
const enterPassword = (page) => enterPasswordAt(page, suite.baseUrl(), ADMIN);

describe('the back office', () => {
  let admin;
  let shopper;
  let brandSlug;

  it('lets an admin made on the command line in, with a second factor', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Shop Owner'], `${ADMIN.password}\n`);
    admin = await open(DESKTOP, '/admin');
    await admin.waitForURL(/\/sign-in\?next=/);
    await enterPassword(admin);
    const codes = await enrol(admin);
    await admin.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    assert.match(await admin.getByRole('navigation', { name: 'Back office' }).innerText(), /Staff[\s\S]*Audit log/);
    await shot(admin, 'products');

    // Signed out, the password alone is not enough; a recovery code stands in for the phone, once.
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await enterPassword(admin);
    await admin.getByLabel('6-digit code').waitFor();
    assert.equal(await apiFrom(admin, 'GET', '/api/admin/catalog/products').then((r) => r.status), 403, 'no desk before the second factor');
    await admin.getByRole('button', { name: 'Use a recovery code' }).click();
    await admin.getByLabel('Recovery code').fill(codes[0]);
    await admin.getByRole('button', { name: 'Verify and sign in' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  });

  it('creates a product with two variants that the shop shows at once', { timeout: 90_000 }, async () => {
    await admin.getByRole('link', { name: 'New product' }).click();
    await admin.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await admin.getByLabel('Name', { exact: true }).fill(PRODUCT);
    await admin.getByLabel('Description').first().fill('Protects cardamom from thrips.\n\n- 2 ml per litre\n- Spray at dusk');
    await admin.getByLabel('Brand').selectOption({ label: 'WellRoot Crop Care' });
    await admin.getByRole('checkbox', { name: 'Insecticides' }).check();
    await admin.getByLabel('HSN code').fill('38089199');
    await admin.getByLabel('GST rate').selectOption({ label: '18%' });
    await admin.getByLabel('Manufacturer or packer').fill('Malabar Agro Chemicals Pvt Ltd');
    await admin.getByLabel("Manufacturer's or packer's address").fill('Industrial Estate, Kalamassery, Kerala 683104');
    await admin.getByLabel('Best before or expiry').first().fill('24 months from manufacture');
    const fill = async (index, values) => {
      const variant = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: `Variant ${index + 1}` }) });
      for (const [label, value] of Object.entries(values)) await variant.getByLabel(label, { exact: false }).first().fill(value);
    };
    await fill(0, { 'Variant name': '250 ml', SKU: 'CG-250', 'MRP (₹)': '450', 'Price (₹': '399', 'Shipping weight': '0.3', 'Net quantity': '250 ml', 'Opening stock': '10' });
    // A price above the MRP is refused by the catalogue's rule, beside the field.
    await admin.getByRole('button', { name: 'Add another variant' }).click();
    await fill(1, { 'Variant name': '1 litre', SKU: 'CG-1000', 'MRP (₹)': '1500', 'Price (₹': '1650', 'Shipping weight': '1.1', 'Net quantity': '1 litre', 'Opening stock': '4' });
    await admin.getByRole('button', { name: 'Create product' }).click();
    await admin.getByText('The price may not be more than the MRP.').waitFor();
    await fill(1, { 'Price (₹': '1350' });
    await admin.getByRole('button', { name: 'Create product' }).click();
    await admin.waitForURL(/\/admin\/products\/\d+$/);
    await admin.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    brandSlug = (await admin.getByText('Address in the shop:').innerText()).split('/')[2];

    shopper = await open(PHONE, '/');
    // Asked once, straight after the save: no waiting, no second try.
    const search = await apiFrom(shopper, 'GET', `/api/search?search=${encodeURIComponent('cardamom guard')}`);
    assert.match(search.body, new RegExp(SLUG), 'the shop search finds the new product at once');
    await shopper.goto(`${suite.baseUrl()}/search?search=cardamom%20guard`);
    await shopper.getByRole('link', { name: new RegExp(PRODUCT) }).first().waitFor();
    await shopper.goto(`${suite.baseUrl()}/dealer/${brandSlug}/${SLUG}`);
    await shopper.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    assert.match(await shopper.locator('main').innerText(), /Malabar Agro Chemicals Pvt Ltd/, 'the declarations are on the page');
    await shot(shopper, 'new-product-in-the-shop');
  });

  it('changes a price that a shopper’s cart then shows', { timeout: 90_000 }, async () => {
    await shopper.getByRole('radio', { name: '250 ml', exact: true }).click();
    await shopper.getByRole('button', { name: 'Add to cart' }).click();
    const panel = shopper.getByRole('dialog', { name: 'Shopping Cart' });
    await panel.getByRole('link', { name: PRODUCT }).waitFor();
    assert.match(await panel.innerText(), /₹399/);

    const variant = admin.getByRole('listitem').filter({ hasText: 'SKU CG-250' });
    await variant.getByRole('button', { name: 'Edit' }).click();
    await variant.getByLabel('Price (₹, tax included)').fill('379');
    await variant.getByRole('button', { name: 'Save variant' }).click();
    await admin.getByRole('listitem').filter({ hasText: 'SKU CG-250' }).getByText('₹379.00').waitFor();

    await shopper.reload();
    await shopper.getByRole('button', { name: /Shopping cart, 1 item/ }).click();
    await panel.getByRole('link', { name: PRODUCT }).waitFor();
    const deadline = Date.now() + 5000;
    while (!/₹379/.test(await panel.innerText()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.match(await panel.innerText(), /₹379/, 'the cart prices from the new price');
    assert.doesNotMatch(await panel.innerText(), /₹399/);
  });

  it('adjusts stock with a reason and keeps its history', { timeout: 60_000 }, async () => {
    const variant = admin.getByRole('listitem').filter({ hasText: 'SKU CG-250' }).first();
    await variant.getByRole('button', { name: 'Stock' }).click();
    await variant.getByLabel('Units', { exact: true }).fill('5');
    await variant.getByLabel('Reason').selectOption('received');
    await variant.getByLabel('Note').fill('Supplier invoice 42');
    await variant.getByRole('button', { name: 'Save adjustment' }).click();
    await variant.getByText('Supplier invoice 42').waitFor();
    await variant.getByText('15 in stock').waitFor();
    const history = await variant.getByRole('heading', { name: 'History' }).locator('..').innerText();
    assert.match(history, /Received from a supplier[\s\S]*\+5/);
    assert.match(history, /Opening stock[\s\S]*\+10/);
    await shot(admin, 'product-with-stock-history');
  });

  it('shows every change in the audit log', { timeout: 60_000 }, async () => {
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const log = admin.locator('#admin-main');
    // Each change reads as a sentence (product.create, variant.update, stock.adjust).
    for (const action of [/Shop Owner added /, /Shop Owner changed /, /the stock of /]) {
      const deadline = Date.now() + 5000;
      while (!action.test(await log.innerText()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.match(await log.innerText(), action, `the log shows ${action}`);
    }
    assert.match(await log.innerText(), /Shop Owner/, 'it says who');
    await shot(admin, 'audit-log');
  });

  it('imports a supplier\'s sheet after showing every change, and nothing of a sheet with a bad row', { timeout: 90_000 }, async () => {
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bulk edits' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Bulk edits' }).waitFor();
    const exported = await admin.request.get(`${suite.baseUrl()}/api/admin/catalog/export.csv`);
    assert.equal(exported.status(), 200);
    const lines = (await exported.text()).trim().split('\n').slice(1);
    const skus = lines.map((line) => line.split(',')[0]).filter((sku) => sku && !sku.startsWith('CG-')).slice(0, 4);
    const choose = (name, csv) => admin.getByLabel('Choose a CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

    await choose('bad.csv', `sku,price,stock\n${skus[0]},11.00,\n${skus[1]},-5,\n`);
    const alert = admin.getByRole('alert').filter({ hasText: 'cannot be applied' });
    await alert.waitFor();
    assert.match(await alert.innerText(), new RegExp(`Line 3 \\(SKU ${skus[1]}\\): price`));
    assert.equal(await admin.getByRole('button', { name: /^Apply/ }).count(), 0, 'a sheet with a bad row offers nothing to apply');
    const forced = await admin.evaluate(async (csv) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const response = await fetch('/api/admin/catalog/imports?filename=bad.csv', {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv', 'X-XSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest' },
        body: csv,
      });
      return { status: response.status, body: await response.json() };
    }, `sku,price,stock\n${skus[0]},11.00,\n${skus[1]},-5,\n`);
    assert.equal(forced.status, 422, 'sent anyway, it is refused');
    assert.deepEqual(Object.keys(forced.body.errors), ['line 3']);
    const untouched = await (await admin.request.get(`${suite.baseUrl()}/api/admin/catalog/export.csv`)).text();
    assert.doesNotMatch(untouched, new RegExp(`^${skus[0]},.*,11\\.00,`, 'm'), 'the good row of a refused sheet was not applied either');

    await choose('supplier.csv', `sku,price,stock\n${skus[0]},11.00,\n${skus[1]},22.00,\n${skus[2]},33.00,\nCG-1000,,9\n`);
    const changes = admin.getByRole('list', { name: 'Changes' });
    await changes.getByRole('listitem').nth(3).waitFor();
    assert.equal(await changes.getByRole('listitem').count(), 4);
    assert.match(await changes.innerText(), /CG-1000[\s\S]*Stock: 4 → 9/);
    await shot(admin, 'import-preview');
    await admin.getByRole('button', { name: 'Apply 4 changes' }).click();
    await admin.getByText(/Import #\d+ applied/).waitFor();
    const after = await (await admin.request.get(`${suite.baseUrl()}/api/admin/catalog/export.csv`)).text();
    assert.match(after, new RegExp(`^${skus[0]},.*,11\\.00,`, 'm'), 'the new prices are in the catalogue');
    assert.match(after, /^CG-1000,(?:[^,]*,){6}9,/m, 'the new stock level too');
    assert.match(after, new RegExp(`^${skus[2]},.*,33\\.00,`, 'm'));
  });

  it('refuses shoppers and visitors on the screens and on the API, and nothing changes', { timeout: 60_000 }, async () => {
    const visitor = await open(DESKTOP, '/admin/products');
    await visitor.waitForURL(/\/sign-in\?next=%2Fadmin%2Fproducts/);
    const asVisitor = await apiFrom(visitor, 'POST', '/api/admin/catalog/brands', { name: 'Intruder' });
    assert.equal(asVisitor.status, 401);

    const email = `shopper-${Date.now()}@e2e.example`;
    const registered = await apiFrom(shopper, 'POST', '/api/register', { name: 'Asha', email, phone: '9847012345', password: 'Shopper-pass-2026', password_confirmation: 'Shopper-pass-2026' });
    assert.equal(registered.status, 201, registered.body);
    await shopper.goto(`${suite.baseUrl()}/admin/products`);
    await shopper.getByRole('heading', { name: "This area is for the shop's staff" }).waitFor();
    for (const [method, path, body] of [
      ['GET', '/api/admin/catalog/products'],
      ['POST', '/api/admin/catalog/brands', { name: 'Intruder' }],
      ['PUT', '/api/admin/catalog/variants/1', { sku: 'X', retail_price: 1 }],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/staff'],
    ]) {
      const answer = await apiFrom(shopper, method, path, body);
      assert.equal(answer.status, 403, `${method} ${path} as a shopper: ${answer.body}`);
    }
    const brands = await apiFrom(shopper, 'GET', '/api/brands');
    assert.doesNotMatch(brands.body, /Intruder/, 'no refused call changed anything');
  });

  it('works on a shop phone', { timeout: 90_000 }, async () => {
    await admin.setViewportSize(PHONE);
    for (const path of ['/admin/products', `/admin/low-stock`, '/admin/categories', '/admin/brands']) {
      await admin.goto(`${suite.baseUrl()}${path}`);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} fits 390 px (overflow ${overflow} px)`);
      await shot(admin, `phone${path.replaceAll('/', '-')}`);
    }
    // The menu folds away on a phone; unsaved changes are not lost by a stray tap on it.
    await admin.goto(`${suite.baseUrl()}/admin/brands`);
    await admin.getByRole('button', { name: 'Edit' }).first().click();
    await admin.getByLabel('Description').first().fill('Changed but not saved');
    await admin.getByRole('button', { name: 'Menu' }).click();
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await admin.getByLabel('Description').first().inputValue(), 'Changed but not saved', 'the changes are still there');
    assert.match(admin.url(), /\/admin\/brands$/);
  });
});
