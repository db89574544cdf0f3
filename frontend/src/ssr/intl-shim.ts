// QuickJS has no Intl. The server renders with this small one instead: exactly the formats the shop's
// public pages use (numbers in Indian grouping, a year, plural categories), in the shop's three
// languages, each checked against a browser's Intl (intl-shim.test.ts). Rupees do not come here: the
// app writes them itself (lib/money.ts). Anything else throws, so a page that needs more falls back
// to the app shell (logged) rather than showing a wrong format.

import { groupIndian } from '@/lib/indian-grouping';

type NumberOptions = Intl.NumberFormatOptions;
const LANGUAGES = ['en', 'ml', 'ta'];

function languageOf(locales?: string | readonly string[]): string {
  const first = (Array.isArray(locales) ? locales[0] : locales) ?? 'en-IN';
  const language = String(first).split('-')[0] ?? 'en';
  if (!LANGUAGES.includes(language)) throw new RangeError(`The server's Intl has no ${first}`);
  return language;
}

/** A decimal string rounded half away from zero (half-expand, Intl's default) to `places`. */
function roundDecimal(integer: string, fraction: string, places: number): [string, string] {
  if (fraction.length <= places) return [integer, fraction];
  const kept = fraction.slice(0, places);
  const roundUp = Number(fraction[places]) >= 5;
  if (!roundUp) return [integer, kept];
  const digits = (integer + kept).split('').map(Number);
  let i = digits.length - 1;
  while (i >= 0) {
    if (digits[i] === 9) {
      digits[i] = 0;
      i -= 1;
    } else {
      digits[i] = (digits[i] ?? 0) + 1;
      break;
    }
  }
  let all = digits.join('');
  if (i < 0) all = `1${all}`;
  return [all.slice(0, all.length - places) || '0', all.slice(all.length - places)];
}

class NumberFormat {
  private readonly minFraction: number;
  private readonly maxFraction: number;

  constructor(locales?: string | readonly string[], options: NumberOptions = {}) {
    languageOf(locales);
    const known = ['style', 'minimumFractionDigits', 'maximumFractionDigits'];
    for (const key of Object.keys(options)) {
      if (!known.includes(key)) throw new RangeError(`The server's Intl.NumberFormat has no option ${key}`);
    }
    if (options.style && options.style !== 'decimal') throw new RangeError(`No style ${options.style}`);
    this.minFraction = options.minimumFractionDigits ?? 0;
    this.maxFraction = options.maximumFractionDigits ?? Math.max(3, this.minFraction);
  }

  format(value: number | bigint | string): string {
    let text = typeof value === 'string' ? value.trim() : typeof value === 'bigint' ? value.toString() : plainDecimal(value);
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`The server's Intl cannot format ${text}`);
    const negative = text.startsWith('-');
    if (negative) text = text.slice(1);
    const [integerPart = '0', fractionPart = ''] = text.split('.');
    const [integer, rounded] = roundDecimal(integerPart.replace(/^0+(?=\d)/, ''), fractionPart, this.maxFraction);
    let fraction = rounded.replace(/0+$/, '');
    while (fraction.length < this.minFraction) fraction += '0';
    return `${negative ? '-' : ''}${groupIndian(integer)}${fraction ? `.${fraction}` : ''}`;
  }

  resolvedOptions() {
    return { locale: 'en-IN', minimumFractionDigits: this.minFraction, maximumFractionDigits: this.maxFraction };
  }
}

/** A finite number without exponent notation. */
function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`The server's Intl cannot format ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

class DateTimeFormat {
  constructor(locales?: string | readonly string[], options: Intl.DateTimeFormatOptions = {}) {
    languageOf(locales);
    const keys = Object.keys(options);
    if (keys.length !== 1 || options.year !== 'numeric') throw new RangeError(`The server's Intl.DateTimeFormat shows a year only`);
  }

  format(date: Date | number = Date.now()): string {
    return String(new Date(date).getFullYear());
  }
}

class PluralRules {
  constructor(locales?: string | readonly string[], options: Intl.PluralRulesOptions = {}) {
    languageOf(locales);
    if (options.type && options.type !== 'cardinal') throw new RangeError(`The server's Intl.PluralRules has no ${options.type}`);
  }

  /** English, Malayalam and Tamil: "one" for exactly 1 (English: an integer 1), else "other". */
  select(value: number): Intl.LDMLPluralRule {
    return value === 1 ? 'one' : 'other';
  }

  resolvedOptions() {
    return { pluralCategories: ['one', 'other'] };
  }
}

export const serverIntl = { NumberFormat, DateTimeFormat, PluralRules };
