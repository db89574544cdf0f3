// Shop by crop (issue 35) in Debian's Chromium against the real binary: a crop's page in English,
// Malayalam and Tamil on a phone (390 px) and a laptop (1366 px), drawn by the server (readable
// with scripts off) and taken over by the app; the home page's research crops lead there; and a
// member of staff puts a product on a crop from the desk, after which it shows on the crop's page.
// Screenshots go to /work/shots/crops (CROP_SHOTS) and test-results/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { browserSuite, PHONE, RESULTS } from './harness.mjs';
import { enrol, enterPassword } from './staff.mjs';

const suite = browserSuite();
const LAPTOP = { width: 1366, height: 900 };
const SHOTS = process.env.CROP_SHOTS ?? '/work/shots/crops';
mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => Promise.all([SHOTS, RESULTS].map((dir) => page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })));

/** Each need's cards shown before the shopper asks for all (FIRST_OF_NEED in CropScreen.tsx). */
const FIRST = 4;

const ADMIN = { email: 'agronomist@e2e.example', password: 'Agronomist-pass-2026!' };

/** The words of the crop page that are the app's own, in each language (src/locales). */
const WORDS = {
  en: { prefix: '', eyebrow: 'Crop', needs: { planting: 'Planting material', nutrition: 'Nutrition', protection: 'Crop protection', irrigation: 'Irrigation', tools: 'Tools', services: 'Services' }, problems: 'Pests and diseases' },
  ml: { prefix: '/ml', eyebrow: 'വിള', needs: { planting: 'നടീൽ വസ്തുക്കൾ', nutrition: 'പോഷണം', protection: 'സസ്യസംരക്ഷണം', irrigation: 'ജലസേചനം', tools: 'ഉപകരണങ്ങൾ', services: 'സേവനങ്ങൾ' }, problems: 'കീടങ്ങളും രോഗങ്ങളും' },
  ta: { prefix: '/ta', eyebrow: 'பயிர்', needs: { planting: 'நடவுப் பொருட்கள்', nutrition: 'ஊட்டச்சத்து', protection: 'பயிர் பாதுகாப்பு', irrigation: 'நீர்ப்பாசனம்', tools: 'கருவிகள்', services: 'சேவைகள்' }, problems: 'பூச்சிகளும் நோய்களும்' },
};

/** The crop as the API answers it in a language: what the page must show. */
async function cropFromApi(slug, language) {
  const response = await fetch(`${suite.baseUrl()}/api/crops/${slug}`, { headers: { Accept: 'application/json', 'Accept-Language': language } });
  assert.equal(response.status, 200, `GET /api/crops/${slug} in ${language}`);
  return response.json();
}

