// The shop's service worker, built on its own by scripts/service-worker.ts into /sw.js with this
// build's name, its files to fetch at once and the offline page's words. What it keeps is
// ./cache-rules.ts's decision; everything else passes by untouched.
//
// - The app's code, styles and fonts are fetched when it installs (after the first visit).
// - Public pages, catalogue answers and photos come from the network; the last copy answers when
//   the phone is offline, and a page never seen answers with a short "you are offline" page.
// - One cache per build: a new release installs its own beside the old one, carries the saved
//   pages over (fetched again, so they name the new files), and deletes the old one when it takes
//   over. Pages and code of two releases are never mixed.
import { cacheKind, cacheName, isOtherBuildsCache, languageOf, mayStore, type CacheKind } from '@/sw/cache-rules';

declare const __BUILD__: string;
declare const __PRECACHE__: string[];
declare const __BUILD_FILES__: string[];
declare const __OFFLINE_TEXTS__: Record<'en' | 'ml' | 'ta', { title: string; missing: string; home: string }>;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface Worker {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<{ url: string }[]> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as Worker;
const CACHE = cacheName(__BUILD__);
/**
 * This build's own files. A page of the last release still open when this worker takes over
 * may ask for the last release's files: they are fetched for it, never kept in this cache.
 */
const OWN_FILES = new Set(__BUILD_FILES__);
/** How many saved pages and photos a new release takes over from the last one's cache. */
const CARRIED_OVER = 60;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(__PRECACHE__);
      await carryOver(cache).catch(() => undefined);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isOtherBuildsCache(name, __BUILD__)).map((name) => caches.delete(name)));
      await worker.clients.claim();
      await keepOpenPages().catch(() => undefined);
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const kind = cacheKind(request.method, new URL(request.url), worker.location.origin, request.mode === 'navigate');
  if (kind === null) return;
  event.respondWith(kind === 'asset' ? cacheFirst(request) : kind === 'unsaved-page' ? networkOnly(request) : networkFirst(request, kind));
});

async function networkOnly(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return offlinePage(new URL(request.url).pathname);
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  // Named by their content: whatever the answer varied on (Origin, for CORS) cannot matter.
  const saved = await cache.match(request, { ignoreVary: true });
  if (saved) return saved;
  const response = await fetch(request);
  if (mayStore(response) && OWN_FILES.has(new URL(request.url).pathname)) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request: Request, kind: CacheKind): Promise<Response> {
  const cache = await caches.open(CACHE);
  const key = savedUnder(request, kind);
  try {
    const response = await fetch(request);
    if (mayStore(response)) await cache.put(key, response.clone());
    return response;
  } catch (offline) {
    const saved = await cache.match(key, { ignoreVary: true });
    if (saved) return saved;
    if (kind === 'page') return offlinePage(new URL(request.url).pathname);
    throw offline;
  }
}

/** The public pages open when the worker first takes over (loaded before it could keep them). */
async function keepOpenPages(): Promise<void> {
  const cache = await caches.open(CACHE);
  const windows = await worker.clients.matchAll({ type: 'window' });
  await Promise.all(
    windows.map(async ({ url }) => {
      const address = new URL(url);
      if (address.origin !== worker.location.origin || cacheKind('GET', address, worker.location.origin, true) !== 'page') return;
      const key = savedUnder(new Request(address.href), 'page');
      if (await cache.match(key, { ignoreVary: true })) return;
      const response = await fetch(address.href, { credentials: 'same-origin' });
      if (mayStore(response)) await cache.put(key, response);
    }),
  );
}

/**
 * The address an answer is saved under, matched without its Vary (which names Origin for CORS):
 * a page or photo under its own; a catalogue answer with the language the app asked in, which
 * its words depend on (a page's address names its language already).
 */
function savedUnder(request: Request, kind: CacheKind): string {
  const url = new URL(request.url);
  url.hash = '';
  if (kind === 'catalogue') url.searchParams.set('sw-language', request.headers.get('Accept-Language') ?? '');
  return url.href;
}

/**
 * The last release's saved pages, fetched again into this release's cache (so the shopper keeps
 * them offline, naming this release's files), and its photos copied as they are. Catalogue
 * answers are left: the pages carry their own data, and the app asks again.
 */
async function carryOver(cache: Cache): Promise<void> {
  for (const name of await caches.keys()) {
    if (!isOtherBuildsCache(name, __BUILD__)) continue;
    const old = await caches.open(name);
    const requests = (await old.keys()).slice(-CARRIED_OVER);
    await Promise.all(
      requests.map(async (request) => {
        const url = new URL(request.url);
        if (url.pathname.startsWith('/assets/')) return;
        if (url.pathname.startsWith('/media/')) {
          const photo = await old.match(request, { ignoreVary: true });
          if (photo) await cache.put(request, photo);
          return;
        }
        if (cacheKind('GET', url, worker.location.origin, true) !== 'page') return;
        const response = await fetch(request.url).catch(() => undefined);
        if (response && mayStore(response)) await cache.put(request, response);
      }),
    );
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A page this phone has not saved, offline: says so in the page's language, with a way home. */
function offlinePage(pathname: string): Response {
  const language = languageOf(pathname);
  const words = __OFFLINE_TEXTS__[language];
  const home = language === 'en' ? '/' : `/${language}/`;
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#166534"><title>${escapeHtml(words.title)}</title><style>body{margin:0 auto;max-width:36rem;padding:3rem 1.25rem;font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5}h1{font-size:1.5rem;color:#166534}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#166534;color:#fff;text-decoration:none}</style></head><body><main id="offline"><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.missing)}</p><a href="${home}">${escapeHtml(words.home)}</a></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
