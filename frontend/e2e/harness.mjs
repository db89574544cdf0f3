// Starts the real storefront binary on a fresh seeded SQLite database, serving the built app, and
// launches Debian's Chromium through playwright-core. Missing pieces fail loudly.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, afterEach, before, beforeEach, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const frontend = resolve(fileURLToPath(new URL('..', import.meta.url)));
// STOREFRONT_DIST: a build elsewhere, so parallel runs do not overwrite each other's dist/.
export const DIST = process.env.STOREFRONT_DIST ? resolve(process.env.STOREFRONT_DIST) : join(frontend, 'dist');
export const RESULTS = join(frontend, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BIN = resolve(frontend, process.env.STOREFRONT_BIN ?? '../target/debug/storefront');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/** Every missing prerequisite, described for a person. */
export function missingPrerequisites() {
  const missing = [];
  if (!existsSync(BIN)) missing.push(`the storefront binary at ${BIN} (build it with \`cargo build -p server\` or set STOREFRONT_BIN)`);
  if (!existsSync(CHROMIUM)) missing.push(`Chromium at ${CHROMIUM} (install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH)`);
  if (!existsSync(join(DIST, 'index.html'))) missing.push(`the built web app in ${DIST} (run \`npm run build\`)`);
  return missing;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

// The binary runs in the temporary folder, so whatever it writes by default (mail, say) lands there.
function run(args, env, cwd, input) {
  const result = spawnSync(BIN, args, { env, cwd, encoding: 'utf8', input });
  if (result.status !== 0) throw new Error(`storefront ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function waitForHealth(baseUrl, child, log) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`storefront exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`storefront did not answer /healthz within 30 s:\n${log()}`);
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Migrates, seeds and serves a fresh shop; answers its base URL and a stop function. Options:
 * `processes` (1): how many `storefront serve` share the database, each on its own port (as
 * several instances behind a balancer, or an app host and an API host); `env(ports)`: more
 * settings for all of them, given every process's port.
 */
export async function startShop({ processes = 1, env: moreEnv = () => ({}) } = {}) {
  const missing = missingPrerequisites();
  if (missing.length > 0) throw new Error(`Cannot run the browser tests; missing:\n  - ${missing.join('\n  - ')}`);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  const ports = [];
  for (let i = 0; i < processes; i++) ports.push(await freePort());
  const mailDir = join(dir, 'mail');
  const messagesDir = join(dir, 'messages');
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite://${join(dir, 'shop.db')}`,
    MEDIA_DIR: join(dir, 'media'),
    STATIC_DIR: DIST,
    BIND: `127.0.0.1:${ports[0]}`,
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
    // Passwords hash fast in tests; mail is written as .eml files to read back, checked every second.
    BCRYPT_COST: '4',
    MAIL_DIR: mailDir,
    MAIL_POLL_SECS: '1',
    // No WhatsApp or SMS provider: each phone message is a .json file here (crates/messaging/src/file.rs).
    MESSAGES_DIR: messagesDir,
    ...moreEnv(ports),
  };
  run(['migrate'], env, dir);
  run(['seed-demo'], env, dir);
  const children = [];
  try {
    for (const port of ports) {
      const child = spawn(BIN, ['serve'], { env: { ...env, BIND: `127.0.0.1:${port}` }, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      children.push(child);
      await waitForHealth(`http://127.0.0.1:${port}`, child, () => output);
    }
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${ports[0]}`,
    /** Every process's port, in order. */
    ports,
    /** The shop's SQLite file, for a test to arrange what no screen sets (read it with `sqlite3`). */
    databasePath: join(dir, 'shop.db'),
    /** Where the shop writes its mail, one .eml file each. */
    mailDir,
    /** Where the shop writes what it sends to phones, one .json file each. */
    messagesDir,
    /** Runs a command of the binary on this shop (`create-admin`, say), with `input` on its stdin. */
    command(args, input) {
      return run(args, env, dir, input);
    },
    async stop() {
      await Promise.all(children.map(stopProcess));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits (up to 20 s) for a mail the shop wrote to `mailDir` that `find` accepts: `find` gets each
 * .eml file's text and answers what the caller wants from it, or undefined to go on looking.
 * Throws naming `what` when none comes.
 */
export async function findMail(mailDir, find, what) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    let files = [];
    try {
      files = readdirSync(mailDir).filter((file) => file.endsWith('.eml'));
    } catch {
      // not written yet
    }
    for (const file of files) {
      const found = find(readFileSync(join(mailDir, file), 'utf8'));
      if (found !== undefined) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${what} in ${mailDir}`);
}

/**
 * Waits (up to 20 s) for a phone message the shop wrote to `messagesDir` that `find` accepts:
 * `find` gets each file's `message` (`{to, language, template, variables, link, text}`) and its
 * file name, and answers what the caller wants from it, or undefined to go on looking. Throws
 * naming `what` when none comes.
 */
export async function findMessage(messagesDir, find, what) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    let files = [];
    try {
      // Sorted by name, which starts with the time written; `.name.partial` files are half-written.
      files = readdirSync(messagesDir)
        .filter((file) => file.endsWith('.json') && !file.startsWith('.'))
        .sort();
    } catch {
      // not written yet
    }
    for (const file of files) {
      const found = find(JSON.parse(readFileSync(join(messagesDir, file), 'utf8')).message, file);
      if (found !== undefined) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${what} in ${messagesDir}`);
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium with a fresh temporary profile; `args` add to the usual flags. */
export function launchBrowser(args = []) {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...args] });
}

/**
 * What a browser test file needs, registered with node:test: a test that the prerequisites are
 * there, a fresh shop and browser for the file, and a final check that no page raised a script
 * error. Answers the shop's base URL (once started) and `open`: a page at a viewport in a fresh
 * context (its own cookies, so its own session and cart). Options: `shop` for `startShop`,
 * `browserArgs` for Chromium, `baseUrl(shop)` where pages open (the shop's first process).
 */
export function browserSuite({ shop: shopOptions, browserArgs = [], baseUrl = (started) => started.baseUrl } = {}) {
  const missing = missingPrerequisites();
  if (missing.length > 0) {
    console.error(`\nThe browser tests cannot run. Missing:\n  - ${missing.join('\n  - ')}\n`);
  }
  it('has the binary, Chromium and the built app', () => {
    assert.deepEqual(missing, [], `missing:\n  - ${missing.join('\n  - ')}`);
  });
  let shop;
  let browser;
  const pageErrors = [];
  // What each page of the running test saw, printed when the test fails: the reason is often an
  // API answer or a console message the assertion cannot show.
  let journals = [];
  beforeEach(() => {
    journals = [];
  });
  afterEach(async (t) => {
    if (t.passed) return;
    for (const { page, path, lines } of journals) {
      let text = '(page closed)';
      if (!page.isClosed()) {
        text = await page
          .locator('body')
          .innerText({ timeout: 2_000 })
          .catch((error) => `(no text: ${error.message})`);
        await page.screenshot({ path: join(RESULTS, `failed-${t.name.slice(0, 60).replace(/[^a-z0-9]+/gi, '-')}.png`) }).catch(() => {});
      }
      console.log(`--- page opened at ${path}, now ${page.isClosed() ? 'closed' : page.url()}\n${lines.join('\n')}\n--- its text:\n${text.slice(0, 3_000)}`);
    }
  });
  before(async () => {
    mkdirSync(RESULTS, { recursive: true });
    shop = await startShop(shopOptions);
    browser = await launchBrowser(browserArgs);
  });
  after(async () => {
    await browser?.close();
    await shop?.stop();
    assert.deepEqual(pageErrors, [], 'no page raised a script error');
  });
  return {
    baseUrl: () => baseUrl(shop),
    /** The running shop: `baseUrl`, `ports`, `mailDir`, `messagesDir`. */
    shop: () => shop,
    /** The browser, for contexts a test makes itself (a browser restarted with some cookies). */
    browser: () => browser,
    async open(viewport, path, context) {
      const into = context ?? (await browser.newContext({ viewport, deviceScaleFactor: 1 }));
      const page = await into.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
      const lines = [];
      journals.push({ page, path, lines });
      const note = (line) => lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
      page.on('console', (message) => note(`console ${message.type()}: ${message.text()}`));
      page.on('requestfailed', (request) => note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`));
      page.on('response', (response) => {
        if (response.url().includes('/api/')) note(`${response.request().method()} ${response.url()} ${response.status()}`);
      });
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) note(`at ${frame.url()}`);
      });
      // React reports a page that hydrates differently from the server's HTML (errors #418-#425).
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat|react\.dev\/errors\/4(18|19|2\d)/i.test(message.text())) {
          pageErrors.push(`${path}: ${message.text()}`);
        }
      });
      waitForTheAppOnNavigation(page);
      await page.goto(`${baseUrl(shop)}${path}`, { waitUntil: 'domcontentloaded' });
      return page;
    },
  };
}