describe('a crop’s page', () => {
  for (const language of ['en', 'ml', 'ta']) {
    const words = WORDS[language];
    const path = `${words.prefix}/crop/cardamom`;

    it(`${path} is drawn by the server, readable before any script runs`, { timeout: 60_000 }, async () => {
      const crop = await cropFromApi('cardamom', language);
      assert.ok(crop.groups.length > 0, 'the demo shop stocks something for cardamom');
      const context = await suite.browser().newContext({ viewport: PHONE, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        const response = await page.goto(`${suite.baseUrl()}${path}`);
        assert.equal(response.status(), 200);
        assert.equal(await page.locator('html').getAttribute('lang'), language);
        assert.equal((await page.getByRole('heading', { level: 1 }).first().textContent())?.trim(), crop.name);
        assert.match(await page.title(), new RegExp(`^${crop.name} \\| `));
        for (const group of crop.groups) {
          const section = page.getByRole('region', { name: words.needs[group.need], exact: true });
          assert.equal(await section.locator('article').count(), Math.min(FIRST, group.products.length), `${words.needs[group.need]}: its first cards are drawn`);
          assert.equal(await section.getByRole('link', { name: group.products[0].name, exact: true }).count(), 1);
        }
        const head = await page.content();
        assert.match(head, new RegExp(`<link rel="canonical" href="[^"]*[^/a-z]${words.prefix}/crop/cardamom">`), 'its canonical link, in its language');
        for (const other of ['en', 'ml', 'ta']) assert.ok(head.includes(`hreflang="${other}"`), `a link to the page in ${other}`);
        assert.ok(head.includes('"@type":"BreadcrumbList"') && head.includes('"@type":"ItemList"'), 'its structured data');
      } finally {
        await context.close();
      }
    });

    for (const viewport of [PHONE, LAPTOP]) {
      it(`${path} at ${viewport.width} px: groups, cards and problems, taken over by the app`, { timeout: 60_000 }, async () => {
        const crop = await cropFromApi('cardamom', language);
        const requests = [];
        const page = await suite.open(viewport, '/robots.txt');
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/crops')) requests.push(url.pathname);
        });
        await page.goto(`${suite.baseUrl()}${path}`);
        await page.getByRole('heading', { level: 1, name: crop.name }).waitFor();
        assert.ok(await page.evaluate(() => document.documentElement.hasAttribute('data-ready')), 'the app has taken the page over');
        await page.getByText(words.eyebrow, { exact: true }).first().waitFor();
        const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
        const expected = crop.groups.map((group) => words.needs[group.need]);
        if (crop.problems.length > 0) expected.push(words.problems);
        assert.deepEqual(
          headings.map((heading) => heading.trim()).filter((heading) => expected.includes(heading)),
          expected,
          'a section per need, in order, then the problems',
        );
        const cards = crop.groups.reduce((sum, group) => sum + Math.min(FIRST, group.products.length), 0);
        assert.equal(await page.locator('main article').count(), cards, 'the first cards of each need');
        for (const problem of crop.problems) await page.getByRole('heading', { level: 3, name: problem.name, exact: true }).waitFor();
        // A need's other cards, and a problem's products, when asked for.
        const biggest = crop.groups.reduce((a, b) => (b.products.length > a.products.length ? b : a));
        const section = page.getByRole('region', { name: words.needs[biggest.need], exact: true });
        if (biggest.products.length > FIRST) {
          await section.locator('button[aria-expanded]').click();
          assert.equal(await section.locator('article').count(), biggest.products.length);
        }
        const problem = crop.problems[0];
        const treats = page.getByRole('region', { name: problem.name, exact: true });
        await treats.locator('button[aria-expanded]').click();
        assert.equal(await treats.locator('article').count(), problem.products.length);
        await page.waitForLoadState('networkidle');
        assert.deepEqual(requests, [], 'the app starts from the data in the page, without asking the API again');
        // The crop's first card leads to its product.
        const first = crop.groups[0].products[0];
        assert.equal(
          await page.getByRole('link', { name: first.name, exact: true }).first().getAttribute('href'),
          `${words.prefix}/dealer/${first.brandSlug}/${first.slug}`,
        );
        await shot(page, `crop-cardamom-${language}-${viewport.width}`);
        await page.context().close();
      });
    }
  }

  it('an unknown crop answers 404 with the not-found page', { timeout: 30_000 }, async () => {
    const page = await suite.open(PHONE, '/robots.txt');
    const response = await page.goto(`${suite.baseUrl()}/ta/crop/no-such-crop`);
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.context().close();
  });

  it('every crop is in the sitemap in every language', { timeout: 30_000 }, async () => {
    const index = await (await fetch(`${suite.baseUrl()}/sitemap.xml`)).text();
    const location = index.match(/<loc>([^<]*\/sitemaps\/crops-1\.xml)<\/loc>/)?.[1];
    assert.ok(location, 'the index lists the crops’ sitemap');
    const sitemap = await (await fetch(`${suite.baseUrl()}/sitemaps/crops-1.xml`)).text();
    const crops = await (await fetch(`${suite.baseUrl()}/api/crops`)).json();
    for (const crop of crops) {
      for (const prefix of ['', '/ml', '/ta']) assert.ok(sitemap.includes(`${prefix}/crop/${crop.slug}</loc>`), `${prefix}/crop/${crop.slug}`);
    }
  });
});

