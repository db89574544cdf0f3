// A cheap phone on a slow connection (issue 34): Chromium throttled to 400 kbps both ways, 400 ms
// latency, a 4× slower CPU and no cache. On the home, a category and a product page in English,
// Malayalam and Tamil, a tap 2.5 s after navigation starts, on each control, must have its effect
// by whatever mechanism: the drawn page's plain HTML (pack links, the Add to cart form, links to
// the search page, `#menu` and `#cart`) before the app's code has come, the app after.
//
// SLOW_PHONE_RUNS (default 1, and 3 for a tap whose first run failed) repeats every tap; each
// (page, language, control) passes when the median run does, and the table printed at the end gives the median times over the runs:
// first working tap (the controls drawn and painted: first contentful paint, or the moment the
// controls were parsed if later) and when the app took the page over. SLOW_PHONE_RUNS=5 is the
// issue's measure (about five times as long).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { browserSuite, PHONE } from './harness.mjs';

const { baseUrl, browser } = browserSuite();

const RUNS = Math.max(1, Number(process.env.SLOW_PHONE_RUNS ?? 1));
const TAP_AT_MS = 2_500;
const EFFECT_WITHIN_MS = 40_000;

const LANGUAGES = ['en', 'ml', 'ta'];
const PAGES = {
  home: '/',
  category: '/category/fertilisers/organic-manures',
  product: '/dealer/wellroot-organics/vermicompost',
};

const inLanguage = (language, path) => (language === 'en' ? path : path === '/' ? `/${language}` : `/${language}${path}`);

// Language-independent handles on the controls (their names are translated).
const MENU = 'header a[href="#menu"]';
const CART = 'header a[href="#cart"]';
const SEARCH = 'header a[role="button"][href$="/search"]';
const PACK_25 = '[role="radiogroup"] [role="radio"]:nth-child(2)';
const QUANTITY = 'form[action="/cart/add"] input[name="quantity"]';
const ADD = 'form[action="/cart/add"] button[type="submit"]';
const PLUS = 'form[action="/cart/add"] button[data-step="1"]';

/** Records, in the page's own clock, when the controls were parsed and when the app took over. */
function recordMoments() {
  const seen = () => {
    if (window.__controls === undefined && document.querySelector('header a[href="#menu"]')) window.__controls = performance.now();
    if (window.__ready === undefined && document.documentElement.hasAttribute('data-ready')) window.__ready = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
}

/** A fresh phone (no cache, no cookies) throttled as the issue says. */
async function slowPhone() {
  const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 1, locale: 'en-IN' });
  await context.addInitScript(recordMoments);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Taps `selector` now: it must be on the screen already (no waiting for it). */
async function tapNow(page, selector, what) {
  const control = page.locator(selector).first();
  assert.equal(await control.isVisible(), true, `${what} is on the screen at ${TAP_AT_MS} ms`);
  await control.click({ noWaitAfter: true, timeout: 2_000 });
}

async function cartLines(context) {
  const response = await context.request.get(`${baseUrl()}/api/cart`);
  const cart = await response.json();
  return cart.products.map((line) => `${line.quantity} × ${line.variant_id}`);
}

let vermicompost25;

