// A product list's filter bar: each option a link to the list with it ticked or unticked (so it
// works before the app has come, the server drawing that address), with how many products it would
// show; and the order. On a phone the options open from a Filters button above the list; from
// 1024 px they stand in a column beside it.
import './messages';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNumber, useT, type MessageId } from '@/lib/i18n';
import { formatRupeesShort } from '@/lib/money';
import { filterCount, NO_CHOICE, SORTS, toggled, type FilterKind, type ListChoice } from '@/lib/list-filters';
import type { FacetOption, Facets, ListSort, PriceFacet } from '@/types/api';

const SORT_LABELS: Record<Exclude<ListSort, 'relevance'>, MessageId> = {
  'price-asc': 'filters.sort.priceAsc',
  'price-desc': 'filters.sort.priceDesc',
  newest: 'filters.sort.newest',
};

export interface ListFiltersProps {
  facets: Facets | undefined;
  choice: ListChoice;
  hrefFor: (choice: ListChoice) => string;
  choose: (choice: ListChoice) => void;
  /** How many products the list shows with this choice. */
  total: number | undefined;
  /** What the list's own order is called: a search's best match, or a list's name order. */
  relevance: 'best' | 'name';
  /** Whether the dealers are a choice (not on a dealer's own page). */
  brands?: boolean;
  /** Whether the bar says how many products there are (a search's heading says it already). */
  counted?: boolean;
  /** The list. */
  children: ReactNode;
}

export function ListFilters({ facets, choice, hrefFor, choose, total, relevance, brands = true, counted = true, children }: ListFiltersProps) {
  const t = useT();
  const sheet = useRef<HTMLDetailsElement>(null);
  const ticked = filterCount(choice);
  const shown = facets && !brands ? { ...facets, brands: [] } : facets;
  const groups = shown ? <FilterGroups facets={shown} choice={choice} hrefFor={hrefFor} /> : null;
  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
      <aside aria-label={t('filters.title')} className="hidden lg:block">
        <h2 className="mb-3 text-lg font-semibold text-stone-900">{t('filters.title')}</h2>
        {groups}
      </aside>
      <div className="min-w-0">
        <div className="relative mb-4 flex flex-wrap items-center justify-between gap-2">
          <details ref={sheet} className="lg:hidden" data-testid="filters-sheet">
            <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">{t('filters.open', { count: ticked })}</summary>
            <div
              role="group"
              aria-label={t('filters.title')}
              className="absolute inset-x-0 top-full z-20 mt-2 max-h-[70dvh] overflow-y-auto rounded-xl border border-stone-200 bg-white p-4 shadow-xl"
            >
              {groups}
              {total !== undefined ? (
                <button type="button" className="btn-primary mt-4 w-full" onClick={() => sheet.current?.removeAttribute('open')}>
                  {t('filters.show', { count: total })}
                </button>
              ) : null}
            </div>
          </details>
          {counted ? (
            <p className="hidden text-stone-700 lg:block" aria-live="polite">
              {total !== undefined ? t('filters.count', { count: total }) : ''}
            </p>
          ) : null}
          <SortChoice choice={choice} choose={choose} hrefFor={hrefFor} relevance={relevance} />
        </div>
        {children}
      </div>
    </div>
  );
}

function SortChoice({ choice, choose, hrefFor, relevance }: Pick<ListFiltersProps, 'choice' | 'choose' | 'hrefFor' | 'relevance'>) {
  const t = useT();
  const label = (sort: ListSort) => (sort === 'relevance' ? t(relevance === 'best' ? 'filters.sort.relevance' : 'filters.sort.name') : t(SORT_LABELS[sort]));
  // Before the app has come a plain GET of the same address with the choice (the server draws it).
  const kept = new URLSearchParams(hrefFor({ ...choice, sort: 'relevance' }).split('?')[1] ?? '');
  return (
    <form method="get" className="flex w-full flex-wrap items-center gap-2 sm:w-auto" onSubmit={(event) => event.preventDefault()}>
      {[...kept.entries()].map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="list-sort" className="text-sm font-medium whitespace-nowrap text-stone-800">
        {t('filters.sort')}
      </label>
      <select
        id="list-sort"
        name="sort"
        value={choice.sort}
        onChange={(event) => choose({ ...choice, sort: event.target.value as ListSort })}
        className="h-11 min-w-0 flex-1 rounded-lg border border-stone-400 bg-white px-2 text-base text-stone-900 sm:flex-none"
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {label(sort)}
          </option>
        ))}
      </select>
      <noscript className="basis-full sm:basis-auto">
        <button type="submit" className="btn-secondary w-full whitespace-nowrap">
          {t('filters.sortSubmit')}
        </button>
      </noscript>
    </form>
  );
}

function FilterGroups({ facets, choice, hrefFor }: { facets: Facets; choice: ListChoice; hrefFor: ListFiltersProps['hrefFor'] }) {
  const t = useT();
  const price = (band: PriceFacet) => {
    const min = formatRupeesShort(band.min * 100);
    if (band.max === null) return t('filters.priceOver', { min });
    const max = formatRupeesShort(band.max * 100);
    return band.min === 0 ? t('filters.priceUnder', { max }) : t('filters.priceBetween', { min, max });
  };
  const option = (kind: FilterKind) => (o: FacetOption | PriceFacet, name: string) => (
    <Option key={o.slug} href={hrefFor(toggled(choice, kind, o.slug))} name={name} count={o.count} selected={o.selected} />
  );
  const brand = option('brands');
  const crop = option('crops');
  const band = option('prices');
  return (
    <div className="space-y-5">
      {filterCount(choice) > 0 ? (
        <Link to={hrefFor({ ...NO_CHOICE, sort: choice.sort })} preventScrollReset className="block text-sm font-medium text-green-800 underline">
          {t('filters.clear')}
        </Link>
      ) : null}
      <Group title={t('filters.stock')}>
        <Option
          href={hrefFor({ ...choice, inStock: !choice.inStock })}
          name={t('filters.inStock')}
          count={facets.in_stock.count}
          selected={facets.in_stock.selected}
        />
      </Group>
      {facets.brands.length > 0 ? <Group title={t('filters.brand')}>{facets.brands.map((o) => brand(o, o.name))}</Group> : null}
      {facets.crops.length > 0 ? <Group title={t('filters.crop')}>{facets.crops.map((o) => crop(o, o.name))}</Group> : null}
      {facets.prices.length > 0 ? <Group title={t('filters.price')}>{facets.prices.map((o) => band(o, price(o)))}</Group> : null}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 text-sm font-semibold tracking-wide text-stone-600 uppercase">{title}</h3>
      <ul>{children}</ul>
    </section>
  );
}

function Option({ href, name, count, selected }: { href: string; name: string; count: number; selected: boolean }) {
  return (
    <li>
      <Link
        to={href}
        preventScrollReset
        aria-current={selected ? 'true' : undefined}
        className="flex min-h-11 items-center gap-2 rounded-md px-2 text-stone-800 hover:bg-green-50 aria-[current]:font-semibold aria-[current]:text-green-900"
      >
        <span
          aria-hidden="true"
          className={`inline-flex size-5 shrink-0 items-center justify-center rounded border text-xs ${selected ? 'border-green-800 bg-green-800 text-white' : 'border-stone-400 bg-white'}`}
        >
          {selected ? '✓' : ''}
        </span>
        <span className="min-w-0 flex-1">{name}</span>
        <span className="text-sm text-stone-600" data-count>
          {formatNumber(count)}
        </span>
      </Link>
    </li>
  );
}