/**
 * A page drawn by the server shows its buttons before the app's code has come (it loads after the
 * first paint, `pages/app_loader.rs`), and a tap then does nothing: after each `goto`, `reload`,
 * `goBack` and `goForward` of `page`, waits until the app has taken the screen over (`data-ready`,
 * set by the layout) on such a page, as a shopper waits for the page to answer.
 */
export function waitForTheAppOnNavigation(page) {
  for (const method of ['goto', 'reload', 'goBack', 'goForward']) {
    const navigate = page[method].bind(page);
    page[method] = async (...args) => {
      const response = await navigate(...args);
      const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
      if (html) {
        await page.waitForFunction(() => !document.querySelector('script[data-app]') || document.documentElement.hasAttribute('data-ready'), null, {
          timeout: 30_000,
        });
      }
      return response;
    };
  }
  return page;
}

/**
 * Calls the API from inside the page, with its cookies and anti-forgery token, as the app does;
 * answers the status and the parsed body. `headers` adds to the app's own (an Idempotency-Key).
 */
export function callApi(page, method, path, body, headers = {}) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const token = () => decodeURIComponent((document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN=')) ?? 'XSRF-TOKEN=').slice(11));
      if (method !== 'GET' && token() === '') await fetch('/api/csrf-cookie', { credentials: 'include' });
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token(), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body, headers },
  );
}

/**
 * Registers a shopper straight with the API at `apiBase` (as from another device) and leaves them
 * signed out in the browser under test: an account to sign in to.
 */
export async function registerShopper(apiBase, { name, email, password, phone = '+919847022222' }) {
  const token = await fetch(`${apiBase}/api/csrf-cookie`);
  const cookie = token.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const registered = await fetch(`${apiBase}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': token.headers.get('X-XSRF-TOKEN') ?? '' },
    body: JSON.stringify({ name, email, phone, password, password_confirmation: password }),
  });
  assert.equal(registered.status, 201, await registered.text());
}
