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

/** `t`, and a re-render of the caller whenever the language changes. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, () => i18n.locale);
  return t;
}

export function useLocale(): string {
  return useSyncExternalStore(subscribe, () => i18n.locale);
}

/**
 * Adds a section of a catalogue that the first download leaves out (`@/locales/en.json?section=x`,
 * imported by the lazy screens that use it, so it arrives with them).
 */
export function loadMessageSection(locale: string, messages: unknown): void {
  i18n.load(locale, messages as Messages);
}

/** Loads a language's catalogue (a separate chunk) and switches the interface to it. */
export async function activateLocale(locale: string, load: () => Promise<{ default: unknown }>): Promise<void> {
  const catalogue = await load();
  i18n.load(locale, catalogue.default as Messages);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}
