// Every page of the shop in one place (the back office's are in src/lib/admin-paths.ts, built the
// same way): each entry's `path` is the pattern the router registers (src/app/router.tsx) and its
// `getHref(...)` builds the link to it, parameters encoded. A route changes here and nowhere else;
// a test (src/app/routes.test.tsx) fails when the router registers a pattern these do not hold.
//
// Links are the English paths (`/dealer/wellroot`). The router's basename puts a page in the
// shopper's language (`/ml/dealer/wellroot`, src/lib/locales.ts), so links stay language-free.
// The backend builds the same paths in crates/paths, checked against this file.

type QueryValue = string | number | null | undefined;

/** A path segment: a slug, a number or an id, encoded so it cannot reach into the next. */
export const segment = (value: string | number): string => encodeURIComponent(String(value));

/** `path?key=value&...`, each key and value encoded, blank values left out (and `?` with them). */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const pairs = Object.entries(query)
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined && pair[1] !== null && pair[1] !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** A page without parameters. */
export function page(path: string) {
  return { path, getHref: (): string => path };
}

export const paths = {
  home: page('/'),
  about: page('/about'),
  contact: page('/contact'),
  terms: page('/terms-and-conditions'),
  privacy: page('/privacy-policy'),
  /** The results for a term (`?search=`), or every product without one. */
  search: { path: '/search', getHref: (term?: string) => withQuery('/search', { search: term }) },

  brand: { path: '/dealer/:brandSlug', getHref: (brandSlug: string) => `/dealer/${segment(brandSlug)}` },
  /** A product under its brand: its canonical link. */
  product: {
    path: '/dealer/:brandSlug/:productSlug',
    getHref: (brandSlug: string, productSlug: string) => `/dealer/${segment(brandSlug)}/${segment(productSlug)}`,
  },
  category: { path: '/category/:categorySlug', getHref: (categorySlug: string) => `/category/${segment(categorySlug)}` },
  /**
   * A sub-category under its parent. The same pattern answers a product under a top-level category
   * (`/category/tools/banana-knife`): the screen tells them apart by the category tree.
   */
  subCategory: {
    path: '/category/:parentSlug/:slug',
    getHref: (parentSlug: string, slug: string) => `/category/${segment(parentSlug)}/${segment(slug)}`,
  },
  /** A product reached through its category: under the sub-category's parent when it has one. */
  categoryProduct: {
    path: '/category/:parentSlug/:categorySlug/:productSlug',
    getHref: ({ parent, category, product }: { parent?: string | null; category: string; product: string }) =>
      `${categoryHref(category, parent)}/${segment(product)}`,
  },

  /** A crop and what the shop stocks for it, grouped by need (nutrition, protection, ...). */
  crop: { path: '/crop/:cropSlug', getHref: (cropSlug: string) => `/crop/${segment(cropSlug)}` },

  checkout: page('/checkout'),
  orderConfirmation: { path: '/order-confirmation/:uuid', getHref: (uuid: string) => `/order-confirmation/${segment(uuid)}` },
  /** An order's own page, which the order mails link to. */
  viewOrder: { path: '/view-order/:uuid', getHref: (uuid: string) => `/view-order/${segment(uuid)}` },
  findOrder: page('/find-order'),

  /** `next`: the page to go on to once signed in; `email`: the address to fill in. */
  signIn: { path: '/sign-in', getHref: (query: { next?: string; email?: string } = {}) => withQuery('/sign-in', query) },
  register: page('/register'),
  forgotPassword: page('/forgot-password'),
  /** Opened from mail, with the token the backend writes into the link (crates/paths). */
  resetPassword: page('/reset-password'),
  verifyEmail: page('/verify-email'),
  /** The shopper's account: details, addresses, orders. */
  account: page('/user'),
} as const;

/** The back office's root: its screens are routed under it (`/admin/*`), in a chunk of their own. */
export const ADMIN_ROOT = '/admin';

/** A category's page: under its parent for a sub-category. */
export function categoryHref(slug: string, parentSlug?: string | null): string {
  return parentSlug ? paths.subCategory.getHref(parentSlug, slug) : paths.category.getHref(slug);
}

/**
 * `path` as a descendant route under `parent` writes it (the back office's routes sit under
 * `/admin/*`): `/admin/orders/:number` under `/admin` is `orders/:number`, `/admin` itself the index.
 */
export function routeUnder(parent: string, path: string): string {
  if (path === parent) return '';
  if (!path.startsWith(`${parent}/`)) throw new Error(`${path} is not under ${parent}`);
  return path.slice(parent.length + 1);
}
