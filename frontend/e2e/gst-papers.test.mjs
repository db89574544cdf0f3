// GST papers in Debian's Chromium against the real storefront binary: a planter registered in
// Tamil Nadu (Bodi Estates, GSTIN 33…) orders a sprayer and a banana knife billed to Theni but
// shipped to an estate in Kerala. The GSTIN's state must be the billing address's: the checkout
// says so before sending (and the server refuses it too). Once the desk confirms, ships and
// delivers the order, its tax invoice (the sprayer, IGST, place of supply 33-Tamil Nadu) and its
// bill of supply (the knife, exempt, no tax) print both addresses; the desk takes one sprayer back
// with the returns panel and the credit note shows; the GST screen offers GSTR-3B and the
// invoice register. Screenshots at 390 and 1366 px, once in Malayalam.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';
import { enrol, enterPassword } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const LAPTOP = { width: 1366, height: 900 };
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `gst-papers-${name}.png`), fullPage: true });
const field = (page, id) => page.locator(`[id="${id}"]`);
/** Sticky bars stay where they are, so a picture of one element is not covered by them. */
const unstick = (page) => page.addStyleTag({ content: 'header, .sticky { position: relative !important; top: auto !important; }' });

const ADMIN = { email: 'gst-desk@e2e.example', password: 'Gst-desk-2026!' };
const SPRAYER = '16-l-manual-knapsack-sprayer';
const KNIFE = 'banana-bunch-knife';
const GSTIN = '33AAPFU0939F1Z2';
const month = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());

async function addToCart(page, slug, quantity) {
  const product = (await callApi(page, 'GET', `/api/products/${slug}`)).body;
  const variant = product.variants.find((v) => v.stock >= quantity)?.id ?? product.default_variant_id;
  const added = await callApi(page, 'POST', '/api/cart/add', { product_id: product.id, variant_id: variant, quantity });
  assert.equal(added.status, 200, JSON.stringify(added.body));
}

async function fillAddress(page, kind, { line1, city, district, state, pincode }) {
  await field(page, `${kind}.pincode`).fill(pincode);
  await field(page, `${kind}.line1`).fill(line1);
  await field(page, `${kind}.city`).fill(city);
  await field(page, `${kind}.district`).fill(district);
  await field(page, `${kind}.state`).selectOption(state);
}

/** Chooses a move on the desk's order page and sends it. */
async function move(staff, button, submit, fill = async () => {}) {
  await staff.getByRole('button', { name: button, exact: true }).click();
  await fill();
  await staff.getByRole('button', { name: submit }).click();
}

