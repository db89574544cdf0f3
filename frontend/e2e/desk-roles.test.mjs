// The back office's roles in Debian's Chromium on a phone (390 px) against the real storefront
// binary: an admin made on the command line gives two others the packer and accountant roles in
// the staff screen; the packer's back office is the packing desk alone (an order without prices
// but the cash to collect, packed with a tap; the catalogue's API answers 403); the accountant
// opens the reports and the GST return, downloads a CSV, and a write is refused; the admin sees
// the reports on the dashboard.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';
import { apiFrom, enrol, enterPassword } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `desk-roles-${name}.png`), fullPage: true });

const PASSWORD = 'Roles-pass-2026!';
const OWNER = { email: 'owner@roles.example', password: PASSWORD, name: 'Shop Owner' };
const PACKER = { email: 'packer@roles.example', password: PASSWORD, name: 'Ravi Packer' };
const ACCOUNTANT = { email: 'books@roles.example', password: PASSWORD, name: 'Lekha Accountant' };
const KNIFE = 'banana-bunch-knife';

/** A shopper's cash-on-delivery order of two knives, through the API as the app sends it. */
async function placeOrder() {
  const page = await open(PHONE, '/');
  const product = (await callApi(page, 'GET', `/api/products/${KNIFE}`)).body;
  assert.equal((await callApi(page, 'POST', '/api/cart/add', { product_id: product.id, quantity: 2 })).status, 200);
  const address = { name: 'Anitha Joseph', phone: '+91 98470 12345', line1: 'Puthenpurackal Estate', city: 'Kumily', district: 'Idukki', state: 'Kerala', pincode: '685509' };
  const placed = await callApi(
    page,
    'POST',
    '/api/checkout',
    { contact: { name: 'Anitha Joseph', email: 'anitha@example.test', phone: '+91 98470 12345' }, shipping_address: address, payment_method: 'cod' },
    { 'Idempotency-Key': randomUUID() },
  );
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  await page.close();
  return placed.body;
}

/** Signs `account` in on a phone for the first time (the authenticator set up), landing in the back office. */
async function firstSignIn(account) {
  const page = await open(PHONE, '/admin');
  await page.waitForURL(/\/sign-in\?next=/);
  await enterPassword(page, suite.baseUrl(), account, '/admin');
  await enrol(page);
  return page;
}

const navText = async (page) => {
  await page.getByRole('button', { name: /Menu/ }).click();
  const nav = page.locator('#admin-menu');
  const links = await nav.getByRole('list').first().getByRole('link').allInnerTexts();
  await page.getByRole('button', { name: /Close menu/ }).click();
  return links.map((text) => text.trim());
};

