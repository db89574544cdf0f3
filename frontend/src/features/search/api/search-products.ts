import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PER_PAGE, nextPageParam, type Page } from '@/lib/paging';
import type { ProductCard } from '@/types/api';

/** The search answers an array and puts the full count in X-Total-Count. */
export async function searchProducts(term: string, page: number, perPage: number, signal?: AbortSignal): Promise<Page<ProductCard>> {
  const { data, headers } = await apiRequest<ProductCard[]>('/api/search', { query: { search: term, page, per_page: perPage }, signal });
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

export const searchResultsQuery = (term: string) =>
  infiniteQueryOptions({
    queryKey: ['search', 'results', term],
    queryFn: ({ pageParam, signal }) => searchProducts(term, pageParam, PER_PAGE, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useSearchResults = (term: string) => useInfiniteQuery(searchResultsQuery(term));
