// Search as farmers type it (issue 35), in Debian's Chromium against the real binary, on a phone
// (390 px) and a laptop (1366 px) in English, Malayalam and Tamil: Latin spellings of crops (elam =
// cardamom, kurumulaku = black pepper), a crop in its own script, a Malayalam chillu typed the old
// way (ന്‍ for ൻ) and a Tamil vowel sign typed as its two parts find that crop's products; the
// overlay shows the three best, and the keyboard's search key opens the results page.
// Screenshots go to /work/shots/search (SEARCH_SHOTS) and test-results/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, RESULTS } from './harness.mjs';

const suite = browserSuite();
const LAPTOP = { width: 1366, height: 900 };
const SHOTS = process.env.SEARCH_SHOTS ?? '/work/shots/search';
mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => Promise.all([SHOTS, RESULTS].map((dir) => page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })));

/** The app's own words (src/locales) and the searches tried in each language. */
const LANGUAGES = {
  en: {
    prefix: '',
    button: 'Search Products',
    dialog: 'Search for Products',
    placeholder: 'Enter your search here',
    searches: [
      // Latin spellings of the Malayalam words for cardamom and black pepper: their products.
      { typed: 'elam', crop: 'cardamom' },
      { typed: 'kurumulaku', crop: 'black-pepper' },
    ],
  },
  ml: {
    prefix: '/ml',
    button: 'ഉൽപ്പന്നങ്ങൾ തിരയുക',
    dialog: 'ഉൽപ്പന്നങ്ങൾ തിരയുക',
    placeholder: 'തിരയേണ്ടത് ഇവിടെ ടൈപ്പ് ചെയ്യുക',
    searches: [
      // Nendran typed with the old chillu (ന + virama + zero-width joiner) finds it as ൻ.
      { typed: 'നേന്ത്രന\u0D4D\u200D', same: 'നേന്ത്രൻ', crop: 'banana' },
      { typed: 'ഏലം', crop: 'cardamom' },
    ],
  },
  ta: {
    prefix: '/ta',
    button: 'பொருட்களைத் தேடுங்கள்',
    dialog: 'பொருட்களைத் தேடுங்கள்',
    placeholder: 'தேட வேண்டியதை இங்கே டைப் செய்யுங்கள்',
    searches: [
      // கொ typed as its two parts (ெ + ா), as some keyboards send it: blister blight.
      { typed: 'க\u0BC6\u0BBEப்புள', same: 'கொப்புள', crop: 'tea' },
      { typed: 'ஏலக்காய்', crop: 'cardamom' },
    ],
  },
};

async function api(path, language) {
  const response = await fetch(`${suite.baseUrl()}${path}`, { headers: { Accept: 'application/json', 'Accept-Language': language } });
  assert.equal(response.status, 200, `GET ${path} in ${language}`);
  return response.json();
}

/** The three best for a term, as the API ranks them: what the overlay must show, in order. */
async function bestThree(term, language) {
  const cards = await api(`/api/search?search=${encodeURIComponent(term)}&per_page=3`, language);
  return cards.map((card) => card.slug);
}

/** Every product on a crop's page: by need, and under the problems that affect it. */
async function cropProducts(slug, language) {
  const crop = await api(`/api/crops/${slug}`, language);
  return new Set([...crop.groups, ...crop.problems].flatMap((list) => list.products.map((product) => product.slug)));
}

describe('search in three languages and scripts', () => {
  for (const [language, words] of Object.entries(LANGUAGES)) {
    for (const viewport of [PHONE, LAPTOP]) {
      it(`${language} at ${viewport.width} px: spellings, synonyms and scripts find what they mean`, { timeout: 90_000 }, async () => {
        const page = await suite.open(viewport, `${words.prefix}/`);
        for (const [index, search] of words.searches.entries()) {
          const expected = await bestThree(search.typed, language);
          assert.equal(expected.length, 3, `the demo shop has three products for ${JSON.stringify(search.typed)}`);
          if (search.same) assert.deepEqual(await bestThree(search.same, language), expected, `${JSON.stringify(search.typed)} ranks as ${search.same} does`);
          const forCrop = await cropProducts(search.crop, language);
          for (const slug of expected) assert.ok(forCrop.has(slug), `${slug} is on the ${search.crop} page`);

          await page.getByRole('button', { name: words.button }).first().click();
          const overlay = page.getByRole('dialog', { name: words.dialog });
          const box = overlay.getByPlaceholder(words.placeholder);
          await box.fill(search.typed);
          const links = overlay.getByRole('list').first().locator(':scope > li a');
          await overlay.getByRole('list').first().locator(`a[href$="/${expected[0]}"]`).waitFor();
          const shown = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')?.split('/').pop()));
          assert.deepEqual(shown, expected, 'the overlay shows the three best, best first');
          await shot(page, `search-${language}-${viewport.width}-${index}-overlay`);

          // The keyboard's search key: every result, on the results page.
          await box.press('Enter');
          await page.waitForURL((url) => url.pathname === `${words.prefix}/search` && url.searchParams.get('search') === search.typed.trim());
          assert.equal(await overlay.count(), 0, 'the overlay closed');
          // The results, not the filter column's lists beside them (on a laptop).
          const results = page
            .getByRole('main')
            .getByRole('list')
            .filter({ has: page.locator('a[href*="/dealer/"]') })
            .first()
            .locator(':scope > li');
          // The list of this term (the page may still hold the last term's a moment).
          await results.first().locator(`a[href$="/${expected[0]}"]`).first().waitFor();
          const listed = await results.locator('a[href*="/dealer/"]').evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute('href')?.split('/').pop()))]);
          assert.deepEqual(listed.slice(0, 3), expected, 'the results page starts with the same three');
          await shot(page, `search-${language}-${viewport.width}-${index}-results`);
        }
        await page.context().close();
      });
    }
  }
});
