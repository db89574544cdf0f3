// A farmer with a mobile number and no e-mail, in Malayalam on a phone (390 px), in Debian's
// Chromium against the real storefront binary, with WhatsApp's Cloud API played by provider-sim
// (crates/provider_sim), where every message she would receive is checked: an order she placed
// as a guest first; then she registers with her name and number alone, types the code WhatsApp
// brought her, and finds the guest order in her account; she checks out as herself asking for
// order updates, and follows the order from placed to delivered (staff move it), each step's
// message reaching her number in Malayalam; she opens the shipped message's link signed out; she
// signs out and signs in again with a new code.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { browserSuite, BIN, callApi, PHONE, RESULTS } from './harness.mjs';

/** provider-sim beside the storefront binary, on a free port, for the whole file (started before
 * the suite's shop, which is told its address). */
const provider = { base: '', process: undefined };
try {
  const sim = spawn(resolve(BIN, '../provider-sim'), ['--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  provider.process = sim;
  provider.base = await new Promise((ready, fail) => {
    let output = '';
    sim.on('error', fail);
    sim.on('exit', (code) => fail(new Error(`provider-sim exited (${code}): ${output}`)));
    sim.stdout.on('data', (chunk) => {
      output += chunk;
      const port = output.match(/listening on 127\.0\.0\.1:(\d+)/)?.[1];
      if (port) ready(`http://127.0.0.1:${port}`);
    });
  });
} catch (error) {
  // The suite's first test (the prerequisites) fails too: the binary is missing. Said, not skipped.
  console.error(`provider-sim did not start: ${error.message}`);
}
after(() => provider.process?.kill());

const suite = browserSuite({
  shop: {
    // The shop sends by WhatsApp, to the simulator (its default token, number id and secret).
    env: () => ({
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      WHATSAPP_ACCESS_TOKEN: 'sim-whatsapp-token',
      WHATSAPP_APP_SECRET: 'sim-app-secret',
      WHATSAPP_VERIFY_TOKEN: 'e2e-verify-token',
      WHATSAPP_API_BASE: provider.base,
    }),
  },
});
const ml = JSON.parse(readFileSync(new URL('../src/locales/ml.json', import.meta.url), 'utf8'));
/** A Malayalam catalogue entry, its `{placeholders}` filled in. */
const t = (id, values = {}) => {
  assert.ok(ml[id], `ml.json has ${id}`);
  return Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), ml[id]);
};

const NAME = 'ലക്ഷ്മി അമ്മ';
const NUMBER = '+919847033333';
const SHOWN = '+91 98470 33333';
const field = (page, id) => page.locator(`[id="${id}"]`);
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `phone-account-${name}.png`), fullPage: true });

/** Nothing sticks out sideways at 390 px. */
async function fitsThePhone(page, where) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `${where}: the page is ${width} px wide on a ${PHONE.width} px screen`);
}

/**
 * Waits (up to 20 s) for a message the WhatsApp simulator accepted that `find` takes (each as
 * `{to, template, language, variables, buttons, provider_id}`, `to` in digits); throws naming `what`.
 */
