// The catalogue's Malayalam and Tamil in the back office, in Debian's Chromium against the real
// binary: staff signed in with a second factor change a product's Malayalam name beside its
// English, and the shop's /ml/ page shows it at once while /ta/ keeps its Tamil; emptied, the
// Malayalam page shows the English. The editor on a 390 px phone and a 1366 px desktop, with
// nothing wider than the screen; a brand's Tamil name the same way.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, RESULTS, waitForTheAppOnNavigation } from './harness.mjs';
import { apiFrom, enrol, enterPassword } from './staff.mjs';

const suite = browserSuite();
const { open } = suite;
const LAPTOP = { width: 1366, height: 900 };
const shot = (page, name) => page.screenshot({ path: join(RESULTS, `admin-translations-${name}.png`), fullPage: true });

const ADMIN = { email: 'words@e2e.example', password: 'Words-pass-2026!' };
const SLUG = 'banana-bunch-knife';
const ENGLISH = 'Banana Bunch Knife';
const MALAYALAM = 'വാഴക്കുല മുറിക്കുന്ന കത്തി';

/** Saves the product and waits for the shop's answer. */
async function save(page) {
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/admin\/catalog\/products\/\d+$/.test(r.url()));
  await page.getByRole('button', { name: 'Save product' }).click();
  assert.equal((await saved).status(), 200);
}

/** Every Malayalam and Tamil letter on the page drawn in its face, not as empty boxes. */
async function fontsDrawn(page) {
  await page.evaluate(() => document.fonts.ready);
  assert.ok(await page.evaluate(() => document.fonts.check('16px "Noto Sans Malayalam"', 'മ') && document.fonts.check('16px "Noto Sans Tamil"', 'த')));
}

/** Nothing on the page is wider than its viewport. */
async function fitsTheScreen(page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
}

describe('Malayalam and Tamil in the back office', () => {
  let admin;
  let editor;
  let brandSlug;

  it('lets staff change a product’s Malayalam name beside its English', { timeout: 90_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Words Owner'], `${ADMIN.password}\n`);
    admin = await open(LAPTOP, '/admin');
    await admin.waitForURL(/\/sign-in\?next=/);
    await enterPassword(admin, suite.baseUrl(), ADMIN);
    await enrol(admin);
    await admin.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    const list = JSON.parse((await apiFrom(admin, 'GET', `/api/admin/catalog/products?search=${encodeURIComponent(ENGLISH)}`)).body);
    const product = list.data.find((p) => p.slug === SLUG);
    assert.ok(product, `the demo has ${ENGLISH}`);
    editor = `/admin/products/${product.id}`;

    await admin.goto(`${suite.baseUrl()}${editor}`);
    await admin.getByRole('heading', { level: 1, name: ENGLISH }).waitFor();
    brandSlug = (await admin.getByText('Address in the shop:').innerText()).split('/')[2];
    const english = admin.getByLabel('Name', { exact: true });
    const malayalam = admin.getByLabel('Name in Malayalam');
    const tamil = admin.getByLabel('Name in Tamil');
    assert.equal(await english.inputValue(), ENGLISH);
    assert.notEqual(await malayalam.inputValue(), '', 'the demo’s Malayalam name is shown to edit');
    const tamilName = await tamil.inputValue();
    assert.notEqual(tamilName, '');
    assert.equal(await malayalam.getAttribute('lang'), 'ml');
    // Side by side on a laptop: the Malayalam box to the right of the English one, in its row.
    const [en, ml] = [await english.boundingBox(), await malayalam.boundingBox()];
    assert.ok(ml.x > en.x + en.width && Math.abs(ml.y - en.y) < 2, `side by side: ${JSON.stringify({ en, ml })}`);
    await fitsTheScreen(admin);
    await fontsDrawn(admin);
    await shot(admin, 'editor-1366');

    await malayalam.fill(MALAYALAM);
    await save(admin);

    const shopper = await open(PHONE, `/ml/dealer/${brandSlug}/${SLUG}`);
    await shopper.getByRole('heading', { level: 1, name: MALAYALAM }).waitFor();
    assert.equal(await shopper.locator('html').getAttribute('lang'), 'ml');
    await shopper.goto(`${suite.baseUrl()}/ta/dealer/${brandSlug}/${SLUG}`);
    await shopper.getByRole('heading', { level: 1, name: tamilName }).waitFor();

    // Emptied, the Malayalam falls back to the English name.
    await malayalam.fill('');
    await save(admin);
    await shopper.goto(`${suite.baseUrl()}/ml/dealer/${brandSlug}/${SLUG}`);
    await shopper.getByRole('heading', { level: 1, name: ENGLISH }).waitFor();
  });

  it('fits a phone, each translation under its English', { timeout: 60_000 }, async () => {
    const phone = waitForTheAppOnNavigation(await admin.context().newPage());
    await phone.setViewportSize(PHONE);
    await phone.goto(`${suite.baseUrl()}${editor}`);
    await phone.getByRole('heading', { level: 1, name: ENGLISH }).waitFor();
    const [en, ml, ta] = await Promise.all(['Name', 'Name in Malayalam', 'Name in Tamil'].map((label) => phone.getByLabel(label, { exact: true }).boundingBox()));
    assert.ok(en.y < ml.y && ml.y < ta.y, 'stacked: English, Malayalam, Tamil');
    assert.ok(ml.x + ml.width <= PHONE.width, 'the Malayalam box fits');
    await fitsTheScreen(phone);
    await fontsDrawn(phone);
    await shot(phone, 'editor-390');
    await phone.getByLabel('Name', { exact: true }).scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(RESULTS, 'admin-translations-editor-390-names.png') });
    await phone.getByLabel('Country of origin', { exact: true }).scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(RESULTS, 'admin-translations-editor-390-declarations.png') });
    await phone.close();
  });

  it('keeps a brand’s Tamil name beside its English, shown at once on /ta/', { timeout: 60_000 }, async () => {
    const phone = waitForTheAppOnNavigation(await admin.context().newPage());
    await phone.setViewportSize(PHONE);
    await phone.goto(`${suite.baseUrl()}/admin/brands`);
    await phone.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    await phone.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const form = phone.getByRole('form', { name: /^Edit / });
    const english = await form.getByLabel('Name', { exact: true }).inputValue();
    const tamil = form.getByLabel('Name in Tamil');
    await tamil.fill('புதிய பெயர்');
    await fitsTheScreen(phone);
    await fontsDrawn(phone);
    await form.screenshot({ path: join(RESULTS, 'admin-translations-brand-390.png') });
    await form.getByRole('button', { name: 'Save brand' }).click();
    await phone.getByText('Brand saved').waitFor();
    const brands = JSON.parse((await apiFrom(phone, 'GET', '/api/admin/catalog/brands')).body).data;
    const brand = brands.find((b) => b.name === english);
    assert.equal(brand.translations.ta.name, 'புதிய பெயர்');
    await phone.goto(`${suite.baseUrl()}/ta/dealer/${brand.slug}`);
    await phone.getByRole('heading', { level: 1, name: 'புதிய பெயர்' }).waitFor();
    await phone.close();
  });
});
