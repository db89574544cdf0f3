// Receiving stock by batch on a phone (390 px), against the real binary: a receipt typed in at the
// godown door (one bad date put right from the server's word beside the field), the pack size's
// stock risen by what came and the batch on the product's screen; a supplier's CSV sheet previewed
// with its bad cell named; and the Expiry screen. Screens are photographed at 390 and 1366 px.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, RESULTS } from './harness.mjs';
import { apiFrom, enrol, enterPassword } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const WIDE = { width: 1366, height: 900 };
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `receipts-${name}.png`), fullPage: true });

const ADMIN = { email: 'godown@e2e.example', password: 'Godown-pass-2026!' };

/** A date `days` from today, as a date field takes it. */
const day = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Makes the pack size's product kept by batch (an insecticide), its stock the opening batch, as the migration leaves stock held before. */
function keepByBatch(variantId) {
  const sql = `
    UPDATE products SET batch_tracked = 1, regulated_as = 'insecticide'
      WHERE id = (SELECT product_id FROM product_variants WHERE id = ${Number(variantId)});
    INSERT INTO batches (variant_id, number, quantity, created_at, updated_at)
      SELECT v.id, 'OPENING', v.stock, datetime('now'), datetime('now') FROM product_variants v
      WHERE v.product_id = (SELECT product_id FROM product_variants WHERE id = ${Number(variantId)});`;
  execFileSync('sqlite3', [suite.shop().databasePath], { input: sql });
}

/** A pack size with stock and a name whose product is not yet kept by batch (the demo keeps its pesticides, fertilisers and seeds by batch already). */
function untrackedPack() {
  const sql = `SELECT v.sku FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE p.batch_tracked = 0 AND v.stock >= 3 AND v.name IS NOT NULL AND v.is_active = 1 AND p.is_active = 1
    ORDER BY v.id LIMIT 1;`;
  return execFileSync('sqlite3', [suite.shop().databasePath], { input: sql }).toString().trim();
}

async function stockOf(page, sku) {
  const found = await apiFrom(page, 'GET', `/api/admin/catalog/stock-counts/list?search=${encodeURIComponent(sku)}`);
  assert.equal(found.status, 200, found.body);
  return JSON.parse(found.body).data.find((item) => item.sku === sku);
}

describe('receipts on a phone', () => {
  let owner;
  let pack;

  it('signs the owner in', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Biju'], `${ADMIN.password}\n`);
    owner = await open(PHONE, '/admin/receipts');
    await owner.waitForURL(/\/sign-in\?next=/);
    await enterPassword(owner, suite.baseUrl(), ADMIN, '/admin/receipts');
    await enrol(owner);
    await owner.getByRole('heading', { level: 1, name: 'Receipts' }).waitFor();
  });

  it('records a receipt typed in, and the pack size’s stock rises by it', { timeout: 90_000 }, async () => {
    pack = await stockOf(owner, untrackedPack());
    assert.ok(pack, 'a pack size with stock');
    keepByBatch(pack.variant_id);
    const before = pack.stock;

    await owner.getByLabel('Supplier', { exact: true }).fill('Malabar Agro Distributors');
    await owner.getByLabel("Supplier's invoice number").fill('MAD/2026/118');
    await owner.getByLabel('Invoice date').fill(day(-2));
    await owner.getByLabel('Pack size').fill(pack.sku);
    await owner.getByRole('list', { name: 'Pack sizes found' }).getByRole('button', { name: new RegExp(pack.sku) }).click();
    await owner.getByLabel('Batch number').fill('e2e-101');
    // A slip of the thumb: the expiry before the manufacture.
    await owner.getByLabel('Manufactured').fill(day(-30));
    await owner.getByLabel('Expires').fill(day(-40));
    await owner.getByLabel('Units').fill('12');
    await owner.getByLabel('Unit cost (₹)').fill('412.50');
    await owner.getByRole('button', { name: 'Record the receipt' }).click();
    await owner.getByText('The expiry date must come after the manufacture date.').waitFor();
    await shot(owner, 'form-error-390');

    await owner.getByLabel('Expires').fill(day(400));
    await owner.getByRole('button', { name: 'Record the receipt' }).click();
    await owner.getByText(/Receipt #\d+ recorded/).waitFor();
    const after = await stockOf(owner, pack.sku);
    assert.equal(after.stock, before + 12, 'the stock rose by the units received');

    const receipts = owner.getByRole('list', { name: 'Receipts' });
    await receipts.getByRole('button', { name: /Malabar Agro Distributors/ }).click();
    await receipts.getByText('Batch E2E-101 · 12 units at ₹412.50', { exact: false }).waitFor();
    await shot(owner, 'list-390');

    await owner.goto(`${suite.baseUrl()}/admin/products/${pack.product_id}`);
    const batches = owner.getByRole('list', { name: 'Batches' });
    await batches.getByText('Batch E2E-101').waitFor();
    await batches.getByText(`Batch OPENING · ${pack.variant_name}`).waitFor();
    await shot(owner, 'product-batches-390');
  });

  it('previews a CSV sheet naming its bad cell, and receives nothing from it', { timeout: 60_000 }, async () => {
    await owner.goto(`${suite.baseUrl()}/admin/receipts?way=sheet`);
    await owner.getByLabel('Supplier', { exact: true }).fill('Kerala Agro');
    await owner.getByLabel("Supplier's invoice number").fill('KA-77');
    await owner.getByLabel('Invoice date').fill(day(-1));
    const sheet = [
      'sku,batch,manufactured_on,expires_on,tested_on,quantity,unit_cost',
      `${pack.sku},KA-1,${day(-20).split('-').reverse().join('/')},${day(300).split('-').reverse().join('/')},,10,412.50`,
      `NO-SUCH-PACK,KA-2,${day(-20)},${day(300)},,4,100`,
      '',
    ].join('\n');
    await owner.getByLabel('Choose a CSV file').setInputFiles({ name: 'kerala.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    const problems = owner.getByRole('alert').filter({ hasText: 'nothing will be received' });
    await problems.getByText('Line 3, sku').waitFor();
    await problems.getByText(/No pack size has the SKU NO-SUCH-PACK/).waitFor();
    assert.equal(await owner.getByRole('button', { name: /^Receive / }).count(), 0, 'a sheet with a bad cell cannot be received');
    await shot(owner, 'sheet-preview-390');
    assert.equal((await stockOf(owner, pack.sku)).stock, pack.stock + 12, 'nothing was received from the sheet');
  });

  it('shows the expiry lists, and each screen fits a phone and a laptop', { timeout: 60_000 }, async () => {
    await owner.goto(`${suite.baseUrl()}/admin/expiry`);
    await owner.getByRole('heading', { name: /Undated: give their dates/ }).waitFor();
    await owner.getByRole('list', { name: /Undated/ }).getByText('Batch OPENING').first().waitFor();
    for (const [viewport, width] of [
      [PHONE, 390],
      [WIDE, 1366],
    ]) {
      await owner.setViewportSize(viewport);
      for (const [path, name] of [
        ['/admin/receipts', 'receipts'],
        ['/admin/expiry', 'expiry'],
        [`/admin/products/${pack.product_id}`, 'product'],
        ['/admin', 'dashboard'],
      ]) {
        await owner.goto(`${suite.baseUrl()}${path}`);
        await owner.getByRole('heading', { level: 1 }).waitFor();
        await owner.waitForLoadState('networkidle');
        const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${path} fits ${width} px (overflows by ${overflow} px)`);
        await shot(owner, `${name}-${width}`);
      }
    }
  });
});
