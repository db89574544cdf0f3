// One product with its variants and live stock: the product page, and the pack-size chooser of a
// product card (shared, so a card opened after its page, or the other way round, asks once).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProductDetail } from '@/types/api';

export const getProduct = (slug: string, signal?: AbortSignal) =>
  api<ProductDetail>(`/api/products/${encodeURIComponent(slug)}`, { signal });

export const productQuery = (slug: string) =>
  queryOptions({ queryKey: ['products', slug], queryFn: ({ signal }) => getProduct(slug, signal) });

export const useProduct = (slug: string) => useQuery(productQuery(slug));
