// A product list's filters and order in its address (`?brand=a,b&crop=c&price=under-200&sort=price-asc&stock=in`):
// read from the URL, written back to it, and spelled one way. The server spells a filtered page's
// query the same way (crates/catalog/src/list_filter.rs, `ListFilter::query`) and seeds the page's
// first data under that spelling, so the key made here finds it and nothing is asked again.
import type { ListSort, PriceBand } from '@/types/api';

export const PRICE_BANDS: readonly PriceBand[] = ['under-200', '200-500', '500-1000', 'over-1000'];
export const SORTS: readonly ListSort[] = ['relevance', 'price-asc', 'price-desc', 'newest'];

/** The parameters a list's filters and order take; a filter change clears them all and writes its own. */
const FILTER_PARAMS = ['brand', 'crop', 'price', 'stock', 'sort'] as const;

export interface ListChoice {
  brands: string[];
  crops: string[];
  prices: PriceBand[];
  inStock: boolean;
  sort: ListSort;
}

export const NO_CHOICE: ListChoice = { brands: [], crops: [], prices: [], inStock: false, sort: 'relevance' };

const SLUG = /^[a-z0-9-]{1,120}$/;

/** Comma-separated values (a repeated parameter adds to the first), each once, in order. */
function values(params: URLSearchParams, key: string): string[] {
  const all = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(all)];
}

const bySlug = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The choice an address makes; values the shop cannot have are dropped (as the server drops them). */
export function readChoice(params: URLSearchParams, { crops = true }: { crops?: boolean } = {}): ListChoice {
  const sort = params.get('sort') ?? '';
  return {
    brands: values(params, 'brand').filter((slug) => SLUG.test(slug)).sort(bySlug),
    crops: crops ? values(params, 'crop').filter((slug) => SLUG.test(slug)).sort(bySlug) : [],
    prices: PRICE_BANDS.filter((band) => values(params, 'price').includes(band)),
    inStock: params.get('stock') === 'in',
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as ListSort) : 'relevance',
  };
}

/** The choice as query parameters, in the one order and spelling both sides use (commas unencoded). */
export function choiceQuery(choice: ListChoice): string {
  const parts: string[] = [];
  if (choice.brands.length > 0) parts.push(`brand=${choice.brands.join(',')}`);
  if (choice.crops.length > 0) parts.push(`crop=${choice.crops.join(',')}`);
  if (choice.prices.length > 0) parts.push(`price=${PRICE_BANDS.filter((band) => choice.prices.includes(band)).join(',')}`);
  if (choice.sort !== 'relevance') parts.push(`sort=${choice.sort}`);
  if (choice.inStock) parts.push('stock=in');
  return parts.join('&');
}

/** A list's react-query key: its own key, and the choice's spelling when there is one. */
export const listKey = <K extends readonly unknown[]>(key: K, choice: ListChoice): readonly unknown[] => {
  const query = choiceQuery(choice);
  return query ? [...key, query] : key;
};

/** The choice as the API's query parameters. */
export function choiceParams(choice: ListChoice): Record<string, string | undefined> {
  const query = new URLSearchParams(choiceQuery(choice));
  return Object.fromEntries(FILTER_PARAMS.map((key) => [key, query.get(key) ?? undefined]));
}

/** `search` (the address's current query) with the list's parameters replaced by `choice`'s; others stay. */
export function searchWith(search: URLSearchParams, choice: ListChoice): string {
  const kept = [...search.entries()].filter(([key]) => !(FILTER_PARAMS as readonly string[]).includes(key));
  const others = new URLSearchParams(kept).toString();
  const own = choiceQuery(choice);
  const query = [others, own].filter((part) => part !== '').join('&');
  return query ? `?${query}` : '';
}

export type FilterKind = 'brands' | 'crops' | 'prices';

/** The choice with one option ticked or unticked. */
export function toggled(choice: ListChoice, kind: FilterKind, value: string): ListChoice {
  const current = choice[kind] as string[];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return readChoice(new URLSearchParams(choiceQuery({ ...choice, [kind]: next })));
}

/** How many filters are ticked (the order is not a filter). */
export const filterCount = (choice: ListChoice): number =>
  choice.brands.length + choice.crops.length + choice.prices.length + (choice.inStock ? 1 : 0);
