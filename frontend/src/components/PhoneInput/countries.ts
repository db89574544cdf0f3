// The phone input's country list: every region libphonenumber-js has metadata for (about 240
// countries and territories), named in the interface's language by Intl.DisplayNames, with their
// flags as pictures (see flags.ts) and, where shoppers know a country by another name, aliases to
// search by.
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { flagUrl } from '@/components/PhoneInput/flags';

export interface CountryOption {
  name: string;
  /** The address of the flag's picture (SVG); undefined for a region without one. */
  flag: string | undefined;
  /** ISO 3166-1 alpha-2. */
  code: CountryCode;
  /** The international calling code with its plus (`+91`). */
  dial_code: string;
  /** Other names the country is searched by. */
  searchTerm?: string;
}

export const DEFAULT_COUNTRY: CountryCode = 'IN';

/** Names shoppers may type that the official short name does not contain. */
const ALIASES: Partial<Record<CountryCode, string>> = {
  AE: 'UAE Emirates Dubai Abu Dhabi Sharjah',
  BN: 'Brunei Darussalam',
  BO: 'Bolivia',
  CD: 'DRC DR Congo Democratic Republic of the Congo Zaire Kinshasa',
  CG: 'Republic of the Congo Brazzaville',
  CI: 'Ivory Coast Cote d’Ivoire',
  CN: 'PRC China',
  CV: 'Cape Verde',
  CZ: 'Czech Republic',
  DE: 'Deutschland',
  FM: 'Micronesia',
  GB: 'UK Britain England Great Britain Scotland Wales Northern Ireland',
  HK: 'Hong Kong',
  IN: 'Bharat Hindustan',
  IR: 'Persia',
  KP: 'North Korea DPRK',
  KR: 'South Korea Republic of Korea',
  LA: 'Laos',
  LK: 'Ceylon',
  MK: 'Macedonia',
  MM: 'Burma',
  MO: 'Macau Macao',
  NL: 'Holland',
  PS: 'Palestine',
  RU: 'Russian Federation',
  SA: 'KSA Saudi',
  SZ: 'Swaziland',
  TL: 'East Timor',
  TR: 'Turkey',
  TW: 'Taiwan ROC',
  US: 'USA America US United States of America',
  VA: 'Holy See Vatican',
  VN: 'Vietnam Viet Nam',
};

const lists = new Map<string, CountryOption[]>();

/** Every country, by name in the locale's order; made once per locale. */
export function countryOptions(locale: string): CountryOption[] {
  let list = lists.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    list = getCountries()
      .map((code): CountryOption => {
        const option: CountryOption = { name: names.of(code) ?? code, flag: flagUrl(code), code, dial_code: `+${getCountryCallingCode(code)}` };
        const alias = ALIASES[code];
        return alias ? { ...option, searchTerm: alias } : option;
      })
      .sort((a, b) => collator.compare(a.name, b.name));
    lists.set(locale, list);
  }
  return list;
}

/** Lower case, without accents and punctuation, with "&" spelt out. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .trim();
}

/** What a country is found by: its name (also with "St." as "Saint") and its aliases. */
const searchText = new WeakMap<CountryOption, { names: string[]; alias: string }>();

function searchable(option: CountryOption) {
  let text = searchText.get(option);
  if (!text) {
    const name = normalise(option.name);
    text = { names: [name, name.replace(/\bst\b/g, 'saint')], alias: normalise(option.searchTerm ?? '') };
    searchText.set(option, text);
  }
  return text;
}

/**
 * The countries whose name or searchTerm contains the query (or whose calling code starts with
 * it). Better matches come first: an alias or name that is the query itself ("UK" finds the United
 * Kingdom before Ukraine), then names beginning with it, then the rest in list order.
 */
export function filterCountries(options: readonly CountryOption[], query: string): CountryOption[] {
  const wanted = normalise(query);
  if (wanted === '') return [...options];
  const digits = wanted.replace(/^\+/, '');
  const ranked: { option: CountryOption; rank: number }[] = [];
  for (const option of options) {
    const { names, alias } = searchable(option);
    let rank: number;
    if (names.includes(wanted) || ` ${alias} `.includes(` ${wanted} `)) rank = 0;
    else if (names.some((name) => name.startsWith(wanted)) || alias.startsWith(wanted)) rank = 1;
    else if (names.some((name) => name.includes(wanted)) || alias.includes(wanted)) rank = 2;
    else if (/^\d+$/.test(digits) && option.dial_code.slice(1).startsWith(digits)) rank = 3;
    else continue;
    ranked.push({ option, rank });
  }
  // Array.prototype.sort is stable: equal ranks keep the list's order.
  return ranked.sort((a, b) => a.rank - b.rank).map(({ option }) => option);
}
