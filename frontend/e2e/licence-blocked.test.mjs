// A shop whose insecticide sale licence has expired (Insecticides Rules 1971 r. 10): the product
// page of a fungicide says it is not for sale at present and offers no add-to-cart, both as the
// server draws it and as the app shows it; a fertiliser, sold under its own authorisation, still
// is. Screenshots at 390 and 1366 px.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, RESULTS } from './harness.mjs';

const profile = JSON.parse(readFileSync(new URL('../../crates/server/shop-profile.demo.json', import.meta.url), 'utf8'));
for (const licence of profile.licences) {
  if (licence.kind === 'insecticide') Object.assign(licence, { valid_from: '2020-04-01', valid_until: '2025-03-31' });
}
const profilePath = join(mkdtempSync(join(tmpdir(), 'licence-')), 'shop-profile.json');
writeFileSync(profilePath, JSON.stringify(profile));

const suite = browserSuite({ shop: { env: () => ({ SHOP_PROFILE: profilePath }) } });
const { open } = suite;
const LAPTOP = { width: 1366, height: 900 };
const FUNGICIDE = '/dealer/malabar-agrochem/mancozeb-75-wp-fungicide';

describe('a product whose licence has expired', () => {
  it('is drawn by the server as not for sale', { timeout: 60_000 }, async () => {
    // A page nobody has drawn yet may be sent undrawn while a cold engine starts: ask again.
    let html = '';
    for (let tries = 0; tries < 10 && !html.includes('data-testid="not-for-sale"'); tries++) {
      if (tries > 0) await new Promise((done) => setTimeout(done, 1000));
      html = await (await fetch(`${suite.baseUrl()}${FUNGICIDE}`)).text();
    }
    assert.match(html, /Not for sale at present/);
    assert.doesNotMatch(html, /"availability":"https:\/\/schema.org\/InStock"/, 'search engines are not told it is in stock');
    assert.match(html, /Expired on/);
  });

  it('offers no add-to-cart, and says why', { timeout: 60_000 }, async () => {
    const page = await open(PHONE, FUNGICIDE);
    await page.getByTestId('not-for-sale').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add to cart' }).count(), 0);
    assert.match(await page.getByTestId('sale-licence').innerText(), /IDK\/KTP\/INS\/2024\/0318/);
    await page.screenshot({ path: join(RESULTS, 'licence-blocked-product-390.png'), fullPage: true });
    await page.setViewportSize(LAPTOP);
    await page.screenshot({ path: join(RESULTS, 'licence-blocked-product-1366.png'), fullPage: true });

    await page.goto(`${suite.baseUrl()}/dealer/nilgiri-fertichem/npk-19-19-19-water-soluble-fertiliser`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    assert.equal(await page.getByTestId('not-for-sale').count(), 0);
  });
});
