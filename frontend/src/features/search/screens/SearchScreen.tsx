import { useState } from 'react';
import '@/features/search/messages';
import { useHref, useNavigate } from 'react-router';
import { InfiniteList } from '@/components/InfiniteList';
import { ProductCard } from '@/components/ProductCard';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useInfiniteListProps } from '@/lib/paging';
import { ListFilters } from '@/components/ListFilters/ListFilters';
import { useListChoice } from '@/components/ListFilters/use-list-choice';
import { useSearchFacets, useSearchResults } from '@/features/search/api/search-products';
import { paths } from '@/lib/paths';

/** /search?search=term; an empty term lists every product. */
export function SearchScreen({ term }: { term: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(term);
  const searchAction = useHref(paths.search.path);
  const { choice, hrefFor, choose } = useListChoice();
  const list = useInfiniteListProps(useSearchResults(term, choice));
  const facets = useSearchFacets(term, choice);
  const title = term ? t('searchPage.titleFor', { term }) : t('searchPage.titleAll');
  useDocumentTitle(title);

  return (
    <div className="container-page py-4">
      <header className="mb-6 border-b border-stone-200 pb-6">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 min-h-6 text-stone-700">{list.total !== undefined ? t('searchPage.count', { count: list.total }) : ''}</p>
        <form
          role="search"
          // Before the app's code has come, a plain GET the server draws (`?search=`).
          method="get"
          action={searchAction}
          className="mt-4 flex max-w-xl gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const next = draft.trim();
            void navigate(paths.search.getHref(next));
          }}
        >
          <label htmlFor="search-page-input" className="sr-only">
            {t('search.label')}
          </label>
          <input
            id="search-page-input"
            name="search"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('search.placeholder')}
            enterKeyHint="search"
            className="h-12 min-w-0 flex-1 rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 placeholder:text-stone-600"
          />
          <button type="submit" className="btn-primary">
            {t('searchPage.submit')}
          </button>
        </form>
      </header>
      <h2 className="sr-only">{t('search.results')}</h2>
      <ListFilters facets={facets.data?.facets} total={list.total} choice={choice} hrefFor={hrefFor} choose={choose} relevance="best" counted={false}>
        <InfiniteList
          {...list}
          label={t('search.results')}
          emptyText={t('search.noResults', { term })}
          getKey={(product) => product.id}
          renderItem={(product, index) => <ProductCard product={product} eager={index < 4} />}
        />
      </ListFilters>
    </div>
  );
}