/** What each control's tap must do, and how to see it done. */
const CONTROLS = {
  menu: {
    pages: ['home', 'category', 'product'],
    tap: (page) => tapNow(page, MENU, 'the menu button'),
    done: (page) => page.locator('dialog[open] a[href$="/about"]').first().waitFor({ timeout: EFFECT_WITHIN_MS }),
  },
  cart: {
    pages: ['home', 'category', 'product'],
    tap: (page) => tapNow(page, CART, 'the cart button'),
    done: (page) => page.locator('dialog[open]').first().waitFor({ timeout: EFFECT_WITHIN_MS }),
  },
  search: {
    pages: ['home', 'category', 'product'],
    tap: async (page) => {
      await tapNow(page, SEARCH, 'the search button');
      // The overlay (the app) or the search page (plain HTML): either has a search field.
      const field = page.locator('input[type="search"]:visible').first();
      await field.waitFor({ timeout: EFFECT_WITHIN_MS });
      await field.fill('neem');
      await field.press('Enter');
    },
    done: (page) => page.locator('a[href*="/neem-cake-powder"]:visible').first().waitFor({ timeout: EFFECT_WITHIN_MS }),
  },
  'pack, quantity and Add to cart': {
    pages: ['product'],
    tap: async (page) => {
      // The pack at 2.5 s: it is shown chosen, with its price; then plus tapped and the arrow up
      // pressed in the field (3 bags, seen in the field at once, whether or not the app has come),
      // and Add to cart, each as soon as it is there.
      await tapNow(page, PACK_25, 'the 25 kg pack');
      await page.locator(`${PACK_25}[aria-checked="true"]`).waitFor({ timeout: EFFECT_WITHIN_MS });
      await page.getByText(/₹\s?360\.00/).first().waitFor({ timeout: EFFECT_WITHIN_MS });
      await page.locator(PLUS).click({ timeout: EFFECT_WITHIN_MS });
      await page.locator(QUANTITY).press('ArrowUp');
      assert.equal(await page.locator(QUANTITY).inputValue(), '3', 'plus and the arrow key each added a bag');
      await page.locator(ADD).click({ timeout: EFFECT_WITHIN_MS });
    },
    done: async (page, context) => {
      await page.locator('dialog[open]').first().waitFor({ timeout: EFFECT_WITHIN_MS });
      assert.deepEqual(await cartLines(context), [`3 × ${vermicompost25}`], 'three bags of 25 kg are in the cart');
    },
  },
};

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** One navigation: the tap at 2.5 s, then its effect. Answers whether it worked and the moments. */
async function tapOnce(pageName, language, control) {
  const { context, page } = await slowPhone();
  try {
    const started = Date.now();
    await page.goto(`${baseUrl()}${inLanguage(language, PAGES[pageName])}`, { waitUntil: 'commit' });
    await sleep(started + TAP_AT_MS - Date.now());
    const moments = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      controls: window.__controls,
    }));
    let error;
    try {
      await CONTROLS[control].tap(page);
      await CONTROLS[control].done(page, context);
    } catch (caught) {
      error = caught;
    }
    let ready;
    if (control === 'menu' && !error) {
      ready = await page.evaluate(() => window.__ready);
    }
    return { worked: !error, error, firstTap: Math.max(moments.fcp ?? NaN, moments.controls ?? NaN), ready };
  } finally {
    await context.close();
  }
}

const table = [];

describe('a tap 2.5 s after navigation on a throttled phone', () => {
  it('knows the 25 kg bag of Vermicompost', async () => {
    const response = await fetch(`${baseUrl()}/api/products/vermicompost`);
    const product = await response.json();
    vermicompost25 = product.variants.find((variant) => variant.variant_name === '25 kg').id;
    assert.ok(vermicompost25);
    // A shop in use has its pages drawn and cached already: the phone's cache is cold, not the
    // server's.
    for (const language of LANGUAGES) {
      for (const path of [...Object.values(PAGES), `${PAGES.product}?pack=25-kg`, '/search']) {
        assert.equal((await fetch(`${baseUrl()}${inLanguage(language, path)}`)).status, 200, path);
      }
    }
  });

  for (const language of LANGUAGES) {
    for (const pageName of Object.keys(PAGES)) {
      it(`works on the ${pageName} page in ${language}`, { timeout: 60_000 * RUNS * 6 }, async () => {
        const timings = { firstTap: [], ready: [] };
        const failures = [];
        for (const [control, { pages }] of Object.entries(CONTROLS)) {
          if (!pages.includes(pageName)) continue;
          const outcomes = [];
          // One run by default; should it fail, two more, and the median of the three decides
          // (a shared machine has its slow moments).
          const runs = () => (RUNS === 1 && outcomes.length > 0 && !outcomes[0] ? 3 : RUNS);
          for (let run = 0; run < runs(); run++) {
            const outcome = await tapOnce(pageName, language, control);
            outcomes.push(outcome.worked);
            if (Number.isFinite(outcome.firstTap)) timings.firstTap.push(outcome.firstTap);
            if (outcome.ready !== undefined) timings.ready.push(outcome.ready);
            if (!outcome.worked) failures.push(`${control} (run ${run + 1}): ${outcome.error?.message?.split('\n')[0]}`);
          }
          // The median run: more than half of them worked.
          const worked = outcomes.filter(Boolean).length;
          assert.ok(worked * 2 > outcomes.length, `a tap at 2.5 s on ${control}, ${pageName} page in ${language}: ${worked}/${outcomes.length} worked\n  ${failures.join('\n  ')}`);
        }
        table.push({ page: pageName, language, firstTap: median(timings.firstTap), ready: median(timings.ready), failures: failures.length });
      });
    }
  }
});

after(() => {
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
  const lines = [
    `Throttled phone (400 kbps, 400 ms, CPU 4×, no cache), median of ${RUNS} run(s):`,
    '| page | language | first working tap | app took over | failed taps |',
    '|---|---|---|---|---|',
    ...table.map((row) => `| ${row.page} | ${row.language} | ${ms(row.firstTap)} | ${ms(row.ready)} | ${row.failures} |`),
  ];
  console.log(lines.join('\n'));
});
