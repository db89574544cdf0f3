// Batches and licences on the papers, in Debian's Chromium against the real storefront binary: a
// shopper buys a fungicide (an insecticide under the Insecticides Act, kept by batch) and a
// fertiliser; once the desk confirms, the order's batches are allotted first-expiring-first, and
// the tax invoice prints each line's batch number with its dates, the fungicide's CIB&RC
// registration number, the Form M note of the fertiliser (FCO 1985 cl. 5) and the dealer's
// licences with their validity. The product page names the licence it is sold under (Insecticides
// Rules r. 10E). Screenshots of the invoice and the product page at 390 and 1366 px in English,
// Malayalam and Tamil.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, PHONE, RESULTS } from './harness.mjs';
import { enrol, enterPassword } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const LAPTOP = { width: 1366, height: 900 };
const unstick = (page) => page.addStyleTag({ content: 'header, .sticky { position: relative !important; top: auto !important; }' });

const ADMIN = { email: 'licence-desk@e2e.example', password: 'Licence-desk-2026!' };
const FUNGICIDE = 'mancozeb-75-wp-fungicide';
const FERTILISER = 'npk-19-19-19-water-soluble-fertiliser';
const LICENCE = 'IDK/KTP/INS/2024/0318';

async function addToCart(page, slug, quantity) {
  const product = (await callApi(page, 'GET', `/api/products/${slug}`)).body;
  const variant = product.variants.find((v) => v.stock >= quantity)?.id ?? product.default_variant_id;
  const added = await callApi(page, 'POST', '/api/cart/add', { product_id: product.id, variant_id: variant, quantity });
  assert.equal(added.status, 200, JSON.stringify(added.body));
}

describe('batches and licences on the papers', () => {
  let staff;
  let shopper;
  let order;

  it('places an order of a fungicide and a fertiliser, confirmed at the desk', { timeout: 120_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Desk Owner'], `${ADMIN.password}\n`);
    staff = await open(LAPTOP, '/admin/orders');
    await staff.waitForURL(/\/sign-in\?next=/);
    await enterPassword(staff, suite.baseUrl(), ADMIN, '/admin/orders');
    await enrol(staff);

    shopper = await open(PHONE, '/');
    await addToCart(shopper, FUNGICIDE, 2);
    await addToCart(shopper, FERTILISER, 1);
    const placed = await callApi(
      shopper,
      'POST',
      '/api/checkout',
      {
        contact: { name: 'Anitha Joseph', email: 'anitha@example.in', phone: '9847012345' },
        shipping_address: { name: 'Anitha Joseph', phone: '9847012345', line1: 'Puthenpurackal Estate', city: 'Kumily', district: 'Idukki', state: 'Kerala', pincode: '685509' },
        payment_method: 'cod',
      },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    order = placed.body;

    await staff.goto(`${suite.baseUrl()}/admin/orders/${order.number}`);
    await staff.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    await staff.getByRole('button', { name: 'Confirm', exact: true }).click();
    await staff.getByRole('button', { name: 'Confirm and e-mail the customer' }).click();
    await staff.getByRole('link', { name: /^Tax invoice WR\/\d\d-\d\d\/\d{6}$/ }).waitFor();
    order = (await callApi(shopper, 'GET', `/api/orders/${order.uuid}`)).body;
  });

  it('prints batch numbers, the registration number, Form M and the dealer licences', { timeout: 120_000 }, async () => {
    const fungicide = order.lines.find((line) => line.regulated_as === 'insecticide');
    const fertiliser = order.lines.find((line) => line.regulated_as === 'fertiliser');
    assert.ok(fungicide.batches.length > 0, 'the fungicide took units from a batch');
    assert.ok(fertiliser.batches.length > 0, 'so did the fertiliser');

    await shopper.goto(`${suite.baseUrl()}/view-order/${order.uuid}#tax-invoice`);
    const invoice = shopper.locator('[id="tax-invoice"]').getByRole('article', { name: 'Tax Invoice' });
    await invoice.waitFor();
    const batches = (await invoice.getByTestId('line-batch').allInnerTexts()).join('\n');
    for (const batch of [...fungicide.batches, ...fertiliser.batches]) {
      assert.ok(batches.includes(batch.number), `batch ${batch.number} is printed: ${batches}`);
    }
    assert.match(batches, /Mfd\. .* · Exp\. /, 'a fungicide batch shows its manufacture and expiry dates');
    assert.equal((await invoice.getByTestId('line-registration').innerText()).trim(), `Reg. No. (CIB&RC): ${fungicide.registration_number}`);
    const licences = await invoice.getByTestId('seller-licences').innerText();
    assert.match(licences, new RegExp(`Insecticide sale licence: ${LICENCE.replaceAll('/', '\\/')} \\(valid `));
    assert.match(licences, /Fertiliser dealer authorisation: FCO\/IDK\/D-2023\/1147/);
    assert.match(licences, /Seed dealer licence: SDL\/IDK\/2025\/0092/);
    await invoice.getByTestId('form-m').waitFor();

    await unstick(shopper);
    for (const language of ['', 'ml/', 'ta/']) {
      await shopper.goto(`${suite.baseUrl()}/${language}view-order/${order.uuid}#tax-invoice`);
      await unstick(shopper);
      const paper = shopper.locator('[id="tax-invoice"]').getByRole('article').first();
      await paper.getByTestId('seller-licences').waitFor();
      for (const [label, viewport] of [
        ['390', PHONE],
        ['1366', LAPTOP],
      ]) {
        await shopper.setViewportSize(viewport);
        await paper.screenshot({ path: join(RESULTS, `licences-invoice-${language.replace('/', '') || 'en'}-${label}.png`) });
      }
    }
  });

  it('names the licence on the product page, in each language', { timeout: 120_000 }, async () => {
    for (const language of ['', 'ml/', 'ta/']) {
      await shopper.goto(`${suite.baseUrl()}/${language}dealer/malabar-agrochem/${FUNGICIDE}`);
      const licence = shopper.getByTestId('sale-licence');
      await licence.waitFor();
      assert.match(await licence.innerText(), new RegExp(LICENCE.replaceAll('/', '\\/')));
      assert.equal(await shopper.getByTestId('not-for-sale').count(), 0);
      await unstick(shopper);
      for (const [label, viewport] of [
        ['390', PHONE],
        ['1366', LAPTOP],
      ]) {
        await shopper.setViewportSize(viewport);
        await shopper.screenshot({ path: join(RESULTS, `licences-product-${language.replace('/', '') || 'en'}-${label}.png`), fullPage: true });
      }
    }
  });
});
