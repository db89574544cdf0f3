// The day desk in Debian's Chromium against the real storefront binary: an admin made with
// `storefront create-admin` opens the dashboard; a shopper registers, places an order and writes
// through the contact form; the back office's new-order badge rises without a reload and the
// dashboard counts the order; staff find the customer, open the order list of their page and send
// a password-reset mail; staff read the message and mark it handled. Then the screens on a phone.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, DESKTOP, findMail, PHONE, RESULTS } from './harness.mjs';
import { totp } from './totp.mjs';

const suite = browserSuite();
const { open } = suite;

async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(RESULTS, `day-desk-${name}.png`), fullPage: true });
}

const ADMIN = { email: 'owner@day.example', password: 'Owner-pass-2026!' };
const SHOPPER = { name: 'Lakshmi Menon', email: `lakshmi.${Date.now()}@example.test`, phone: '+919847055555', password: 'Cardamom-Harvest-2026' };
const SUBJECT = 'Potash for cardamom';

/** Signs the admin in for the first time: password, then an authenticator app set up from the shown key. */
async function signInAdmin(page) {
  await page.waitForURL(/\/sign-in\?next=/);
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByLabel('Mobile number or e-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Show the QR code' }).click();
  await page.getByRole('img', { name: 'QR code to add this account to your authenticator app' }).waitFor();
  const key = (await page.locator('main').innerText()).match(/\b[A-Z2-7]{16,}\b/)?.[0];
  assert.ok(key, 'the key is shown for typing into the app');
  await page.getByLabel('2. Enter the 6-digit code the app now shows.').fill(totp(key));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.getByRole('list', { name: 'Your recovery codes' }).waitFor();
  await page.getByRole('button', { name: 'I have saved them' }).click();
}

/** The newest mail to `to` whose text has `words`, waiting for the worker to write it. */
async function mailTo(to, words) {
  return findMail(
    suite.shop().mailDir,
    (eml) => {
      const mail = eml.replace(/=\r?\n/g, '');
      return mail.includes(`To: ${to}`) && mail.includes(words) ? mail : undefined;
    },
    `mail to ${to} with "${words}"`,
  );
}

const sideBar = (page) => page.getByRole('navigation', { name: 'Back office' });
const todayOrders = async (page) => Number((await page.getByRole('region', { name: 'Today' }).innerText()).match(/(\d+) orders?/)?.[1]);

