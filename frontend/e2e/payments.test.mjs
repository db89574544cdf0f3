// Paying for a bank-transfer order in Debian's Chromium against the real binary: the
// confirmation page shows a UPI QR code that a phone's camera reads as a payment of the exact
// amount with the order number as the note (decoded here with jsQR from the picture the page
// shows); an order left unpaid past its days is cancelled by the shop's sweep, its units go back
// on the shelf and the shopper is told, on the order page and by mail.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import jsQR from 'jsqr';
import { browserSuite, callApi, DESKTOP, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();

const stockOf = async (page, slug) => (await callApi(page, 'GET', `/api/products/${slug}`)).body.stock;

/** A guest's bank-transfer order of `quantity` of the product's first pack size, through the API. */
async function bankTransferOrder(page, slug, quantity) {
  const product = (await callApi(page, 'GET', `/api/products/${slug}`)).body;
  const variant = product.variants.find((v) => v.stock >= quantity)?.id ?? product.default_variant_id;
  assert.equal((await callApi(page, 'POST', '/api/cart/add', { product_id: product.id, variant_id: variant, quantity })).status, 200);
  const address = { name: 'Lakshmi Nair', phone: '+919847011111', line1: 'Thekkady Road', city: 'Kumily', district: 'Idukki', state: 'Kerala', pincode: '685509' };
  const placed = await callApi(
    page,
    'POST',
    '/api/checkout',
    {
      contact: { name: 'Lakshmi Nair', email: 'lakshmi@example.test', phone: '+919847011111' },
      shipping_address: address,
      payment_method: 'bank_transfer',
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  return placed.body;
}

/** What the QR code on the page says, read from the pixels the page drew, as a camera would. */
async function readQr(page, name) {
  const drawn = await page.evaluate(async (name) => {
    const img = [...document.querySelectorAll('img')].find((i) => i.alt === name);
    if (!img) return { error: 'no QR picture' };
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(img, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: canvas.width, height: canvas.height, data: Array.from(pixels.data) };
  }, name);
  assert.ok(!drawn.error, drawn.error);
  return { text: jsQR(Uint8ClampedArray.from(drawn.data), drawn.width, drawn.height)?.data ?? null };
}

describe('paying by bank transfer', () => {
  let order;
  let stockBefore;
  const slug = 'banana-bunch-knife';

  it('shows a UPI QR code for the exact amount on the confirmation page', { timeout: 60_000 }, async () => {
    const page = await suite.open(DESKTOP, `/dealer/anamalai-tools/${slug}`);
    stockBefore = await stockOf(page, slug);
    order = await bankTransferOrder(page, slug, 3);
    await page.goto(`${suite.baseUrl()}/order-confirmation/${order.uuid}`);
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(order.totals.total);
    const name = `UPI QR code to pay ${amount} for ${order.number}`;
    await page.getByRole('img', { name }).waitFor();
    const read = await readQr(page, name);
    const link = new URL(read.text);
    assert.equal(link.protocol, 'upi:');
    assert.equal(link.searchParams.get('am'), order.totals.total.toFixed(2));
    assert.equal(link.searchParams.get('tn'), order.number);
    assert.equal(link.searchParams.get('cu'), 'INR');
    assert.equal(link.searchParams.get('pa'), 'wellroot@shbank');
    await page.getByRole('img', { name }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS, 'e2e-payments-qr-desktop.png') });

    const phone = await suite.open(PHONE, `/order-confirmation/${order.uuid}`);
    await phone.getByRole('img', { name }).waitFor();
    await phone.getByRole('link', { name: `Pay ${amount} with a UPI app` }).waitFor();
    await phone.getByRole('img', { name }).scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(RESULTS, 'e2e-payments-qr-phone.png') });

    // The confirmation mail carries the same link and the picture, which opens without a session.
    let mail = '';
    for (let i = 0; i < 50 && !mail; i++) {
      mail = readdirSync(suite.shop().mailDir)
        .map((file) => readFileSync(join(suite.shop().mailDir, file), 'utf8'))
        .find((text) => text.includes(order.number) && text.includes('received')) ?? '';
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(mail.includes(`/api/orders/${order.uuid}/upi-qr.png`), 'the mail shows the QR code');
    const picture = await fetch(`${suite.baseUrl()}/api/orders/${order.uuid}/upi-qr.png`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/png');
  });

  it('cancels an order left unpaid past its days, restocks it and tells the shopper', { timeout: 60_000 }, async () => {
    const page = await suite.open(PHONE, `/view-order/${order.uuid}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    assert.equal(await stockOf(page, slug), stockBefore - 3, 'the order took its units');
    // Today nothing is due; four days on (the default allows three) the order is.
    assert.match(suite.shop().command(['cancel-unpaid']), /no unpaid/i);
    const later = new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString();
    const swept = suite.shop().command(['cancel-unpaid', '--as-of', later]);
    assert.match(swept, new RegExp(order.number));
    assert.equal(await stockOf(page, slug), stockBefore, 'its units are back on the shelf');
    await page.reload();
    await page.getByText('Cancelled').first().waitFor();
    const gone = await fetch(`${suite.baseUrl()}/api/orders/${order.uuid}/upi-qr.png`);
    assert.equal(gone.status, 404, 'a cancelled order has nothing to pay');
    await page.screenshot({ path: join(RESULTS, 'e2e-payments-cancelled-phone.png'), fullPage: true });
  });
});
