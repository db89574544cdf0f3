import { useId, useRef, useState } from 'react';
import '@/features/search/messages';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '@/components/Dialog';
import { Icon } from '@/components/Icon';
import { Price } from '@/components/Price';
import { ProductImage } from '@/components/ProductImage';
import { productHref } from '@/components/ProductCard';
import { useDebouncedValue } from '@/lib/hooks';
import { useT } from '@/lib/i18n';
import { SEARCH_PREVIEW_SIZE, useSearchPreview } from '@/features/search/api/search-products';
import { paths } from '@/lib/paths';

/** The spec's search debounce. */
export const SEARCH_DEBOUNCE_MS = 600;

export function SearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} initialFocus={input} className="dialog-top">
      <SearchPanel titleId={titleId} inputRef={input} onClose={onClose} />
    </Dialog>
  );
}

interface SearchPanelProps {
  titleId: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onClose: () => void;
}

function SearchPanel({ titleId, inputRef, onClose }: SearchPanelProps) {
  const t = useT();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const query = useSearchPreview(debounced);
  const results = debounced && query.data ? query.data : null;
  const shown = results?.items.slice(0, SEARCH_PREVIEW_SIZE) ?? [];
  const total = results?.total ?? 0;

  return (
    <div className="container-page py-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {t('search.title')}
        </h2>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t('search.close')}>
          <Icon name="x-mark" />
        </button>
      </div>
      <form
        role="search"
        className="relative mt-3"
        onSubmit={(event) => {
          event.preventDefault();
          // The keyboard's search key: every result, on the results page.
          const wanted = term.trim();
          if (!wanted) return;
          onClose();
          void navigate(paths.search.getHref(wanted));
        }}
      >
        <label htmlFor={`${titleId}-input`} className="sr-only">
          {t('search.label')}
        </label>
        <Icon name="magnifying-glass" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500" />
        <input
          ref={inputRef}
          id={`${titleId}-input`}
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          className="h-12 w-full rounded-lg border border-stone-400 bg-white pr-3 pl-10 text-base text-stone-900 placeholder:text-stone-600"
        />
      </form>
      <div className="mt-4" aria-live="polite">
        {debounced && query.isError ? <p className="text-red-800">{t('search.error')}</p> : null}
        {debounced && query.isFetching && !results ? <p className="text-stone-700">{t('search.searching')}</p> : null}
        {results && total === 0 ? <p className="text-stone-800">{t('search.noResults', { term: debounced })}</p> : null}
        {shown.length > 0 ? (
          <>
            <ul className="grid gap-3 sm:grid-cols-3" aria-label={t('search.results')}>
              {shown.map((product) => (
                <li key={product.id}>
                  <Link to={productHref(product)} className="flex h-full gap-3 rounded-lg border border-stone-200 bg-white p-2 hover:border-green-700">
                    <ProductImage src={product.image_url} srcSet={product.image_srcset} sizes="(min-width: 640px) 96px, 80px" alt="" width={product.image_width} height={product.image_height} className="size-20 shrink-0 sm:size-24" />
                    <span className="flex min-w-0 flex-col gap-1">
                      <span className="line-clamp-3 text-sm font-semibold text-stone-900">{product.name}</span>
                      <span className="text-xs text-stone-700">{product.brand_name}</span>
                      <Price retail={product.retail_price} mrp={product.MRP} badge="whole" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="mt-4 flex justify-end">
              {total > SEARCH_PREVIEW_SIZE ? (
                <Link to={paths.search.getHref(debounced)} className="btn-primary">
                  {t('search.viewAll', { count: total })}
                </Link>
              ) : (
                <p className="text-sm font-medium text-stone-800">{t('search.total', { count: total })}</p>
              )}
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
