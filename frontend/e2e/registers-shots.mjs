// Screenshots of the registers, recall and stock-value screens at 390 and 1366 px, on a demo shop
// whose one insecticide has batches (made with sqlite3: this branch has no receipt screen) and a
// few orders confirmed, shipped, delivered and returned through the API. Not a test: run by hand.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { callApi, launchBrowser, RESULTS, startShop } from './harness.mjs';
import { totp } from './totp.mjs';

const ADMIN = { email: 'owner@registers.example', password: 'Owner-pass-2026!' };
const shop = await startShop();
const db = join(dirname(shop.mailDir), 'shop.db');
const sql = (text) => execFileSync('sqlite3', [db, text], { encoding: 'utf8' }).trim();
try {
  shop.command(['create-admin', ADMIN.email, '--name', 'Shop Owner'], `${ADMIN.password}\n`);
  const [product, variant] = sql(
    "SELECT p.id, MIN(v.id) FROM products p JOIN product_variants v ON v.product_id = p.id WHERE p.hsn_code LIKE '3808%' AND p.is_active = 1 GROUP BY p.id HAVING COUNT(v.id) = 1 ORDER BY p.id LIMIT 1",
  ).split('|');
  sql(`UPDATE products SET batch_tracked = 1, regulated_as = 'insecticide', registration_number = 'CIR-112233/2023-Chlorantraniliprole (SC)(185)-1' WHERE id = ${product};
    INSERT INTO batches (variant_id, number, manufactured_on, expires_on, cost_paise, quantity, created_at, updated_at) VALUES
      (${variant}, 'EM-2411', '2024-11-02', '2026-11-20', 25000, 3, '2026-10-01 04:30:00', '2026-10-01 04:30:00'),
      (${variant}, 'AC-2601', '2026-01-15', '2026-12-31', 28000, 6, '2026-10-20 04:30:00', '2026-10-20 04:30:00'),
      (${variant}, 'AC-2606', '2026-06-10', '2027-06-30', 30000, 20, '2026-11-02 04:30:00', '2026-11-02 04:30:00');
    INSERT INTO stock_movements (variant_id, delta, reason, note, batch_id, batch_delta, created_at)
      SELECT variant_id, quantity, 'received', 'Kerala Agro Distributors invoice KAD/9', id, quantity, created_at FROM batches WHERE variant_id = ${variant};
    UPDATE product_variants SET stock = 26 WHERE id = ${variant};`);

  const browser = await launchBrowser();
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto(`${shop.baseUrl}/admin`);
  await admin.waitForURL(/\/sign-in\?next=/);
  await admin.getByLabel('Mobile number or e-mail').fill(ADMIN.email);
  await admin.getByLabel('Password').fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.getByRole('button', { name: 'Show the QR code' }).click();
  await admin.getByRole('img', { name: 'QR code to add this account to your authenticator app' }).waitFor();
  const key = (await admin.locator('main').innerText()).match(/\b[A-Z2-7]{16,}\b/)?.[0];
  await admin.getByLabel('2. Enter the 6-digit code the app now shows.').fill(totp(key));
  await admin.getByRole('button', { name: 'Confirm and sign in' }).click();
  await admin.getByRole('list', { name: 'Your recovery codes' }).waitFor();
  await admin.getByRole('button', { name: 'I have saved them' }).click();
  await admin.waitForURL(/\/admin/);

  const buyers = [
    ['Reena Mathew', 'reena@example.in', '+919847011111', false, 3, 'Kumily', 'Idukki', '685509'],
    ['Suresh Kumar', 'suresh@example.in', '+919447022222', true, 4, 'Munnar', 'Idukki', '685612'],
    ['Mini Thomas', null, '+919037033333', false, 2, 'Pampady', 'Kottayam', '686502'],
  ];
  const numbers = [];
  for (const [name, email, phone, news, quantity, city, district, pincode] of buyers) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(shop.baseUrl);
    const added = await callApi(page, 'POST', '/api/cart/add', { product_id: Number(product), quantity });
    if (added.status !== 200) throw new Error(JSON.stringify(added));
    const contact = { name, phone, ...(email ? { email } : {}) };
    const placed = await callApi(
      page,
      'POST',
      '/api/checkout',
      {
        contact,
        shipping_address: { name, phone, line1: 'Estate road', city, district, state: 'Kerala', pincode },
        payment_method: 'cod',
        order_updates_on_phone: news,
      },
      { 'Idempotency-Key': randomUUID() },
    );
    if (placed.status !== 201) throw new Error(JSON.stringify(placed));
    numbers.push(placed.body.number);
    await context.close();
  }
  const move = async (number, body) => {
    const moved = await callApi(admin, 'POST', `/api/admin/orders/${number}/status`, body);
    if (moved.status !== 200) throw new Error(`${number}: ${JSON.stringify(moved)}`);
  };
  for (const number of numbers.slice(0, 2)) {
    await move(number, { status: 'confirmed' });
    await move(number, { status: 'shipped', carrier: 'India Post', tracking_number: 'EK123456789IN' });
    await move(number, { status: 'delivered' });
  }
  await move(numbers[2], { status: 'confirmed' });
  const returned = await callApi(admin, 'POST', `/api/admin/orders/${numbers[0]}/returns`, {
    lines: [{ position: 0, quantity: 1, restock: true }],
    refund_delivery: false,
    reason: 'Bought one too many',
  });
  if (returned.status !== 201) throw new Error(JSON.stringify(returned));
  const batch = sql(`SELECT id FROM batches WHERE variant_id = ${variant} AND number = 'AC-2601'`);

  const shot = async (page, name) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(RESULTS, `registers-${name}.png`), fullPage: true });
  };
  for (const [label, viewport] of [
    ['390', { width: 390, height: 844 }],
    ['1366', { width: 1366, height: 900 }],
  ]) {
    await admin.setViewportSize(viewport);
    await admin.goto(`${shop.baseUrl}/admin/registers`);
    await admin.getByTestId('monthly-return').waitFor();
    await shot(admin, `registers-${label}`);
    await admin.goto(`${shop.baseUrl}/admin/stock-value`);
    await admin.getByTestId('margin').waitFor();
    await shot(admin, `stock-value-${label}`);
    await admin.goto(`${shop.baseUrl}/admin/batches/${batch}/recall`);
    await admin.getByTestId('recipients').waitFor();
    if (label === '390') {
      await admin.getByLabel('Why is the batch recalled?').fill("Manufacturer's recall notice MR/2026/14: low active ingredient");
      await admin.getByRole('button', { name: 'Send recall' }).click();
      await admin.getByRole('button', { name: 'Yes, send the recall' }).waitFor();
      await shot(admin, `recall-confirm-${label}`);
      await admin.getByRole('button', { name: 'Yes, send the recall' }).click();
      await admin.getByTestId('recall-record').waitFor();
    }
    await shot(admin, `recall-${label}`);
  }
  await admin.emulateMedia({ media: 'print' });
  await admin.goto(`${shop.baseUrl}/admin/registers`);
  await admin.getByTestId('monthly-return').waitFor();
  await admin.pdf({ path: join(RESULTS, 'registers-print.pdf'), format: 'A4', landscape: true }).catch(() => {});
  await shot(admin, 'registers-print');
  await browser.close();
  console.log('shots in', RESULTS);
} finally {
  await shop.stop();
}
