// A list that loads its next page as the shopper nears the end. States (spec section 4):
// loading, loaded, complete ("No more results!") and error ("Oops something went wrong!" + retry).
import { useEffect, useRef, type Key, type ReactNode } from 'react';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';

export type InfiniteListState = 'loading' | 'loaded' | 'complete' | 'error';

export interface InfiniteListProps<T> {
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  /** True while the first page loads. */
  isPending: boolean;
  /** True when the last request failed (first page or a later one). */
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Shown instead of the complete text when there is nothing at all. */
  emptyText: string;
  /** Accessible name of the list. */
  label: string;
  /** Placeholders shown while the first page loads, to hold the space. */
  placeholderCount?: number;
  className?: string;
}

export function infiniteListState(p: Pick<InfiniteListProps<unknown>, 'isPending' | 'isError' | 'hasNextPage' | 'isFetchingNextPage'>): InfiniteListState {
  if (p.isError) return 'error';
  if (p.isPending || p.isFetchingNextPage) return 'loading';
  return p.hasNextPage ? 'loaded' : 'complete';
}

/** The product card grid of every listing (also the crop page's groups, which are not paged). */
export const PRODUCT_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

export function InfiniteList<T>(props: InfiniteListProps<T>) {
  const { items, getKey, renderItem, hasNextPage, loadMore, retry, emptyText, label, placeholderCount = 8, className = PRODUCT_GRID } = props;
  const t = useT();
  const state = infiniteListState(props);
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = state === 'loaded';

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    }, { rootMargin: '0px 0px 800px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad, loadMore, items.length]);

  // The first load shows placeholders in their own elements: the list that replaces them is new to
  // the page, so nothing already shown moves (no layout shift).
  if (props.isPending) {
    return (
      <div data-state={state} key="pending">
        <ul className={className} aria-label={label} aria-busy="true">
          {Array.from({ length: placeholderCount }, (_, i) => (
            <li key={i} className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3" aria-hidden>
              <div className="aspect-square animate-pulse rounded-lg bg-stone-200 motion-reduce:animate-none" />
              <div className="h-36 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
            </li>
          ))}
        </ul>
        <p className="py-6 text-center text-stone-700" role="status">
          {t('list.loading')}
        </p>
      </div>
    );
  }

  return (
    <div data-state={state} key="list">
      {items.length > 0 ? (
        <ul className={className} aria-label={label}>
          {items.map((item, index) => (
            <li key={getKey(item)}>{renderItem(item, index)}</li>
          ))}
        </ul>
      ) : null}

      <div ref={sentinel} className="flex min-h-20 flex-col items-center justify-center gap-3 py-6 text-center" role="status">
        {state === 'loading' ? <p className="text-stone-700">{t('list.loading')}</p> : null}
        {state === 'loaded' ? (
          <button type="button" onClick={loadMore} className="btn-secondary">
            {t('list.loadMore')}
          </button>
        ) : null}
        {state === 'complete' ? <p className="text-stone-700">{items.length === 0 ? emptyText : t('list.complete')}</p> : null}
        {state === 'error' ? (
          <>
            <p className="font-medium text-red-800">{t('list.error')}</p>
            <button type="button" onClick={hasNextPage && items.length > 0 ? loadMore : retry} className="btn-secondary">
              <Icon name="arrow-path" className="size-5" />
              {t('list.retry')}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
