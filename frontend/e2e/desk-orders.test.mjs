// Orders at the desk on a phone (390 px), in Debian's Chromium against the real storefront
// binary: an admin takes an order for a farmer who calls (a new caller: name, a product found in
// the catalogue, the address by its PIN code, cash on delivery, their yes to WhatsApp updates);
// then, on the orders list, selects it and a shopper's web order, prints both packing slips in one
// print (one slip a page, each saying how much cash to collect) and marks both shipped with one
// carrier, each with its own tracking number; both orders' pages then say shipped, with it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';
import { enrol, enterPassword } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `desk-orders-${name}.png`), fullPage: true });

const ADMIN = { email: 'phone-desk@e2e.example', password: 'Phone-desk-2026!' };
const KNIFE = 'banana-bunch-knife';

/** A shopper's web order of one knife, cash on delivery, placed through the API as the app does. */
async function webOrder() {
  const page = await open(PHONE, '/');
  const product = (await callApi(page, 'GET', `/api/products/${KNIFE}`)).body;
  const added = await callApi(page, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1 });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  const placed = await callApi(
    page,
    'POST',
    '/api/checkout',
    {
      contact: { name: 'Thomas Kurian', email: 'thomas@example.test', phone: '9847033333' },
      shipping_address: { name: 'Thomas Kurian', phone: '9847033333', line1: 'Kurian Estate', city: 'Vandanmedu', district: 'Idukki', state: 'Kerala', pincode: '685551' },
      payment_method: 'cod',
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  await page.close();
  return placed.body;
}

describe('orders at the desk on a phone', () => {
  let staff;
  let phoneNumber;
  let web;

  it('lets the admin in with a second factor, on a phone', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Desk Owner'], `${ADMIN.password}\n`);
    staff = await open(PHONE, '/admin/orders');
    await staff.waitForURL(/\/sign-in\?next=/);
    await enterPassword(staff, suite.baseUrl(), ADMIN, '/admin/orders');
    await enrol(staff);
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  });

  it('takes an order for a new caller through the shop’s checkout', { timeout: 120_000 }, async () => {
    web = await webOrder();
    await staff.getByRole('link', { name: 'Take a phone order' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Order on the phone' }).waitFor();

    await staff.getByLabel('Mobile number').fill('98470 44444');
    await staff.getByRole('button', { name: 'Find' }).click();
    await staff.getByText('No earlier orders with this number').waitFor();
    await staff.getByLabel('Name', { exact: true }).fill('Murugan Selvam');

    await staff.getByLabel('Search the catalogue').fill('banana bunch knife');
    await staff.getByRole('button', { name: /Banana Bunch/i }).first().click();
    await staff.getByRole('button', { name: /^Add / }).first().click();
    const quantity = staff.getByRole('spinbutton', { name: /Quantity of/ });
    await quantity.fill('2');

    await staff.getByLabel('PIN code').fill('685509');
    await staff.waitForFunction(() => document.querySelector('[id="phone-order-district"]')?.value === 'Idukki');
    assert.equal(await staff.locator('[id="phone-order-state"]').inputValue(), 'Kerala', 'the PIN code fills the state');
    await staff.getByLabel('House, estate or street').fill('Selvam Estate, Chellarcovil');
    await staff.getByLabel('Town or village').fill('Kumily');
    await staff.getByRole('radio', { name: 'Cash on delivery' }).check();
    await staff.getByLabel('Send order updates on WhatsApp/SMS').check();
    await shot(staff, 'phone-order-form');
    const width = await staff.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `the form fits a phone (${width}px)`);

    await staff.getByRole('button', { name: 'Place the order' }).click();
    await staff.waitForURL(/\/admin\/orders\/ORD-\d{4}-\d{6}$/);
    phoneNumber = decodeURIComponent(staff.url().split('/').pop());
    await staff.getByRole('heading', { level: 1, name: `Order ${phoneNumber}` }).waitFor();
    assert.equal((await staff.getByTestId('taken-by').innerText()).trim(), 'Taken on the phone by Desk Owner');
    await staff.getByTestId('order-timeline').getByText('Taken on the phone.').waitFor();
    await shot(staff, 'phone-order-placed');
    const order = (await callApi(staff, 'GET', `/api/admin/orders/${phoneNumber}`)).body;
    assert.equal(order.lines[0].quantity, 2);
    assert.equal(order.contact.phone, '+919847044444');
    assert.equal(order.payment_method, 'cod');
  });

  it('selects both orders, prints their slips one a page and ships them with one carrier', { timeout: 180_000 }, async () => {
    await staff.goto(`${suite.baseUrl()}/admin/orders`);
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    for (const number of [phoneNumber, web.number]) {
      const box = staff.getByRole('checkbox', { name: `Select ${number}` });
      const size = await box.locator('xpath=..').boundingBox();
      assert.ok(size && size.width >= 44 && size.height >= 44, `a thumb can hit ${number}'s box: ${JSON.stringify(size)}`);
      await box.check();
    }
    await staff.getByText('2 orders selected').first().waitFor();
    await shot(staff, 'list-selected');

    await staff.getByRole('link', { name: 'Print packing slips' }).click();
    await staff.waitForURL(/\/admin\/orders\/print\?/);
    const slips = staff.locator('.packing-slip');
    await slips.nth(1).waitFor();
    assert.equal(await slips.count(), 2);
    for (let index = 0; index < 2; index += 1) {
      assert.match(await slips.nth(index).getByTestId('cod-collect').innerText(), /^Collect ₹[\d,]+(\.\d\d)? cash on delivery$/);
    }
    await shot(staff, 'slips-screen');
    await staff.emulateMedia({ media: 'print' });
    assert.equal(await staff.getByRole('button', { name: 'Print' }).isVisible(), false, 'buttons are not printed');
    const breaks = await staff.locator('.paper-sheet').evaluateAll((sheets) => sheets.map((sheet) => getComputedStyle(sheet).breakBefore));
    assert.deepEqual(breaks, ['auto', 'page'], 'each slip after the first starts a page');
    await staff.emulateMedia({ media: 'screen' });
    const pdf = await staff.pdf({ format: 'A4' });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    assert.equal(pages.length, 2, 'two slips print on two pages');

    await staff.getByRole('link', { name: 'Back to the orders' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    for (const number of [phoneNumber, web.number]) await staff.getByRole('checkbox', { name: `Select ${number}` }).check();
    await staff.getByRole('button', { name: 'Mark shipped' }).click();
    await staff.getByLabel('Carrier').fill('India Post');
    await staff.getByLabel(`Tracking number for ${phoneNumber}`).fill('EK 1111 1111 1IN');
    await staff.getByLabel(`Tracking number for ${web.number}`).fill('EK222222222IN');
    await shot(staff, 'ship-many-form');
    await staff.getByRole('button', { name: 'Ship 2 orders' }).click();
    await staff.getByText('2 shipped, 0 not shipped').waitFor();
    await shot(staff, 'ship-many-done');

    for (const [number, tracking] of [
      [phoneNumber, 'EK111111111IN'],
      [web.number, 'EK222222222IN'],
    ]) {
      await staff.goto(`${suite.baseUrl()}/admin/orders/${number}`);
      await staff.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
      await staff.getByTestId('order-timeline').getByText(`India Post, tracking number ${tracking}`).waitFor();
      const order = (await callApi(staff, 'GET', `/api/admin/orders/${number}`)).body;
      assert.equal(order.status, 'shipped', number);
      assert.equal(order.tracking_number, tracking, number);
    }
    await shot(staff, 'order-shipped');
  });
});
