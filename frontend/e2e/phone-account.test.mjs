// A farmer with a mobile number and no e-mail, in Malayalam on a phone (390 px), in Debian's
// Chromium against the real storefront binary: she registers with her name and number alone,
// types the code the shop sent her number (read where the shop writes phone messages without a
// provider, MESSAGES_DIR), adds to the cart and checks out as herself, asking for order updates on
// her phone, finds the order in her account, signs out, and signs in again with a new code.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, callApi, findMessage, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
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
 * The 6 digits of a code sent to her number, from a message written after the files in `seen`
 * (the names of those already read): the code is the message's one 6-digit variable.
 */
function codeSentTo(number, seen, what) {
  return findMessage(
    suite.shop().messagesDir,
    (message, file) => {
      if (seen.has(file) || message.to !== number) return undefined;
      const code = message.variables.find((value) => /^\d{6}$/.test(value));
      if (code === undefined) return undefined;
      seen.add(file);
      assert.equal(message.language, 'ml', `the code comes in Malayalam: ${message.text}`);
      assert.ok(message.text.includes(code), message.text);
      return code;
    },
    what,
  );
}

describe('a farmer with a mobile number alone, in Malayalam on a phone', () => {
  it('registers, verifies her number with the code, checks out with order updates, signs out, and signs in with a code', { timeout: 180_000 }, async () => {
    const seen = new Set();

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
    await field(page, 'shipping_address.line1').fill('Green Valley Estate, Puliyanmala');
    await field(page, 'shipping_address.city').fill('Kattappana');
    await field(page, 'shipping_address.district').fill('Idukki');
    await field(page, 'shipping_address.state').selectOption('Kerala');
    await field(page, 'shipping_address.pincode').fill('685515');
    // Order updates on her phone: the box under the phone field, ticked by her.
    // (Found by the API field's name, else by its words, which name WhatsApp or SMS.)
    const updates = page
      .locator('input[type="checkbox"][name="order_updates_on_phone"]')
      .or(page.getByRole('checkbox', { name: /WhatsApp|SMS|വാട്ട?സ്/ }))
      .first();
    await updates.scrollIntoViewIfNeeded();
    assert.equal(await updates.isChecked(), false, 'not ticked for her');
    await updates.check();
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
    const placed = await findMessage(
      suite.shop().messagesDir,
      (message) => (message.to === NUMBER && message.template === 'order_placed' ? message : undefined),
      `the order_placed message to ${NUMBER}`,
    );
    assert.equal(placed.language, 'ml');
    assert.ok(placed.text.includes(order.number), placed.text);
    await shot(page, 'confirmation');

    // Her order is in her account.
    await page.goto(`${suite.baseUrl()}/ml/user`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: t('order.list.title') }).waitFor();
    await page.getByText(order.number).first().waitFor();
    await fitsThePhone(page, 'user with the order');
    await shot(page, 'user-order');

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