describe('GST papers of a registered buyer in another state', () => {
  let staff;
  let shopper;
  let uuid;
  let number;

  it('lets the admin in', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Desk Owner'], `${ADMIN.password}\n`);
    staff = await open(LAPTOP, '/admin/orders');
    await staff.waitForURL(/\/sign-in\?next=/);
    await enterPassword(staff, suite.baseUrl(), ADMIN, '/admin/orders');
    await enrol(staff);
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  });

  it('refuses a Tamil Nadu GSTIN billed in Kerala, then takes it billed in Theni and shipped to Kerala', { timeout: 120_000 }, async () => {
    shopper = await open(PHONE, '/');
    await addToCart(shopper, SPRAYER, 2);
    await addToCart(shopper, KNIFE, 1);
    await shopper.goto(`${suite.baseUrl()}/checkout`);
    await shopper.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await shopper.getByLabel('Full name').fill('Rajesh Pandian');
    await shopper.getByLabel('E-mail').fill('rajesh@bodi-estates.example');
    await field(shopper, 'contact.phone').fill('9443012345');
    await shopper.getByRole('button', { name: 'Use my name and number' }).click();
    await fillAddress(shopper, 'shipping_address', { line1: 'Bodi Estates Kerala Office, Pampady', city: 'Pampady', district: 'Kottayam', state: 'Kerala', pincode: '686502' });
    await shopper.getByRole('checkbox', { name: 'I need a GST invoice for my business' }).check();
    await field(shopper, 'gstin').fill(GSTIN);
    await field(shopper, 'business_name').fill('Bodi Estates');

    // Billed to the delivery address, in Kerala: the GSTIN's state (33) is not the billing state.
    await shopper.getByRole('button', { name: 'Place order' }).click();
    const refusal = 'This GSTIN is registered in Tamil Nadu (33), but the billing address is in Kerala.';
    await shopper.getByText(refusal, { exact: false }).waitFor();
    assert.equal(await field(shopper, 'gstin').getAttribute('aria-invalid'), 'true', 'the error is the GSTIN field’s');
    await field(shopper, 'gstin').scrollIntoViewIfNeeded();
    await shot(shopper, 'checkout-gstin-state-390');

    // The server says the same of such an order, on the same field.
    const refused = await callApi(
      shopper,
      'POST',
      '/api/checkout',
      {
        contact: { name: 'Rajesh Pandian', email: null, phone: '9443012345' },
        shipping_address: { name: 'Rajesh Pandian', phone: '9443012345', line1: 'Pampady', city: 'Pampady', district: 'Kottayam', state: 'Kerala', pincode: '686502' },
        gstin: GSTIN,
        business_name: 'Bodi Estates',
        payment_method: 'cod',
      },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.match(refused.body.errors.gstin[0], /registered in Tamil Nadu \(33\), but the billing address is in Kerala/);

    // Billed to the estate's office in Theni.
    await shopper.getByRole('checkbox', { name: 'Bill to the delivery address' }).uncheck();
    await field(shopper, 'billing_address.name').fill('Bodi Estates');
    await field(shopper, 'billing_address.phone').fill('9443012345');
    await fillAddress(shopper, 'billing_address', { line1: '12 Kamaraj Salai', city: 'Bodinayakanur', district: 'Theni', state: 'Tamil Nadu', pincode: '625513' });
    await shopper.getByTestId('summary-igst').waitFor();
    await shopper.getByRole('button', { name: 'Place order' }).click();
    await shopper.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    number = (await shopper.getByTestId('order-number').textContent())?.trim() ?? '';
    uuid = shopper.url().split('/').pop();
    const order = (await callApi(shopper, 'GET', `/api/orders/${uuid}`)).body;
    assert.deepEqual(order.place_of_supply_state, { name: 'Tamil Nadu', code: '33' });
    assert.equal(order.place_of_supply, 'inter_state');
    assert.equal(order.shipping_address.state, 'Kerala');
  });

  it('is confirmed, shipped and delivered at the desk; its tax invoice and bill of supply show IGST, 33-Tamil Nadu and both addresses', { timeout: 180_000 }, async () => {
    await staff.goto(`${suite.baseUrl()}/admin/orders/${number}`);
    await staff.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
    await move(staff, 'Confirm', 'Confirm and e-mail the customer');
    await staff.getByRole('link', { name: /^Tax invoice WR\/\d\d-\d\d\/\d{6}$/ }).waitFor();
    await staff.getByRole('link', { name: /^Bill of supply WRBS\/\d\d-\d\d\/\d{5}$/ }).waitFor();
    await move(staff, 'Ship', 'Ship and e-mail the customer', async () => {
      await staff.getByLabel('Carrier').fill('India Post');
      await staff.getByLabel('Tracking number').fill('EK555555555IN');
    });
    await staff.getByTestId('shipment').getByText('EK555555555IN').waitFor();
    await move(staff, 'Mark delivered', 'Mark delivered and e-mail the customer');
    await staff.getByText('it moves no further').waitFor();

    const order = (await callApi(shopper, 'GET', `/api/orders/${uuid}`)).body;
    const [invoiceDoc, billDoc] = order.documents;
    assert.deepEqual(
      order.documents.map((document) => document.kind),
      ['tax_invoice', 'bill_of_supply'],
    );
    await shopper.goto(`${suite.baseUrl()}/view-order/${uuid}#tax-invoice`);
    const invoice = shopper.locator('[id="tax-invoice"]').getByRole('article', { name: 'Tax Invoice' });
    await invoice.waitFor();
    await invoice.getByText(invoiceDoc.number, { exact: true }).waitFor();
    assert.equal((await invoice.getByTestId('place-of-supply').innerText()).trim(), '33-Tamil Nadu');
    await invoice.getByRole('columnheader', { name: 'IGST', exact: true }).waitFor();
    assert.equal(await invoice.getByRole('columnheader', { name: 'CGST', exact: true }).count(), 0);
    assert.match(await invoice.getByTestId('billed-to').innerText(), /Bodinayakanur[\s\S]*Tamil Nadu – 625513/);
    assert.match(await invoice.getByTestId('shipped-to').innerText(), /Pampady[\s\S]*Kerala – 686502/);
    await invoice.getByText(GSTIN, { exact: true }).waitFor();
    assert.equal((await invoice.getByTestId('line-quantity').allInnerTexts()).length, 1, 'the invoice holds the sprayer alone');
    await invoice.getByText('Authorised signatory').waitFor();
    await invoice.getByText(/^For WellRoot Agri Inputs Private Limited/).waitFor();

    const bill = shopper.locator(`[id="document-${billDoc.number}"]`).getByRole('article', { name: 'Bill of Supply' });
    await bill.getByText(billDoc.number, { exact: true }).waitFor();
    await bill.getByTestId('bill-of-supply-notice').waitFor();
    assert.equal(await bill.getByRole('columnheader', { name: 'IGST', exact: true }).count(), 0, 'a bill of supply has no tax columns');
    assert.match(await bill.getByTestId('line-quantity').innerText(), /^1 \(1 NOS\)$/);

    await unstick(shopper);
    for (const [label, viewport] of [
      ['390', PHONE],
      ['1366', LAPTOP],
    ]) {
      await shopper.setViewportSize(viewport);
      await invoice.screenshot({ path: join(RESULTS, `gst-papers-invoice-${label}.png`) });
      await bill.screenshot({ path: join(RESULTS, `gst-papers-bill-of-supply-${label}.png`) });
    }

    // Printed: three copies of each paper, each labelled, each starting a page.
    await shopper.emulateMedia({ media: 'print' });
    const shown = await shopper.locator('[id="tax-invoice"] .tax-invoice').evaluateAll((copies) => copies.map((copy) => getComputedStyle(copy).display));
    assert.deepEqual(shown, ['block', 'block', 'block'], 'three copies print');
    const breaks = await shopper.locator('[id="tax-invoice"] .tax-invoice').evaluateAll((copies) => copies.map((copy) => getComputedStyle(copy).breakBefore));
    assert.deepEqual(breaks, ['auto', 'page', 'page'], 'each copy starts a page');
    const labels = await shopper.locator('[id="tax-invoice"] .copy-label').allInnerTexts();
    assert.deepEqual(
      labels.map((text) => text.trim().toLowerCase()),
      ['original for recipient', 'duplicate for transporter', 'triplicate for supplier'],
    );
    await shopper.setViewportSize({ width: 794, height: 1123 });
    await shot(shopper, 'papers-print');
    await shopper.emulateMedia({ media: 'screen' });
  });

  it('takes one sprayer back with the returns panel; the credit note names the invoice', { timeout: 180_000 }, async () => {
    await staff.setViewportSize(PHONE);
    await staff.goto(`${suite.baseUrl()}/admin/orders/${number}`);
    const form = staff.getByRole('form', { name: 'Take back goods' });
    await form.waitFor();
    const sprayer = form.getByTestId('return-line').filter({ hasText: 'Sprayer' });
    await sprayer.getByRole('spinbutton').fill('1');
    await form.getByLabel(/^Reason/).fill('Pump handle cracked');
    await unstick(staff);
    await form.screenshot({ path: join(RESULTS, 'gst-papers-returns-panel-390.png') });
    const width = await staff.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `the order page with its returns panel fits a phone (${width}px)`);
    await form.getByRole('button', { name: 'Take back' }).click();
    const returns = staff.getByTestId('returns');
    await returns.waitFor();
    const credit = (await returns.getByTestId('return-credit').innerText()).trim();
    const noteNumber = credit.match(/WRCN\/\d\d-\d\d\/\d{5}/)?.[0];
    assert.ok(noteNumber, `a credit note is issued: ${credit}`);
    const panel = returns.locator('xpath=ancestor::section[1]');
    await panel.screenshot({ path: join(RESULTS, 'gst-papers-returns-done-390.png') });
    await staff.setViewportSize(LAPTOP);
    await panel.screenshot({ path: join(RESULTS, 'gst-papers-returns-done-1366.png') });

    const order = (await callApi(staff, 'GET', `/api/admin/orders/${number}`)).body;
    assert.equal(order.returns.length, 1);
    assert.equal(order.lines.find((line) => line.product_name.includes('Sprayer')).returned, 1);
    assert.deepEqual(
      order.credit_notes.map((note) => [note.number, note.against]),
      [[noteNumber, order.documents[0].number]],
    );

    await staff.getByRole('link', { name: `Credit note ${noteNumber}` }).click();
    await unstick(staff);
    const note = staff.locator(`[id="credit-note-${noteNumber}"]`).getByRole('article', { name: 'Credit Note' });
    await note.waitFor();
    await note.getByText('Pump handle cracked').waitFor();
    assert.match(await note.getByTestId('credited-document').innerText(), new RegExp(`^${order.documents[0].number.replaceAll('/', '\\/')} · .*\\nTax Invoice$`));
    assert.equal((await note.getByTestId('line-quantity').innerText()).trim(), '1 (1 NOS)');
    assert.equal((await note.getByTestId('place-of-supply').innerText()).trim(), '33-Tamil Nadu');
    assert.equal(await note.getByTestId('invoice-total').innerText(), new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(order.returns[0].value));
    await note.screenshot({ path: join(RESULTS, 'gst-papers-credit-note-1366.png') });
    await staff.setViewportSize(PHONE);
    await note.screenshot({ path: join(RESULTS, 'gst-papers-credit-note-390.png') });
    await staff.setViewportSize(LAPTOP);

    // The shopper's page shows it too, and in Malayalam its labels are bilingual.
    await shopper.goto(`${suite.baseUrl()}/ml/view-order/${uuid}`);
    await unstick(shopper);
    const inMalayalam = shopper.locator(`[id="credit-note-${noteNumber}"]`).getByRole('article');
    await inMalayalam.getByText('ക്രെഡിറ്റ് നോട്ട് / Credit Note').waitFor();
    await shopper.setViewportSize(PHONE);
    await inMalayalam.screenshot({ path: join(RESULTS, 'gst-papers-credit-note-ml-390.png') });
    await shopper.locator('[id="tax-invoice"]').screenshot({ path: join(RESULTS, 'gst-papers-invoice-ml-390.png') });
  });

  it('offers the GSTR-3B figures and the invoice register', { timeout: 120_000 }, async () => {
    const period = month();
    await staff.goto(`${suite.baseUrl()}/admin/gst?kind=month&period=${period}`);
    await staff.getByRole('heading', { level: 1, name: 'GST returns' }).waitFor();
    const table = staff.getByTestId('gstr3b');
    await table.waitFor();
    await shot(staff, 'gst-screen-1366');

    const [gstr3b] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('link', { name: 'GSTR-3B figures (CSV)' }).click()]);
    const gstr3bCsv = readFileSync(await gstr3b.path(), 'utf8');
    assert.match(gstr3bCsv, /^Section,Description,Place Of Supply,Taxable Value,Integrated Tax,Central Tax,State\/UT Tax/);
    assert.match(gstr3bCsv, /3\.1\(c\),/);

    const [register] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('link', { name: 'Invoice register (CSV)' }).click()]);
    const registerCsv = readFileSync(await register.path(), 'utf8');
    assert.match(registerCsv, /^Document Type,Number,Date,Order,Against/);
    for (const kind of ['Tax invoice', 'Bill of supply', 'Credit note']) {
      assert.match(registerCsv, new RegExp(`^${kind},.*${number}`, 'm'), `${kind} of ${number} is in the register`);
    }
    assert.match(registerCsv, new RegExp(`^Credit note,.*${number}.*Bodi Estates,${GSTIN},33-Tamil Nadu,Inter-State,-`, 'm'));
  });
});