async function atProvider(find, what) {
  const deadline = Date.now() + 20_000;
  let received = [];
  while (Date.now() < deadline) {
    received = await (await fetch(`${provider.base}/__sim/received`)).json();
    for (const message of received) {
      const found = find(message);
      if (found !== undefined) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seen = received.map((message) => `${message.template} (${message.language}) to ${message.to}: ${message.variables.join(' | ')}`);
  throw new Error(`the provider received no ${what}; it received:\n${seen.join('\n')}`);
}

const DIGITS = NUMBER.slice(1);

/** The one message of `template` to her number about `order`, in Malayalam. */
async function newsOf(template, order) {
  const message = await atProvider(
    (message) => (message.to === DIGITS && message.template === template && message.variables.includes(order) ? message : undefined),
    `${template} for ${order} to ${NUMBER}`,
  );
  assert.equal(message.language, 'ml', `${template} comes in Malayalam`);
  assert.equal(message.variables[0], NAME, `${template} greets her by name`);
  return message;
}

/**
 * The 6 digits of a code sent to her number, from a message not among `seen` (the provider's ids
 * of those already read): WhatsApp's authentication template carries the code as its one
 * variable and in its copy-code button.
 */
function codeSentTo(number, seen, what) {
  return atProvider((message) => {
    if (seen.has(message.provider_id) || message.to !== number.slice(1)) return undefined;
    const code = message.variables.find((value) => /^\d{6}$/.test(value));
    if (code === undefined) return undefined;
    seen.add(message.provider_id);
    assert.equal(message.template, 'sign_in_code');
    assert.equal(message.language, 'ml', 'the code comes in Malayalam');
    return code;
  }, what);
}

const ADDRESS = { line1: 'Green Valley Estate, Puliyanmala', city: 'Kattappana', district: 'Idukki', state: 'Kerala', pincode: '685515' };

describe('a farmer with a mobile number alone, in Malayalam on a phone', () => {
  it('registers, verifies her number with the code, checks out with order updates, signs out, and signs in with a code', { timeout: 180_000 }, async () => {
    const seen = new Set();

    // First, as a guest on another day: an order with her number and no e-mail.
    const guest = await suite.open(PHONE, '/ml/');
    const knife = (await callApi(guest, 'GET', '/api/products/banana-bunch-knife')).body;
    const added = await callApi(guest, 'POST', '/api/cart/add', { product_id: knife.id, variant_id: knife.default_variant_id, quantity: 1 });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const guestOrder = await callApi(
      guest,
      'POST',
      '/api/checkout',
      {
        contact: { name: NAME, phone: NUMBER },
        shipping_address: { name: NAME, phone: NUMBER, ...ADDRESS },
        payment_method: 'cod',
        order_updates_on_phone: true,
      },
      // In Malayalam, as the app asks from a Malayalam page.
      { 'Idempotency-Key': crypto.randomUUID(), 'Accept-Language': 'ml' },
    );
    assert.equal(guestOrder.status, 201, JSON.stringify(guestOrder.body));
    await newsOf('order_placed', guestOrder.body.number);
    await guest.context().close();

    // Register: her name and number; the e-mail and password are left empty.
    const page = await suite.open(PHONE, '/ml/register');
    await page.getByRole('heading', { level: 1, name: t('auth.register.title') }).waitFor();
    await field(page, 'register-name').fill(NAME);
    await page.getByRole('button', { name: /\+91/ }).waitFor(); // the phone field has loaded
    await field(page, 'register-phone').pressSequentially('9847033333');
    assert.equal(await field(page, 'register-email').inputValue(), '');
    assert.equal(await field(page, 'register-password').inputValue(), '');
    await fitsThePhone(page, 'register');
    await shot(page, 'register');
    await page.getByRole('button', { name: t('auth.register.submit') }).click();

    // Signed in, she is asked for the code sent to her number.
    await page.getByRole('heading', { level: 1, name: t('auth.code.title') }).waitFor();
    await page.getByText(t('auth.code.sentTo', { phone: SHOWN })).waitFor();
    const codeField = field(page, 'register-code');
    assert.equal(await codeField.getAttribute('inputmode'), 'numeric');
    assert.equal(await codeField.getAttribute('autocomplete'), 'one-time-code');
    const signedUp = (await callApi(page, 'GET', '/api/user')).body;
    assert.equal(signedUp.phone, NUMBER);
    assert.equal(signedUp.email, null);
    assert.equal(signedUp.has_password, false);
    assert.equal(signedUp.phone_verified_at, null);
    await fitsThePhone(page, 'code');
    await shot(page, 'register-code');

    const first = await codeSentTo(NUMBER, seen, `a code to ${NUMBER} after registering`);
    await codeField.fill(first);
    await page.getByRole('button', { name: t('auth.code.verify'), exact: true }).click();
    await page.waitForURL(/\/ml\/user$/);
    await page.getByText(t('auth.code.verified')).first().waitFor();
    const details = page.getByRole('region', { name: t('account.profile.title') });
    await details.getByText(SHOWN).waitFor();
    await details.getByText(t('account.profile.verified'), { exact: true }).waitFor();
    assert.equal(await page.getByRole('region', { name: t('account.phone.title') }).count(), 0, 'no "verify your number" once verified');
    assert.equal(await page.getByRole('region', { name: t('account.verify.title') }).count(), 0, 'no e-mail nag without an e-mail');
    await page.getByRole('region', { name: t('account.password.setTitle') }).waitFor();
    assert.notEqual((await callApi(page, 'GET', '/api/user')).body.phone_verified_at, null);
    // Her number verified, the order she placed as a guest is hers.
    await page.getByText(guestOrder.body.number).first().waitFor();
    await fitsThePhone(page, 'user');
    await shot(page, 'user-verified');

    // To the cart and the checkout, in Malayalam.
    const product = (await callApi(page, 'GET', '/api/products/boron-20-disodium-octaborate')).body;
    await page.goto(`${suite.baseUrl()}/ml/dealer/${product.brand.slug}/${product.slug}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('button', { name: t('product.addToCart') }).click();
    await page.getByRole('dialog', { name: t('cart.title') }).getByRole('button', { name: t('cart.checkout') }).click();
    await page.waitForURL(/\/ml\/checkout$/);
    await page.getByRole('heading', { level: 1, name: t('checkout.title') }).waitFor();

    // Her name and number come from her account; no e-mail is asked for.
    await page.waitForFunction(() => document.getElementById('contact.name')?.value !== '');
    assert.equal(await field(page, 'contact.name').inputValue(), NAME);
    assert.equal(await field(page, 'contact.email').inputValue(), '');
    assert.equal((await field(page, 'contact.phone').inputValue()).replace(/\D/g, ''), '9847033333');
    const useContact = page.getByRole('button', { name: t('checkout.useContact') });
    if (await useContact.count()) await useContact.click();
    else {
      await field(page, 'shipping_address.name').fill(NAME);
      await field(page, 'shipping_address.phone').pressSequentially('9847033333');
    }
    await field(page, 'shipping_address.line1').fill(ADDRESS.line1);
    await field(page, 'shipping_address.city').fill(ADDRESS.city);
    await field(page, 'shipping_address.district').fill(ADDRESS.district);
    await field(page, 'shipping_address.state').selectOption(ADDRESS.state);
    await field(page, 'shipping_address.pincode').fill(ADDRESS.pincode);
    // Order updates on her phone: the box under the phone field, ticked by her.
    // (Found by the API field's name, else by its words, which name WhatsApp or SMS.)
    const updates = page
      .locator('input[type="checkbox"][name="order_updates_on_phone"]')
      .or(page.getByRole('checkbox', { name: /WhatsApp|SMS|വാട്ട?സ്/ }))
      .first();
    await updates.scrollIntoViewIfNeeded();
    // Her yes was kept from the guest order: the box shows it (an untouched box must not take it back).
    if (!(await updates.isChecked())) await updates.check();
    await fitsThePhone(page, 'checkout');
    await shot(page, 'checkout');
    await page.getByRole('button', { name: t('checkout.place') }).click();
    await page.waitForURL(/\/ml\/order-confirmation\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: t('order.confirmation.title') }).waitFor();
    const uuid = page.url().split('/').pop();
    const order = (await callApi(page, 'GET', `/api/orders/${uuid}`)).body;
    assert.equal(order.contact.phone, NUMBER);
    assert.equal(order.contact.email, null);
    assert.equal((await callApi(page, 'GET', '/api/user')).body.order_updates_on_phone, true, 'her yes is kept');
    // The news of her order reaches her number, in Malayalam.
    await newsOf('order_placed', order.number);
    await shot(page, 'confirmation');

    // Her order is in her account.
    await page.goto(`${suite.baseUrl()}/ml/user`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: t('order.list.title') }).waitFor();
    await page.getByText(order.number).first().waitFor();
    await fitsThePhone(page, 'user with the order');
    await shot(page, 'user-order');

    // The shop moves it on (the staff's command; the desk's buttons are the orders-desk journey's),
    // and she follows it on her order's page and on her phone.
    const staffMoves = (status, ...more) => suite.shop().command(['order-status', order.number, status, ...more]);
    await page.goto(`${suite.baseUrl()}/ml/view-order/${uuid}`, { waitUntil: 'domcontentloaded' });
    const sees = async (status) => {
      await page.reload();
      await page.locator('li[aria-current="step"]').getByText(t(`order.status.${status}`), { exact: true }).waitFor();
    };
    await sees('placed');
    staffMoves('confirmed');
    await sees('confirmed');
    await newsOf('order_confirmed', order.number);
    staffMoves('shipped', '--carrier', 'India Post', '--tracking-number', 'EK 123 456 789 IN');
    await sees('shipped');
    const shipped = await newsOf('order_shipped', order.number);
    assert.ok(shipped.variables.includes('EK123456789IN'), `the tracking number, without spaces: ${shipped.variables}`);
    await fitsThePhone(page, 'order shipped');
    await shot(page, 'order-shipped');
    staffMoves('delivered');
    await sees('delivered');
    await newsOf('order_delivered', order.number);

    // The message's button opens her order signed out: its link is signed and needs no session.
    const link = shipped.buttons.find((suffix) => suffix.includes('view-order/'));
    assert.ok(link, `the shipped message links her order: ${shipped.buttons}`);
    const stranger = await suite.open(PHONE, `/${link}`);
    await stranger.getByText(order.number).first().waitFor();
    await stranger.locator('li[aria-current="step"]').getByText(t('order.status.delivered'), { exact: true }).waitFor();
    await fitsThePhone(stranger, 'the order from its link');
    await shot(stranger, 'order-from-link');
    await stranger.context().close();
    await page.goto(`${suite.baseUrl()}/ml/user`, { waitUntil: 'domcontentloaded' });

    // Signed out, she signs in again with a code to her number.
    await page.getByRole('button', { name: t('account.signOut') }).click();
    await page.waitForURL(/\/ml\/?$/);
    assert.equal((await callApi(page, 'GET', '/api/user')).status, 401);
    await page.goto(`${suite.baseUrl()}/ml/sign-in`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: t('auth.signIn.title') }).waitFor();
    await page.getByLabel(t('auth.field.login'), { exact: true }).fill('98470 33333');
    await fitsThePhone(page, 'sign-in');
    await shot(page, 'sign-in');
    await page.getByRole('button', { name: t('auth.signIn.sendCode') }).click();
    await page.getByRole('heading', { level: 1, name: t('auth.signIn.codeTitle') }).waitFor();
    // The same words whether or not the number has an account.
    await page.getByText(t('auth.signIn.codeSent', { phone: SHOWN })).waitFor();
    const again = await codeSentTo(NUMBER, seen, `a sign-in code to ${NUMBER}`);
    assert.notEqual(again, undefined);
    await field(page, 'sign-in-code').fill(again);
    await shot(page, 'sign-in-code');
    await page.getByRole('button', { name: t('auth.signIn.submit'), exact: true }).click();
    await page.waitForURL(/\/ml\/user$/);
    await page.getByText(t('account.greeting', { name: NAME })).waitFor();
    await page.getByText(order.number).first().waitFor();
    await page.context().close();
  });
});
