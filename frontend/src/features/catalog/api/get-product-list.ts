import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fromPaged, nextPageParam, PER_PAGE } from '@/lib/paging';
import type { ProductPage } from '@/types/api';

export type ProductListOwner = 'categories' | 'brands';

export const getProductList = (owner: ProductListOwner, slug: string, page: number, signal?: AbortSignal) =>
  api<ProductPage>(`/api/${owner}/${encodeURIComponent(slug)}/products`, { query: { page, per_page: PER_PAGE }, signal }).then(fromPaged);

/** The products of a category (with its sub-categories') or of a brand, page by page. */
export const productListQuery = (owner: ProductListOwner, slug: string) =>
  infiniteQueryOptions({
    queryKey: [owner, slug, 'products'],
    queryFn: ({ pageParam, signal }) => getProductList(owner, slug, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useProductList = (owner: ProductListOwner, slug: string) => useInfiniteQuery(productListQuery(owner, slug));