describe('the back office by role, on a phone', () => {
  let owner;
  let order;
  let second;

  it('lets an admin give the packer and accountant roles in the staff screen', { timeout: 120_000 }, async () => {
    for (const account of [OWNER, PACKER, ACCOUNTANT]) {
      suite.shop().command(['create-admin', account.email, '--name', account.name], `${account.password}\n`);
    }
    owner = await firstSignIn(OWNER);
    await owner.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await owner.goto(`${suite.baseUrl()}/admin/staff`);
    for (const [account, role] of [
      [PACKER, 'Packer'],
      [ACCOUNTANT, 'Accountant'],
    ]) {
      await owner.getByLabel(`Role of ${account.name}`).selectOption({ label: role });
      await owner.getByRole('button', { name: `Save role of ${account.name}` }).click();
      await owner.getByText(`${account.name} is now ${role.toLowerCase()}.`).waitFor();
    }
    await shot(owner, 'staff');
    const staff = JSON.parse((await apiFrom(owner, 'GET', '/api/admin/staff')).body);
    assert.deepEqual(
      staff.map((member) => [member.email, member.role]).sort(),
      [
        [ACCOUNTANT.email, 'accountant'],
        [OWNER.email, 'admin'],
        [PACKER.email, 'packer'],
      ],
    );
    order = await placeOrder();
    second = await placeOrder();
    for (const placed of [order, second]) {
      const confirmed = await apiFrom(owner, 'POST', `/api/admin/orders/${placed.number}/status`, { status: 'confirmed' });
      assert.equal(confirmed.status, 200, confirmed.body);
    }
  });

  it('gives the packer the orders to pack, without prices but the cash to collect', { timeout: 120_000 }, async () => {
    const packer = await firstSignIn(PACKER);
    await packer.waitForURL(/\/admin\/packing$/);
    await packer.getByRole('heading', { level: 1, name: 'Orders to pack and ship' }).waitFor();
    assert.deepEqual(await navText(packer), ['Orders'], 'the packer’s nav has the orders alone');
    await shot(packer, 'packer-list');
    await packer.getByRole('link', { name: new RegExp(order.number) }).click();
    await packer.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    const total = order.totals.total.toLocaleString('en-IN', { minimumFractionDigits: 2 });
    await packer.getByTestId('collect-on-delivery').getByText(`Collect ₹${total} cash on delivery`).waitFor();
    const text = await packer.locator('main').innerText();
    assert.equal((text.match(/₹/g) ?? []).length, 1, `only the cash to collect carries a price:\n${text}`);
    assert.match(text, /Anitha Joseph[\s\S]*685509[\s\S]*\+919847012345/);
    await shot(packer, 'packer-order');
    await packer.getByRole('button', { name: 'Mark packed' }).click();
    await packer.getByText(`Packed by ${PACKER.name}.`, { exact: false }).waitFor();
    assert.equal((await apiFrom(packer, 'GET', '/api/admin/catalog/products')).status, 403, 'the catalogue is not the packer’s');
    assert.equal((await apiFrom(packer, 'GET', `/api/admin/orders/${order.number}`)).status, 403, 'nor the priced orders desk');

    // Both orders' slips in one print, then both handed to one carrier.
    await packer.getByRole('link', { name: 'All orders to pack' }).click();
    await packer.getByRole('checkbox', { name: `Select ${order.number}` }).check();
    await packer.getByRole('checkbox', { name: `Select ${second.number}` }).check();
    await packer.getByRole('link', { name: 'Print packing slips' }).click();
    const slips = packer.getByRole('region', { name: /^Order / });
    await slips.nth(1).waitFor();
    assert.equal(await slips.count(), 2, 'one slip a page for each order');
    for (const placed of [order, second]) {
      await packer.getByRole('region', { name: `Order ${placed.number}` }).getByText(`Collect ₹${total} cash on delivery`).waitFor();
    }
    await shot(packer, 'packer-slips');
    await packer.getByRole('link', { name: 'All orders to pack' }).click();
    await packer.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await packer.getByRole('button', { name: 'Mark shipped' }).click();
    await packer.getByLabel('Carrier').fill('India Post');
    for (const [index, placed] of [order, second].entries()) {
      await packer.getByLabel(`Tracking number for ${placed.number}`).fill(`EK 12345678${index} IN`);
    }
    await packer.getByRole('button', { name: 'Ship 2 orders' }).click();
    await packer.getByText('2 shipped, 0 not shipped').waitFor();
    await shot(packer, 'packer-shipped');
    for (const [index, placed] of [order, second].entries()) {
      const shipped = JSON.parse((await apiFrom(owner, 'GET', `/api/admin/orders/${placed.number}`)).body);
      assert.equal(shipped.status, 'shipped', placed.number);
      assert.equal(shipped.tracking_number, `EK12345678${index}IN`, 'the tracking number without its spaces');
    }
    await packer.close();
  });

  it('lets the accountant read the reports and the GST return, download a CSV, and change nothing', { timeout: 120_000 }, async () => {
    const accountant = await firstSignIn(ACCOUNTANT);
    await accountant.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.deepEqual(await navText(accountant), ['Dashboard', 'Reports', 'Orders', 'Customers', 'GST returns', 'Insecticide registers', 'Stock value & margin']);
    await accountant.goto(`${suite.baseUrl()}/admin/reports`);
    await accountant.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    // Both orders were invoiced when they shipped.
    const both = order.totals.total + second.totals.total;
    const total = both.toLocaleString('en-IN', { minimumFractionDigits: 2 });
    await accountant.getByTestId('sales-after-gst').getByText(`₹${total}`).waitFor();
    await shot(accountant, 'accountant-reports');
    const [download] = await Promise.all([accountant.waitForEvent('download'), accountant.getByRole('link', { name: 'Download CSV' }).first().click()]);
    assert.match(download.suggestedFilename(), /^sales_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    assert.match(csv.split('\n')[0], /^From,To,Invoices,Credit notes,Units,Sales before GST \(INR\),GST \(INR\),Sales after GST \(INR\)/);
    assert.match(csv, new RegExp(`Total,,2,0,4,[\\d.]+,[\\d.]+,${both.toFixed(2)}`));
    await accountant.goto(`${suite.baseUrl()}/admin/gst`);
    await accountant.getByRole('heading', { level: 1, name: /GST/ }).waitFor();
    const note = await apiFrom(accountant, 'POST', `/api/admin/orders/${order.number}/notes`, { body: 'Matched with the bank statement.' });
    assert.equal(note.status, 403, note.body);
    assert.match(JSON.parse(note.body).message, /Your role \(accountant\) does not include/);
    await accountant.close();
  });

  it('shows the admin the month’s reports on the dashboard', { timeout: 60_000 }, async () => {
    await owner.goto(`${suite.baseUrl()}/admin`);
    await owner.getByRole('heading', { name: "This month's sales" }).waitFor();
    await owner.getByRole('heading', { name: 'Best-sellers' }).waitFor();
    await owner.getByText('Banana Bunch Knife').first().waitFor();
    const width = await owner.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `nothing scrolls sideways on a phone (${width} px)`);
    await shot(owner, 'dashboard');
  });
});