describe('the day desk', () => {
  let staff;
  let orderNumber;
  let ordersBefore;

  it('opens on the dashboard for staff', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Shop Owner'], `${ADMIN.password}\n`);
    staff = await open(DESKTOP, '/admin');
    await signInAdmin(staff);
    await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.match(await sideBar(staff).innerText(), /^Dashboard\b[\s\S]*\bCustomers\b[\s\S]*\bMessages\b/, 'the dashboard leads the side bar');
    ordersBefore = await todayOrders(staff);
    assert.ok(Number.isInteger(ordersBefore), 'today shows a count of orders');
    await shot(staff, 'dashboard-before');
    // Staff work elsewhere while the shop takes an order.
    await sideBar(staff).getByRole('link', { name: 'Customers' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  });

  it('takes an order and a message from a shopper', { timeout: 120_000 }, async () => {
    const shopper = await open(PHONE, '/');
    await shopper.getByRole('heading', { level: 1 }).first().waitFor();
    const registered = await callApi(shopper, 'POST', '/api/register', { ...SHOPPER, password_confirmation: SHOPPER.password });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const product = (await callApi(shopper, 'GET', '/api/products/banana-bunch-knife')).body;
    const added = await callApi(shopper, 'POST', '/api/cart/add', { product_id: product.id, variant_id: product.default_variant_id, quantity: 1 });
    assert.equal(added.status, 200, JSON.stringify(added.body));

    await shopper.goto(`${suite.baseUrl()}/checkout`);
    await shopper.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await shopper.waitForFunction(() => document.getElementById('contact.email')?.value !== '');
    await shopper.getByRole('button', { name: 'Use my name and number' }).click();
    const field = (id) => shopper.locator(`[id="${id}"]`);
    await field('shipping_address.line1').fill('Chembra Estate, Meppadi');
    await field('shipping_address.city').fill('Kalpetta');
    await field('shipping_address.district').fill('Wayanad');
    await field('shipping_address.state').selectOption('Kerala');
    await field('shipping_address.pincode').fill('673577');
    await shopper.getByRole('checkbox', { name: 'Save this address to my account' }).check();
    await shopper.getByRole('button', { name: 'Place order' }).click();
    await shopper.waitForURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
    orderNumber = ((await shopper.getByTestId('order-number').textContent()) ?? '').trim();
    assert.match(orderNumber, /^ORD-\d{4}-\d{6}$/);

    await shopper.goto(`${suite.baseUrl()}/contact`);
    const form = shopper.getByRole('region', { name: 'Send us a message' });
    await form.waitFor();
    // The account's name, address and phone are filled in.
    await shopper.waitForFunction(() => document.getElementById('contact-email')?.value !== '');
    await shopper.locator('#contact-subject').fill(SUBJECT);
    await shopper.locator('#contact-message').fill('Which dose of potash suits cardamom after the monsoon?\nWe have 3 acres.');
    await shopper.getByRole('button', { name: 'Send message' }).click();
    await shopper.getByText('Thank you! We have received your message and will reply within one working day.').waitFor();
    await shopper.context().close();
  });

  it('shows the new order on the badge without a reload, then on the dashboard', { timeout: 90_000 }, async () => {
    // The badge polls every 30 seconds while the tab is shown.
    const ordersLink = sideBar(staff).getByRole('link', { name: /^Orders/ });
    await ordersLink.getByText('1 new order').waitFor({ timeout: 45_000 });
    // On a phone the menu button carries the same count.
    assert.match(await staff.locator('button[aria-controls="admin-menu"]').textContent(), /1 new order/);
    await shot(staff, 'badge');
    await sideBar(staff).getByRole('link', { name: 'Dashboard' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await staff.waitForFunction((before) => new RegExp(`\\b${before + 1} orders?\\b`).test(document.querySelector('[aria-label="Today"]')?.innerText ?? ''), ordersBefore);
    // Looking at the dashboard marks the order seen.
    await ordersLink.getByText('1 new order').waitFor({ state: 'detached' });
    const waiting = staff.getByRole('region', { name: 'Orders waiting' });
    const toConfirm = waiting.getByRole('link', { name: /To confirm/ });
    assert.equal(await toConfirm.getAttribute('href'), '/admin/orders?status=placed');
    assert.match(await toConfirm.innerText(), /[1-9]/);
    await staff.getByRole('link', { name: /1 message waits for an answer/ }).waitFor();
    await shot(staff, 'dashboard-after');
  });

  it('finds the customer, shows their order and sends a reset mail', { timeout: 60_000 }, async () => {
    await sideBar(staff).getByRole('link', { name: 'Customers' }).click();
    await staff.getByLabel('Search by name, e-mail or phone').fill('lakshmi');
    await staff.waitForURL(/\/admin\/customers\?q=lakshmi$/);
    await staff.getByRole('link', { name: new RegExp(SHOPPER.name) }).click();
    await staff.getByRole('heading', { level: 1, name: SHOPPER.name }).waitFor();
    const order = staff.getByRole('link', { name: new RegExp(orderNumber) });
    await order.waitFor();
    assert.equal(await order.getAttribute('href'), `/admin/orders/${orderNumber}`);
    await staff.getByText('Chembra Estate, Meppadi').waitFor();
    assert.doesNotMatch(await staff.locator('main').innerText(), /password_hash|\$2[aby]\$/);
    await shot(staff, 'customer');

    await staff.getByRole('button', { name: 'Send password reset mail' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Send a password reset mail?' });
    await dialog.getByRole('button', { name: 'Send the mail' }).click();
    await staff.getByText('Reset mail sent').waitFor();
    const mail = await mailTo(SHOPPER.email, 'Reset your');
    assert.match(mail, /reset-password\?token=/);
  });

  it('reads the message and marks it handled', { timeout: 60_000 }, async () => {
    await sideBar(staff).getByRole('link', { name: 'Messages' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await staff.getByRole('link', { name: new RegExp(SUBJECT) }).click();
    await staff.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await staff.getByText('We have 3 acres.').waitFor();
    const reply = staff.getByRole('link', { name: 'WhatsApp' });
    assert.equal(await reply.getAttribute('href'), 'https://wa.me/919847055555');
    assert.match((await staff.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')) ?? '', new RegExp(`^mailto:${SHOPPER.email.replace(/\./g, '\\.')}\\?subject=Re%3A%20Potash`));
    await staff.getByRole('button', { name: 'Mark handled' }).click();
    await staff.getByText(/Handled by Shop Owner on/).waitFor();
    await shot(staff, 'message');
    await staff.getByRole('link', { name: 'Back to the inbox' }).click();
    await staff.getByText('No message is waiting. Well done.').waitFor();
    await staff.getByRole('link', { name: 'Handled', exact: true }).click();
    await staff.getByRole('link', { name: new RegExp(SUBJECT) }).waitFor();
  });

  it('fits a phone', { timeout: 60_000 }, async () => {
    await staff.setViewportSize(PHONE);
    for (const [path, heading, name] of [
      ['/admin', 'Dashboard', 'phone-dashboard'],
      ['/admin/customers', 'Customers', 'phone-customers'],
      ['/admin/messages?status=all', 'Messages', 'phone-messages'],
    ]) {
      await staff.goto(`${suite.baseUrl()}${path}`);
      await staff.getByRole('heading', { level: 1, name: heading }).waitFor();
      const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px on a phone`);
      await shot(staff, name);
    }
    await staff.getByRole('link', { name: new RegExp(SUBJECT) }).click();
    await staff.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await shot(staff, 'phone-message');
    await staff.goto(`${suite.baseUrl()}/admin/customers?q=lakshmi`);
    await staff.getByRole('link', { name: new RegExp(SHOPPER.name) }).click();
    await staff.getByRole('heading', { level: 1, name: SHOPPER.name }).waitFor();
    await staff.getByRole('link', { name: new RegExp(orderNumber) }).waitFor();
    await shot(staff, 'phone-customer');
  });

  it('fits a small laptop', { timeout: 60_000 }, async () => {
    await staff.setViewportSize({ width: 1366, height: 768 });
    for (const [path, heading, name] of [
      ['/admin', 'Dashboard', 'laptop-dashboard'],
      ['/admin/messages?status=all', 'Messages', 'laptop-messages'],
    ]) {
      await staff.goto(`${suite.baseUrl()}${path}`);
      await staff.getByRole('heading', { level: 1, name: heading }).waitFor();
      const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px at 1366 px`);
      await shot(staff, name);
    }
  });
});
