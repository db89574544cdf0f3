// Interface text comes from one message catalogue per language (src/locales/<lang>.json, ICU
// MessageFormat, precompiled at build time) through Lingui's small core runtime. Numbers and dates
// are formatted with Intl in the active locale.
import { useSyncExternalStore } from 'react';
import { i18n, type Messages } from '@lingui/core';
import en from '@/locales/en.json';

export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

/** Languages the shop can be shown in, with the Intl locale used for their numbers and dates. */
const intlLocales: Record<string, string> = { en: 'en-IN', ml: 'ml-IN', ta: 'ta-IN' };

i18n.load('en', en as unknown as Messages);
i18n.activate('en');

export const intlLocale = (): string => intlLocales[i18n.locale] ?? 'en-IN';

export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * An Intl formatter for the active locale, made once: building one is slow (a phone spends
 * milliseconds loading locale data), using one is not.
 */
export function intlFormat<K extends 'number' | 'date'>(
  kind: K,
  options: K extends 'number' ? Intl.NumberFormatOptions : Intl.DateTimeFormatOptions,
): K extends 'number' ? Intl.NumberFormat : Intl.DateTimeFormat {
  const key = `${kind}:${intlLocale()}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = kind === 'number' ? new Intl.NumberFormat(intlLocale(), options) : new Intl.DateTimeFormat(intlLocale(), options);
    formats.set(key, format);
  }
  return format as K extends 'number' ? Intl.NumberFormat : Intl.DateTimeFormat;
}

/** A count or quantity in the active locale's digits and grouping. */
export const formatNumber = (value: number): string => intlFormat('number', {}).format(value);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale;

/** `t`, and a re-render of the caller whenever the language changes. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, activeLocale, activeLocale);
  return t;
}

export function useLocale(): string {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/** Other languages' catalogues, each its own chunk, fetched only by shoppers who read it. */
const catalogues = import.meta.glob<unknown>('../locales/*.json', { import: 'default' });

/** Catalogue loaders by file (`../locales/ml.json`), as `import.meta.glob` gives them. */
export type CatalogueLoaders = Record<string, () => Promise<unknown>>;

const loaderFor = (loaders: CatalogueLoaders, locale: string) =>
  Object.entries(loaders).find(([file]) => file.endsWith(`/${locale}.json`))?.[1];

/**
 * Switches the interface to `locale`, its catalogue downloaded first (English is built in), and
 * marks the document as written in it.
 */
export async function activateLocale(locale: string, loaders: CatalogueLoaders = catalogues): Promise<void> {
  chosenLocale = locale;
  if (locale !== 'en') {
    const load = loaderFor(loaders, locale);
    if (!load) throw new Error(`The shop has no ${locale} catalogue`);
    i18n.load(locale, (await load()) as Messages);
  }
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The language being switched to, set before its catalogue has arrived: a screen's sections
 * asked for meanwhile (its code can arrive first) come in that language, not the one still
 * active.
 */
let chosenLocale = 'en';

/** Sections asked for and not yet arrived (see `messageSectionsLoaded`). */
const pendingSections = new Set<Promise<void>>();

/**
 * Adds a section of the catalogues that the first download leaves out (`?section=x`, imported by
 * the lazy screens that use it, so it arrives with them): English at once, and the active
 * language's as it arrives. The router waits for it before showing the screen
 * (`messageSectionsLoaded`), so the screen never shows a word of English first. (Not a top-level
 * await in the section's module: that costs the build its entry chunk.)
 */
export function loadMessageSections(english: unknown, loaders: CatalogueLoaders): void {
  i18n.load('en', english as Messages);
  const locale = chosenLocale;
  const load = loaderFor(loaders, locale);
  if (locale === 'en' || !load) return;
  const loading = load().then((messages) => i18n.load(locale, messages as Messages));
  pendingSections.add(loading);
  void loading.catch(() => undefined).finally(() => pendingSections.delete(loading));
}

/** Resolves when every section asked for so far has arrived (a failed one is left in English). */
export async function messageSectionsLoaded(): Promise<void> {
  await Promise.all([...pendingSections].map((loading) => loading.catch(() => undefined)));
}
