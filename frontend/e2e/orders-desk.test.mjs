// The orders desk in Debian's Chromium against the real storefront binary: a shopper places an
// order with cash on delivery; staff find it in the list, confirm it, ship it with a carrier and a
// tracking number and mark it delivered, and the shopper's order page shows each step and the
// tracking number. A cancellation with a reason puts the stock back; a bank transfer marked
// received moves its order on to confirmed. Then the desk on a phone, and its papers in print.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, DESKTOP, PHONE, RESULTS } from './harness.mjs';
import { apiFrom, enrol, enterPassword } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `orders-desk-${name}.png`), fullPage: true });

const ADMIN = { email: 'desk@e2e.example', password: 'Desk-pass-2026!' };
// A taxable tool (8203, 18 %), so each order gets a tax invoice (hand tools of 8201 are exempt).
const PUNCH = 'lateral-punch-tool';
const field = (page, id) => page.locator(`[id="${id}"]`);
const json = async (page, path) => JSON.parse((await apiFrom(page, 'GET', path)).body);

/** Today in India, as the payment form takes it. */
const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

async function punchStock(page) {
  const product = await json(page, `/api/products/${PUNCH}`);
  return product.variants.find((variant) => variant.id === product.default_variant_id)?.stock ?? product.stock;
}

/** A shopper in their own browser checks out `quantity` punch tools; answers the order's number and page. */
async function placeOrder({ name, payment, quantity = 1 }) {
  const page = await open(PHONE, '/');
  const product = await json(page, `/api/products/${PUNCH}`);
  const added = await apiFrom(page, 'POST', '/api/cart/add', { product_id: product.id, quantity });
  assert.equal(added.status, 200, added.body);
  await page.goto(`${suite.baseUrl()}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('E-mail').fill(`${name.toLowerCase().replace(/\s+/g, '.')}@example.test`);
  await field(page, 'contact.phone').fill('9847012345');
  await page.getByRole('button', { name: 'Use my name and number' }).click();
  await field(page, 'shipping_address.line1').fill('Puthenpurackal Estate, Chellarcovil');
  await field(page, 'shipping_address.city').fill('Kumily');
  await field(page, 'shipping_address.district').fill('Idukki');
  await field(page, 'shipping_address.state').selectOption('Kerala');
  await field(page, 'shipping_address.pincode').fill('685509');
  if (payment === 'bank_transfer') await page.getByRole('radio', { name: /Bank transfer/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  assert.match(number, /^ORD-\d{4}-\d{6}$/);
  const uuid = page.url().split('/').pop();
  await page.goto(`${suite.baseUrl()}/view-order/${uuid}`);
  await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
  return { page, number, uuid };
}

/** The shopper's order page, reloaded, shows `status` as its current step. */
async function shopperSees(page, status) {
  await page.reload();
  const current = page.locator('li[aria-current="step"]');
  await current.getByText(status, { exact: true }).waitFor();
}

/** Chooses a move on the order's page and sends it. */
async function move(staff, button, submit, fill = async () => {}) {
  await staff.getByRole('button', { name: button, exact: true }).click();
  await fill();
  await staff.getByRole('button', { name: submit }).click();
}

describe('the orders desk', () => {
  let staff;

  it('lets staff in with a second factor', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Desk Owner'], `${ADMIN.password}\n`);
    staff = await open(DESKTOP, '/admin/orders');
    await staff.waitForURL(/\/sign-in\?next=/);
    await enterPassword(staff, suite.baseUrl(), ADMIN, '/admin/orders');
    await enrol(staff);
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    // The dashboard leads the side bar (the day desk); the orders come next.
    assert.match(await staff.getByRole('navigation', { name: 'Back office' }).innerText(), /^Dashboard\s+Reports\s+Orders\b/);
  });

  it('finds a shopper’s order, confirms, ships and delivers it, and the shopper sees each step', { timeout: 180_000 }, async () => {
    const shopper = await placeOrder({ name: 'Anitha Joseph', payment: 'cod' });

    await staff.goto(`${suite.baseUrl()}/admin/orders`);
    await staff.getByLabel('Search by order number, name, phone, e-mail or PIN code').fill('anitha');
    await staff.waitForURL(/q=anitha/);
    await staff.getByRole('link', { name: shopper.number }).first().click();
    await staff.getByRole('heading', { level: 1, name: `Order ${shopper.number}` }).waitFor();
    const chat = staff.getByRole('link', { name: 'WhatsApp', exact: true });
    await chat.waitFor();
    assert.equal(await chat.getAttribute('href'), 'https://wa.me/919847012345');
    // The timeline's placed event: the message the phone channel would send, written for staff to send.
    const written = new URL(await staff.getByRole('link', { name: 'Send on WhatsApp' }).first().getAttribute('href'));
    assert.equal(written.origin + written.pathname, 'https://wa.me/919847012345');
    assert.match(written.searchParams.get('text'), new RegExp(`${shopper.number}.*view-order/${shopper.uuid}\\?key=`));
    assert.equal(await staff.getByRole('link', { name: 'Call', exact: true }).getAttribute('href'), 'tel:+919847012345');
    await shot(staff, 'order-placed-desktop');

    await move(staff, 'Confirm', 'Confirm and e-mail the customer');
    await staff.getByTestId('order-timeline').getByText('Confirmed', { exact: true }).waitFor();
    await shopperSees(shopper.page, 'Confirmed');

    // A shipment without its carrier and tracking number is refused beside the fields.
    await move(staff, 'Ship', 'Ship and e-mail the customer');
    await staff.getByText('Who carries the parcel?').waitFor();
    await staff.getByLabel('Carrier').fill('India Post');
    await staff.getByLabel('Tracking number').fill('EK123456789IN');
    await staff.getByRole('button', { name: 'Ship and e-mail the customer' }).click();
    await staff.getByTestId('shipment').getByText('EK123456789IN').waitFor();
    await shopperSees(shopper.page, 'Shipped');
    assert.match(await shopper.page.getByTestId('tracking').innerText(), /India Post.*EK123456789IN/);
    await shot(shopper.page, 'shopper-shipped-phone');

    await move(staff, 'Mark delivered', 'Mark delivered and e-mail the customer');
    await staff.getByText('it moves no further').waitFor();
    await shopperSees(shopper.page, 'Delivered');
    const timeline = await staff.getByTestId('order-timeline').innerText();
    assert.match(timeline, /Confirmed[\s\S]*Desk Owner[\s\S]*Shipped[\s\S]*India Post, tracking number EK123456789IN[\s\S]*Delivered/);
    await shot(staff, 'order-delivered-desktop');
    await shopper.page.context().close();
  });

  it('cancels a confirmed order with a reason: its stock goes back and a credit note reverses its invoice', { timeout: 120_000 }, async () => {
    const shopper = await placeOrder({ name: 'Thomas Kurian', payment: 'cod', quantity: 2 });
    const before = await punchStock(staff);
    await staff.goto(`${suite.baseUrl()}/admin/orders/${shopper.number}`);
    await staff.getByRole('heading', { level: 1, name: `Order ${shopper.number}` }).waitFor();
    assert.equal(await staff.getByRole('link', { name: /^Tax invoice/ }).count(), 0, 'no invoice before confirming');
    await move(staff, 'Confirm', 'Confirm and e-mail the customer');
    await staff.getByRole('link', { name: /^Tax invoice WR\/\d\d-\d\d\/\d{6}$/ }).waitFor();
    await move(staff, 'Cancel order', 'Cancel the order');
    await staff.getByText('Say why the order is cancelled.').waitFor();
    await staff.getByLabel('Reason for cancelling').fill('The customer ordered twice');
    await staff.getByRole('button', { name: 'Cancel the order' }).click();
    await staff.getByText('Cancelled: The customer ordered twice').waitFor();
    assert.equal(await punchStock(staff), before + 2, 'the two punch tools are back on the shelf');
    await staff.getByRole('link', { name: /^Credit note WRCN\/\d\d-\d\d\/\d{5}$/ }).click();
    const note = staff.getByRole('article', { name: 'Credit Note' });
    await note.getByText('The customer ordered twice').waitFor();
    assert.match(await note.getByTestId('credited-document').innerText(), /^WR\/\d\d-\d\d\/\d{6} · /);
    await shot(staff, 'credit-note');
    await shopperSees(shopper.page, 'Cancelled');
    await shopper.page.context().close();
  });

  it('marks a bank transfer received, which confirms its order', { timeout: 120_000 }, async () => {
    const shopper = await placeOrder({ name: 'Murugan Selvam', payment: 'bank_transfer' });
    await staff.goto(`${suite.baseUrl()}/admin/orders?status=awaiting_payment`);
    await staff.getByRole('link', { name: shopper.number }).first().click();
    await staff.getByRole('heading', { level: 1, name: `Order ${shopper.number}` }).waitFor();
    const payment = staff.getByRole('form', { name: 'Mark the transfer received' });
    assert.equal(await payment.getByLabel('Received on').inputValue(), todayInIndia());
    await payment.getByRole('button', { name: 'Mark paid' }).click();
    await payment.getByText('Give the transfer').waitFor();
    await payment.getByLabel('UTR reference').fill('412345678901');
    await payment.getByRole('button', { name: 'Mark paid' }).click();
    await staff.getByTestId('order-timeline').getByText(/^Payment received ₹/).waitFor();
    await staff.getByTestId('order-timeline').getByText('Confirmed', { exact: true }).waitFor();
    assert.equal(await staff.getByRole('form', { name: 'Mark the transfer received' }).count(), 0, 'paid once');
    await shopperSees(shopper.page, 'Confirmed');
    await shopper.page.context().close();

    const list = await json(staff, '/api/admin/orders?payment_state=paid');
    assert.deepEqual(
      list.data.map((order) => order.number),
      [shopper.number],
    );

    // The list on a laptop, filtered by the tab and the payment state, as the URL keeps them.
    await staff.setViewportSize({ width: 1366, height: 900 });
    await staff.goto(`${suite.baseUrl()}/admin/orders?status=confirmed&payment_state=paid`);
    await staff.getByRole('link', { name: shopper.number }).waitFor();
    assert.equal(await staff.getByRole('button', { name: /^Confirmed/ }).getAttribute('aria-current'), 'page');
    assert.equal(await staff.getByLabel('Payment', { exact: true }).inputValue(), 'paid');
    await shot(staff, 'list-laptop');
    await staff.setViewportSize(DESKTOP);
  });

  it('gives the admin this month’s GSTR-1 figures and files', { timeout: 120_000 }, async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());
    await staff.goto(`${suite.baseUrl()}/admin/gst?kind=month&period=${month}`);
    await staff.getByRole('heading', { level: 1, name: 'GST returns' }).waitFor();
    const overview = await json(staff, `/api/admin/gst/gstr1?month=${month}`);
    assert.ok(overview.totals.invoices >= 2 && overview.totals.credit_notes >= 1, JSON.stringify(overview.totals));
    const figures = staff.getByTestId('gst-figures');
    await figures.getByText('Invoices issued').waitFor();
    assert.equal(await figures.getByText('Invoices issued').locator('xpath=following-sibling::dd').innerText(), String(overview.totals.invoices));
    await shot(staff, 'gst-returns');
    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('link', { name: 'Download GSTR-1 files (ZIP)' }).click()]);
    assert.match(download.suggestedFilename(), new RegExp(`^GSTR1_\\w{15}_${month}\\.zip$`));
    const zip = readFileSync(await download.path());
    assert.equal(zip.subarray(0, 2).toString('latin1'), 'PK', 'a ZIP archive');
    for (const name of ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn_b2b', 'hsn_b2c', 'docs']) {
      assert.ok(zip.includes(Buffer.from(`/${name}.csv`)), `${name}.csv is in the ZIP`);
    }
  });

  it('works on a phone, and prints the packing slip and the invoice alone', { timeout: 120_000 }, async () => {
    await staff.setViewportSize(PHONE);
    await staff.goto(`${suite.baseUrl()}/admin/orders`);
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await shot(staff, 'list-phone');
    const { number } = (await json(staff, '/api/admin/orders?payment_state=paid')).data[0];
    await staff.getByRole('link', { name: new RegExp(number) }).first().click();
    await staff.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
    await shot(staff, 'order-phone');
    const width = await staff.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `the order page fits a phone (${width}px)`);

    await staff.getByRole('link', { name: 'Packing slip' }).click();
    await staff.locator('#packing-slip').waitFor();
    assert.doesNotMatch(await staff.locator('#packing-slip').innerText(), /₹/, 'the packing slip has no prices');
    await staff.setViewportSize({ width: 794, height: 1123 });
    await staff.emulateMedia({ media: 'print' });
    assert.equal(await staff.getByRole('button', { name: 'Print' }).isVisible(), false, 'buttons are not printed');
    assert.equal(await staff.getByRole('navigation', { name: 'Back office' }).first().isVisible(), false, 'the menu is not printed');
    await shot(staff, 'packing-slip-print');
    await staff.emulateMedia({ media: 'screen' });

    await staff.goto(`${suite.baseUrl()}/admin/orders/${number}/invoice`);
    const invoice = staff.getByRole('article', { name: 'Tax Invoice' });
    await invoice.waitFor();
    await staff.emulateMedia({ media: 'print' });
    assert.equal(await staff.getByRole('button', { name: 'Print' }).isVisible(), false);
    await shot(staff, 'invoice-print');
    await staff.emulateMedia({ media: 'screen' });
    await staff.setViewportSize(DESKTOP);
  });
});
