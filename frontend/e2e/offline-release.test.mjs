// A new release replaces the code the service worker keeps, without a stale mix: the shop is built
// twice (releases "a" and "b", VITE_RELEASE), a phone visits under release a, the server is given
// release b, and once b's service worker has taken over, only b's cache is left, the pages the
// phone had saved are b's pages naming b's files, and offline they run b's code and only b's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { browserSuite, PHONE } from './harness.mjs';

const frontend = resolve(fileURLToPath(new URL('..', import.meta.url)));
const work = mkdtempSync(join(tmpdir(), 'storefront-releases-'));
const live = join(work, 'live');

/** Builds the browser's app as release `name` (the server bundle is the checkout's own). */
function buildRelease(name) {
  const outDir = join(work, name);
  const built = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: frontend,
    env: { ...process.env, VITE_RELEASE: name },
    encoding: 'utf8',
  });
  assert.equal(built.status, 0, `release ${name} did not build:\n${built.stdout}\n${built.stderr}`);
  return { dir: outDir, assets: new Set(readdirSync(join(outDir, 'assets')).map((file) => `/assets/${file}`)) };
}

/** Puts a release where the server reads the app from, as a deployment does. */
function deploy(release) {
  rmSync(live, { recursive: true, force: true });
  cpSync(release.dir, live, { recursive: true });
}

const a = buildRelease('a');
const b = buildRelease('b');
deploy(a);
after(() => process.env.KEEP_RELEASES || rmSync(work, { recursive: true, force: true }));

const { open, baseUrl } = browserSuite({
  shop: { env: () => ({ STATIC_DIR: live, RENDER_BUNDLE: join(frontend, 'dist-server/render.js') }) },
});

const PRODUCT = '/dealer/wellroot-organics/vermicompost';

/** Waits (up to 30 s) until `check`, run in the page (it may be async), answers true. */
async function until(page, check, argument) {
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate(check, argument))) {
    assert.ok(Date.now() < deadline, `waited 30 s for ${check}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const shopCaches = (page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('storefront-')));

const cachedAddresses = (page, name) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname), name);

/** The shop's scripts and styles the page has loaded. */
const loadedFiles = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/') && /\.(js|css)$/.test(path)),
  );

describe('a new release', () => {
  it('the two builds differ', () => {
    assert.ok(existsSync(join(a.dir, 'sw.js')) && existsSync(join(b.dir, 'sw.js')));
    const entry = (release) => [...release.assets].find((file) => /^\/assets\/index-.*\.js$/.test(file));
    assert.notEqual(entry(a), entry(b), 'release b has new code');
  });

  it('replaces the kept code and pages whole', { timeout: 120_000 }, async () => {
    const page = await open(PHONE, PRODUCT);
    await page.getByRole('heading', { level: 1, name: 'Vermicompost' }).waitFor();
    await until(page, async () => navigator.serviceWorker.controller !== null && (await caches.keys()).length > 0);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.release), 'a');
    await page.reload();
    const [cacheOfA] = await shopCaches(page);
    assert.ok(cacheOfA, 'release a keeps its files');
    assert.ok((await cachedAddresses(page, cacheOfA)).includes(PRODUCT), 'release a kept the product page');

    deploy(b);
    // The next visit gets b's page from the server, and the check for a new service worker finds b's.
    await page.goto(`${baseUrl()}${'/'}`);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.release), 'b', 'the server answers release b');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await until(page, async (old) => {
      const names = (await caches.keys()).filter((name) => name.startsWith('storefront-'));
      return names.length === 1 && names[0] !== old && (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated';
    }, cacheOfA);
    const [cacheOfB] = await shopCaches(page);
    const kept = await cachedAddresses(page, cacheOfB);
    const stale = kept.filter((address) => address.startsWith('/assets/') && !b.assets.has(address));
    assert.deepEqual(stale.map((file) => `${file}${a.assets.has(file) ? ' (release a)' : ''}`), [], 'no file of release a is kept');
    assert.ok(kept.includes(PRODUCT), 'the product page seen under release a is still saved');

    // Offline, the saved page is b's and runs b's code only.
    await page.context().setOffline(true);
    await page.goto(`${baseUrl()}${PRODUCT}`);
    await page.getByRole('heading', { level: 1, name: 'Vermicompost' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.release), 'b');
    const loaded = await loadedFiles(page);
    assert.ok(loaded.length > 0, 'the page loaded the app');
    assert.deepEqual(
      loaded.filter((file) => !b.assets.has(file)),
      [],
      'every file the page loaded is release b\'s',
    );
    await page.context().setOffline(false);
  });
});
