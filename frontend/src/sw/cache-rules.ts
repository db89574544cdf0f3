// What the service worker (./service-worker.ts) may keep on the phone, decided from the address
// alone; pure, so it is tested without a browser (cache-rules.test.ts). Pages and catalogue answers
// are kept by an allow-list: what is not listed (the back office, the account, checkout, orders,
// the cart, sign-in, any other API) is never touched by the service worker at all.

/** How a request is answered, or null: left to the network, never stored. */
export type CacheKind =
  /** A hashed file of the build (`/assets/…`): from the cache first, it never changes. */
  | 'asset'
  /** A public page the server draws: from the network, the saved copy when offline. */
  | 'page'
  /**
   * Any other page of the shop (the account, checkout, an order): from the network only, never
   * stored; offline, the "you are offline" page instead of the browser's error.
   */
  | 'unsaved-page'
  /** A public catalogue answer (`GET /api/products/…`): as a page. */
  | 'catalogue'
  /** A product photo (`/media/…`): as a page. */
  | 'media';

/** Public pages, without their language prefix: a path equal to one or under it (`/dealer/x`). */
const PUBLIC_PAGES = ['/about', '/contact', '/terms-and-conditions', '/privacy-policy', '/search', '/dealer', '/category', '/crop'];

/** Public catalogue answers: the same for everyone, never personal. */
const CATALOGUE_API = ['/api/shop', '/api/categories', '/api/brands', '/api/products', '/api/featured', '/api/awards', '/api/search', '/api/states', '/api/crops'];

const LANGUAGE_PREFIX = /^\/(ml|ta)(?=\/|$)/;

/** The path without `/ml` or `/ta` in front (`/ml` → `/`). */
export function withoutLanguage(pathname: string): string {
  return pathname.replace(LANGUAGE_PREFIX, '') || '/';
}

/** The language of a page's path, for the offline page's words. */
export function languageOf(pathname: string): 'en' | 'ml' | 'ta' {
  const found = LANGUAGE_PREFIX.exec(pathname)?.[1];
  return found === 'ml' || found === 'ta' ? found : 'en';
}

const under = (path: string, prefixes: readonly string[]) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** The back office: the service worker stays out of its way entirely. */
const isBackOffice = (pathname: string) => under(withoutLanguage(pathname), ['/admin']);

/** Whether a page path (with or without its language) is one of the shop's public pages. */
export function isPublicPage(pathname: string): boolean {
  const path = withoutLanguage(pathname);
  return path === '/' || under(path, PUBLIC_PAGES);
}

/** How the service worker answers `method url` (`navigation`: a page load), or null. */
export function cacheKind(method: string, url: URL, origin: string, navigation: boolean): CacheKind | null {
  if (method !== 'GET' || url.origin !== origin) return null;
  const path = url.pathname;
  if (navigation) return isPublicPage(path) ? 'page' : isBackOffice(path) ? null : 'unsaved-page';
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/media/')) return 'media';
  if (under(path, CATALOGUE_API)) return 'catalogue';
  return null;
}

/**
 * Whether an answer may be stored: a whole success (not a redirect, which may lead to a private
 * page), that the server does not mark as personal or never-to-be-kept.
 */
export function mayStore(response: { ok: boolean; status: number; redirected: boolean; type: string; headers: Headers }): boolean {
  if (!response.ok || response.status !== 200 || response.redirected || response.type === 'opaqueredirect') return false;
  const cacheControl = response.headers.get('Cache-Control')?.toLowerCase() ?? '';
  return !/\b(no-store|private)\b/.test(cacheControl);
}

/** The build's caches are named after it: a release's caches replace the last one's whole. */
export const CACHE_PREFIX = 'storefront-';
export const cacheName = (build: string): string => `${CACHE_PREFIX}${build}`;

/** Whether a cache belongs to another build of the shop (and is deleted once this one takes over). */
export const isOtherBuildsCache = (name: string, build: string): boolean => name.startsWith(CACHE_PREFIX) && name !== cacheName(build);
