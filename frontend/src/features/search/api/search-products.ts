import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { choiceParams, choiceQuery, listKey, NO_CHOICE, type ListChoice } from '@/lib/list-filters';
import { PER_PAGE, nextPageParam, type Page } from '@/lib/paging';
import type { ProductCard, SearchFacets } from '@/types/api';

/** The search answers an array and puts the full count in X-Total-Count. */
export async function searchProducts(term: string, page: number, perPage: number, signal?: AbortSignal, choice: ListChoice = NO_CHOICE): Promise<Page<ProductCard>> {
  const query = { search: term, page, per_page: perPage, ...choiceParams(choice) };
  const { data, headers } = await apiRequest<ProductCard[]>('/api/search', { query, signal });
  const header = Number(headers.get('X-Total-Count'));
  const total = Number.isFinite(header) && headers.has('X-Total-Count') ? header : (page - 1) * perPage + data.length;
  return { items: data, total, page, hasMore: page * perPage < total && data.length > 0 };
}

/** What the overlay shows. */
export const SEARCH_PREVIEW_SIZE = 3;

export const searchPreviewQuery = (term: string) =>
  queryOptions({
    queryKey: ['search', 'preview', term],
    queryFn: ({ signal }) => searchProducts(term, 1, SEARCH_PREVIEW_SIZE, signal),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });

export const useSearchPreview = (term: string) => useQuery(searchPreviewQuery(term));

/** The results page's list, filtered and ordered: keyed as the server's drawn page seeds it (crates/pages/src/page/search.rs). */
export const searchResultsQuery = (term: string, choice: ListChoice = NO_CHOICE) =>
  infiniteQueryOptions({
    queryKey: listKey(['search', 'results', term], choice),
    queryFn: ({ pageParam, signal }) => searchProducts(term, pageParam, PER_PAGE, signal, choice),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    placeholderData: keepPreviousData,
  });

export const useSearchResults = (term: string, choice?: ListChoice) => useInfiniteQuery(searchResultsQuery(term, choice));

/** A search's filter options and counts (the search's answer is a bare array, so they come apart). */
export const searchFacetsQuery = (term: string, choice: ListChoice) =>
  queryOptions({
    queryKey: ['search', 'facets', term, choiceQuery(choice)],
    queryFn: ({ signal }) => api<SearchFacets>('/api/search/facets', { query: { search: term, ...choiceParams(choice) }, signal }),
    placeholderData: keepPreviousData,
  });

export const useSearchFacets = (term: string, choice: ListChoice) => useQuery(searchFacetsQuery(term, choice));
