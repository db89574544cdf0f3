// The catalogue desk on a phone (390 px) as the shop's owner uses it, against the real binary:
// the catalogue CSV downloaded, five rows edited as people write them (₹2,800, 25.2 kg) while a
// sale moves one row's stock, imported back with the choice the preview offers, and applied; a
// stocktake of a shelf; and a new product created with a 50-megapixel camera photo, which the
// browser makes smaller before it is sent.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, RESULTS } from './harness.mjs';
import { apiFrom, enrol, enterPassword as enterPasswordAt } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `desk-catalog-${name}.png`), fullPage: true });

const ADMIN = { email: 'stockist@e2e.example', password: 'Stockist-pass-2026!' };

/** A CSV sheet's rows (RFC 4180: quoted cells may hold commas, quotes and newlines). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  const [header, ...data] = rows;
  return { header, rows: data.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))) };
}

const toCsv = (header, rows) =>
  [header, ...rows.map((row) => header.map((name) => row[name]))].map((cells) => cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')).join('\n') + '\n';

describe('the catalogue desk on a phone', () => {
  let owner;

  it('signs the owner in with a second factor', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Anu'], `${ADMIN.password}\n`);
    owner = await open(PHONE, '/admin');
    await owner.waitForURL(/\/sign-in\?next=/);
    await enterPasswordAt(owner, suite.baseUrl(), ADMIN);
    await enrol(owner);
    await owner.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  });

  it('takes the downloaded CSV back with five edits, a sale since the export and the owner’s choice', { timeout: 120_000 }, async () => {
    const exported = await apiFrom(owner, 'GET', '/api/admin/catalog/export.csv');
    assert.equal(exported.status, 200);
    const { header, rows } = parseCsv(exported.body);
    assert.ok(header.includes('stock_when_exported') && header.includes('weight'), header.join());
    assert.equal(new Set(rows.map((row) => row.product_slug)).size, 110, 'every demo product is in the sheet');
    const candidates = rows.filter((row) => Number(row.stock) >= 5 && row.mrp === '' && row.weight !== '0 g');
    const [sold, priced, weighed, withdrawn, counted] = candidates;
    const soldStock = Number(sold.stock);
    sold.stock = String(soldStock + 5);
    priced.price = '₹2,800';
    weighed.weight = '25.2 kg';
    withdrawn.active = 'false';
    counted.stock = String(Number(counted.stock) - 1);

    // A sale of two since the export (recorded here as stock that left the shelf).
    const list = await apiFrom(owner, 'GET', `/api/admin/catalog/stock-counts/list?search=${encodeURIComponent(sold.sku)}`);
    const variant = JSON.parse(list.body).data.find((item) => item.sku === sold.sku);
    const moved = await apiFrom(owner, 'POST', `/api/admin/catalog/variants/${variant.variant_id}/stock-adjustments`, { delta: -2, reason: 'damaged' });
    assert.equal(moved.status, 201, moved.body);

    await owner.goto(`${suite.baseUrl()}/admin/bulk`);
    await owner.getByRole('heading', { level: 1, name: 'Bulk edits' }).waitFor();
    await owner.getByLabel('Choose a CSV file').setInputFiles({ name: 'catalogue-edited.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv(header, rows)) });
    await owner.getByText('Stock moved since the export').waitFor();
    const status = await owner.getByRole('status').filter({ hasText: 'rows read' }).innerText();
    assert.match(status, /5 variants change, 0 new/, status);
    assert.match(await owner.getByText(/Exported at/).innerText(), new RegExp(`Exported at ${soldStock}, ${soldStock - 2} now`));
    await shot(owner, 'bulk-preview');
    // The choice is previewed again by the server before the radio shows it chosen.
    await owner.getByRole('radio', { name: new RegExp(`Set the count: ${soldStock + 5}`) }).click();
    await owner.waitForFunction((sku) => [...document.querySelectorAll('input[type=radio]')].some((r) => r.name === `drift-${sku}` && r.checked && r.closest('label')?.textContent?.includes('Set the count')), sold.sku);
    await owner.getByRole('button', { name: 'Apply 5 changes' }).click();
    await owner.getByText(/Import #\d+ applied/).waitFor();

    const after = parseCsv((await apiFrom(owner, 'GET', '/api/admin/catalog/export.csv')).body).rows;
    const now = (sku) => after.find((row) => row.sku === sku);
    assert.equal(now(sold.sku).stock, String(soldStock + 5), 'the count was set, as chosen');
    assert.equal(now(priced.sku).price, '2800.00');
    assert.equal(now(weighed.sku).weight, '25.2 kg');
    assert.equal(now(withdrawn.sku).active, 'false');
    assert.equal(now(counted.sku).stock, counted.stock);
  });

  it('counts a shelf and sets each pack size to what was counted', { timeout: 60_000 }, async () => {
    await owner.goto(`${suite.baseUrl()}/admin/stocktake`);
    await owner.getByRole('heading', { level: 1, name: 'Stocktake' }).waitFor();
    await owner.getByLabel('Find by name or SKU').fill('neem');
    const first = owner.getByRole('form', { name: 'Counted quantities' }).getByRole('listitem').first();
    await first.getByText(/neem/i).first().waitFor();
    const before = Number((await first.innerText()).match(/in stock (\d+)/)?.[1]);
    await first.getByRole('textbox').fill(String(before + 3));
    await owner.getByRole('button', { name: 'Set 1 to the counted quantity' }).click();
    const saved = await owner.getByRole('status').filter({ hasText: '→' }).first().innerText();
    assert.match(saved, new RegExp(`${before} → ${before + 3} \\(\\+3\\)`), saved);
    await shot(owner, 'stocktake');
  });

  it('creates a product with a 50-megapixel camera photo, made smaller before it is sent', { timeout: 120_000 }, async () => {
    await owner.goto(`${suite.baseUrl()}/admin/products/new`);
    await owner.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await owner.getByLabel('Name', { exact: true }).fill('Neem Cake Pellets');
    await owner.getByLabel('Brand').selectOption({ label: 'WellRoot Crop Care' });
    await owner.getByLabel('HSN code').fill('31010099');
    await owner.getByLabel('GST rate').selectOption({ label: '5%' });
    await owner.getByLabel('Manufacturer or packer').fill('Malabar Agro Chemicals Pvt Ltd');
    await owner.getByLabel("Manufacturer's or packer's address").fill('Industrial Estate, Kalamassery, Kerala 683104');
    const variant = owner.getByRole('listitem').filter({ has: owner.getByRole('heading', { name: 'Variant 1' }) });
    await variant.getByLabel('Variant name').first().fill('25 kg');
    await variant.getByLabel('SKU').fill('NCP-25');
    await variant.getByLabel('Price (₹', { exact: false }).fill('₹1,450');
    await variant.getByLabel('Shipping weight').fill('25');
    await variant.getByLabel('Weight unit').selectOption('g');
    await variant.getByText('looks light for a pack sold by the kilogram').waitFor();
    await variant.getByLabel('Weight unit').selectOption('kg');
    await variant.getByLabel('Unit (UQC)').selectOption('KGS');
    await variant.getByLabel('Quantity per pack').fill('25');

    // A camera's 8160 × 6120 photo, drawn in the page (a real JPEG, as a phone would give it).
    const photo = await owner.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 8160;
      canvas.height = 6120;
      const context = canvas.getContext('2d');
      context.fillStyle = '#5a7d2a';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = '#c9a14a';
      context.fillRect(1000, 1000, 4000, 3000);
      const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    });
    await owner.getByLabel('Add photos to the new product').setInputFiles({ name: 'IMG_20261127.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo, 'base64') });
    await owner.getByRole('list', { name: 'Photos to add' }).getByText('IMG_20261127.jpg').waitFor();
    // The chosen photo is shown before it is sent (a blob: address the page's policy allows).
    await owner.waitForFunction(() => [...document.querySelectorAll('[aria-label="Photos to add"] img')].every((img) => img.complete && img.naturalWidth > 0));
    await owner.getByRole('list', { name: 'Photos to add' }).screenshot({ path: join(RESULTS, 'desk-catalog-draft-photos.png') });
    await owner.getByRole('button', { name: 'Create product' }).click();
    await owner.waitForURL(/\/admin\/products\/\d+$/, { timeout: 60_000 });
    const id = owner.url().match(/\/admin\/products\/(\d+)$/)[1];
    const photos = JSON.parse((await apiFrom(owner, 'GET', `/api/admin/catalog/products/${id}/photos`)).body).data;
    assert.equal(photos.length, 1, 'the draft’s photo is on the product');
    assert.ok(photos[0].width <= 3200 && Math.abs(photos[0].width / photos[0].height - 4 / 3) < 0.01, JSON.stringify(photos[0]));
    const product = JSON.parse((await apiFrom(owner, 'GET', `/api/admin/catalog/products/${id}`)).body);
    assert.equal(product.variants[0].weight_grams, 25_000);
    assert.equal(product.variants[0].retail_price, 1450);
    assert.deepEqual([product.supply_kind, product.variants[0].uqc, product.variants[0].uqc_quantity], ['taxable', 'KGS', '25']);

    // 18 % where the rate list gives 5 % for 3101: saved, with the list's rate and entry shown.
    await owner.getByLabel('GST rate').selectOption({ label: '18%' });
    await owner.getByRole('button', { name: 'Save product' }).click();
    const warning = owner.getByRole('status').filter({ hasText: 'Check before selling' });
    await warning.getByText('HSN 31010099 5% (9/2025-CT(R) Sch I S.No. 237*)', { exact: false }).waitFor();
    const wide = await owner.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the form fits a 390 px phone (${wide} px)`);
    await shot(owner, 'gst-warning');
    await owner.getByLabel('Supply kind').scrollIntoViewIfNeeded();
    await owner.screenshot({ path: join(RESULTS, 'desk-catalog-supply-kind.png') });
  });
});
