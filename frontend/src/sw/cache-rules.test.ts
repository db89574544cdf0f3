import { describe, expect, it } from 'vitest';
import { cacheKind, isOtherBuildsCache, isPublicPage, languageOf, mayStore } from '@/sw/cache-rules';

const ORIGIN = 'https://shop.example';
const kind = (path: string, { method = 'GET', navigation = false, origin = ORIGIN } = {}) =>
  cacheKind(method, new URL(path, origin), ORIGIN, navigation);

describe('what the service worker keeps', () => {
  it('keeps the public pages in every language', () => {
    for (const path of ['/', '/ml/', '/ta', '/dealer/wellroot', '/ml/dealer/wellroot/cardamom-booster', '/category/fertilisers/npk', '/crop/cardamom', '/ta/crop/banana', '/search?search=neem', '/about', '/ta/privacy-policy']) {
      expect(kind(path, { navigation: true }), path).toBe('page');
    }
  });

  it('never keeps the account, checkout, orders or sign-in: it only says when they cannot be reached', () => {
    for (const path of ['/user', '/ta/user/orders', '/checkout', '/ml/checkout', '/order-confirmation/0b7c', '/view-order/x', '/find-order', '/sign-in', '/register', '/reset-password/t', '/verify-email/x', '/aboutus', '/categoryx', '/cropx']) {
      expect(kind(path, { navigation: true }), path).toBe('unsaved-page');
      expect(isPublicPage(path), path).toBe(false);
    }
  });

  it('leaves the back office alone', () => {
    for (const path of ['/admin', '/admin/orders', '/ml/admin']) expect(kind(path, { navigation: true }), path).toBeNull();
  });

  it('keeps the catalogue answers but no personal or unlisted API', () => {
    for (const path of ['/api/shop', '/api/products/7', '/api/categories', '/api/brands/wellroot', '/api/search?q=neem', '/api/crops/cardamom']) expect(kind(path), path).toBe('catalogue');
    for (const path of ['/api/cart', '/api/cart/add', '/api/user', '/api/orders/x', '/api/checkout', '/api/addresses', '/api/admin/products', '/api/csrf-cookie', '/api/shopping', '/api/contact']) {
      expect(kind(path), path).toBeNull();
    }
  });

  it('keeps the build files and photos, but only GETs from the shop itself', () => {
    expect(kind('/assets/index-abc.js')).toBe('asset');
    expect(kind('/media/products/a.webp')).toBe('media');
    expect(kind('/api/products', { method: 'POST' })).toBeNull();
    expect(kind('/', { method: 'POST', navigation: true })).toBeNull();
    expect(kind('/assets/index-abc.js', { origin: 'https://cdn.example' })).toBeNull();
  });

  it('reads the language of a page from its address', () => {
    expect(languageOf('/ml/dealer/x')).toBe('ml');
    expect(languageOf('/ta')).toBe('ta');
    expect(languageOf('/dealer/x')).toBe('en');
    expect(languageOf('/mlx/y')).toBe('en');
  });
});

describe('which answers may be stored', () => {
  const answer = (status: number, cacheControl?: string, redirected = false) => ({
    ok: status >= 200 && status < 300,
    status,
    redirected,
    type: 'basic',
    headers: new Headers(cacheControl ? { 'Cache-Control': cacheControl } : {}),
  });

  it('stores whole successes the server lets anyone keep', () => {
    expect(mayStore(answer(200, 'no-cache'))).toBe(true);
    expect(mayStore(answer(200, 'public, max-age=86400'))).toBe(true);
    expect(mayStore(answer(200))).toBe(true);
  });

  it('never stores personal answers, redirects, failures or partial answers', () => {
    expect(mayStore(answer(200, 'no-store'))).toBe(false);
    expect(mayStore(answer(200, 'private, max-age=60'))).toBe(false);
    expect(mayStore(answer(200, 'no-cache', true))).toBe(false);
    expect(mayStore(answer(404, 'no-cache'))).toBe(false);
    expect(mayStore(answer(503))).toBe(false);
    expect(mayStore(answer(206))).toBe(false);
  });
});

describe('caches by build', () => {
  it('counts every other build of the shop as old, and leaves caches it does not own', () => {
    expect(isOtherBuildsCache('storefront-aaa', 'bbb')).toBe(true);
    expect(isOtherBuildsCache('storefront-bbb', 'bbb')).toBe(false);
    expect(isOtherBuildsCache('someone-else', 'bbb')).toBe(false);
  });
});
