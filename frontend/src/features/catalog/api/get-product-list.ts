import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { choiceParams, listKey, NO_CHOICE, type ListChoice } from '@/lib/list-filters';
import { fromPaged, nextPageParam, PER_PAGE } from '@/lib/paging';
import type { ProductPage } from '@/types/api';

export type ProductListOwner = 'categories' | 'brands';

export const getProductList = (owner: ProductListOwner, slug: string, choice: ListChoice, page: number, signal?: AbortSignal) =>
  api<ProductPage>(`/api/${owner}/${encodeURIComponent(slug)}/products`, { query: { page, per_page: PER_PAGE, ...choiceParams(choice) }, signal }).then(fromPaged);

/**
 * The products of a category (with its sub-categories') or of a brand, page by page, filtered and
 * ordered by `choice`: keyed as the server's drawn page seeds it (crates/pages/src/page/category.rs).
 * Another choice of the same list keeps it shown until its own answer comes (another list does not).
 */
export const productListQuery = (owner: ProductListOwner, slug: string, choice: ListChoice = NO_CHOICE) =>
  infiniteQueryOptions({
    queryKey: listKey([owner, slug, 'products'], choice),
    queryFn: ({ pageParam, signal }) => getProductList(owner, slug, choice, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === slug ? previous : undefined),
  });

export const useProductList = (owner: ProductListOwner, slug: string, choice?: ListChoice) => useInfiniteQuery(productListQuery(owner, slug, choice));
