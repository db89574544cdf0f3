// The shop's languages and where each lives: English at the specification's routes, Malayalam
// under /ml/ and Tamil under /ta/, with the same route table. The choice is remembered in a cookie
// the server reads too (`lang`), so a later visit to an English address can be sent to the
// shopper's language.

export const LOCALES = ['en', 'ml', 'ta'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language by its own name, as a switch offers it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ml: 'മലയാളം', ta: 'தமிழ்' };

export const LANGUAGE_COOKIE = 'lang';

const isLocale = (value: string | undefined): value is Locale => (LOCALES as readonly string[]).includes(value ?? '');

/** The language a path is in: `/ml/...` Malayalam, `/ta/...` Tamil, anything else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== 'en' ? first : 'en';
}

/** The path without its language prefix (`/ml/search` → `/search`, `/ml` → `/`). */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === 'en') return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The same page in `locale`: `/search?q=x` in Malayalam is `/ml/search?q=x`. */
export function pathIn(locale: Locale, pathname: string, search = ''): string {
  const bare = pathWithoutLocale(pathname);
  if (locale === 'en') return `${bare}${search}`;
  return `/${locale}${bare === '/' ? '/' : bare}${search}`;
}

/** The router's base for a language: none for English, `/ml` for Malayalam. */
export const basenameFor = (locale: Locale): string | undefined => (locale === 'en' ? undefined : `/${locale}`);

/** Remembers the shopper's choice for a year (read by the server on their next visit). */
export function rememberLocale(locale: Locale, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
  doc.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}