describe('the home page’s research crops', () => {
  for (const [language, viewport, name] of [
    ['en', PHONE, 'Cardamom'],
    ['ml', LAPTOP, 'ഏലം'],
    ['ta', PHONE, 'ஏலக்காய்'],
  ]) {
    it(`lead to their crop pages (${language}, ${viewport.width} px)`, { timeout: 60_000 }, async () => {
      const prefix = WORDS[language].prefix;
      const page = await suite.open(viewport, `${prefix}/`);
      const research = page.locator('section[aria-labelledby="research-title"]');
      await research.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${suite.baseUrl()}${prefix}/crop/cardamom`);
      const crop = await cropFromApi('cardamom', language);
      await page.getByRole('heading', { level: 1, name: crop.name }).waitFor();
      await page.context().close();
    });
  }
});

describe('the desk puts a product on a crop', () => {
  let staff;

  it('signs a member of staff in', { timeout: 60_000 }, async () => {
    suite.shop().command(['create-admin', ADMIN.email, '--name', 'Bindu'], `${ADMIN.password}\n`);
    staff = await suite.open(PHONE, '/admin');
    await staff.waitForURL(/\/sign-in\?next=/);
    await enterPassword(staff, suite.baseUrl(), ADMIN);
    await enrol(staff);
    await staff.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  });

  it('adds a product to cardamom for irrigation, and the crop page shows it', { timeout: 120_000 }, async () => {
    const before = await cropFromApi('cardamom', 'en');
    const onCardamom = new Set([...before.groups, ...before.problems].flatMap((group) => group.products.map((product) => product.slug)));
    const everything = await (await fetch(`${suite.baseUrl()}/api/search?per_page=48`, { headers: { Accept: 'application/json' } })).json();
    const product = (Array.isArray(everything) ? everything : everything.data).find((card) => !onCardamom.has(card.slug));
    assert.ok(product, 'a product not yet on the cardamom page');

    await staff.goto(`${suite.baseUrl()}/admin/crops`);
    await staff.getByRole('heading', { level: 1, name: 'Crops' }).waitFor();
    await staff.getByText('Cardamom', { exact: true }).first().waitFor();
    await shot(staff, `desk-crops-${PHONE.width}`);

    await staff.goto(`${suite.baseUrl()}/admin/products/${product.id}`);
    const panel = staff.getByRole('form', { name: 'Crops and problems' });
    await panel.waitFor();
    await panel.getByLabel('Add a crop').selectOption({ label: 'Cardamom' });
    await panel.getByLabel('For', { exact: true }).selectOption({ label: 'Irrigation' });
    await panel.getByRole('button', { name: 'Add crop' }).click();
    await panel.getByLabel('Cardamom', { exact: true }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(staff, `desk-product-crops-${PHONE.width}`);
    const answered = staff.waitForResponse((response) => response.url().endsWith(`/api/admin/catalog/products/${product.id}/crops`) && response.request().method() === 'PUT');
    await panel.getByRole('button', { name: 'Save crops' }).click();
    const answer = await answered;
    assert.equal(answer.status(), 200, await answer.text());

    const shopper = await suite.open(LAPTOP, '/crop/cardamom');
    const irrigation = shopper.getByRole('region', { name: 'Irrigation', exact: true });
    await irrigation.getByRole('heading', { level: 2 }).waitFor();
    // Irrigation's cards past the first four show when asked for.
    if ((await irrigation.locator('button[aria-expanded]').count()) > 0) await irrigation.locator('button[aria-expanded]').click();
    await irrigation.getByRole('link', { name: product.name, exact: true }).waitFor();
    await shot(shopper, 'crop-cardamom-after-desk-1366');
    await shopper.context().close();
  });
});
