// The catalogue as the phone desk searches it: the shop's own search (the same words farmers
// type) and a product's pack sizes with their prices and stock.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productQuery } from '@/lib/queries/product';
import type { ProductCard } from '@/types/api';

/** The best few products for the words typed (none asked for fewer than 2 letters). */
export const useProductSearch = (words: string) =>
  useQuery({
    queryKey: ['orders-desk', 'product-search', words],
    queryFn: ({ signal }) => api<ProductCard[]>('/api/search', { signal, query: { search: words, per_page: '8' } }),
    enabled: words.length >= 2,
    placeholderData: keepPreviousData,
  });

/** One product with its pack sizes (none asked while `slug` is empty). */
export const usePacks = (slug: string) => useQuery({ ...productQuery(slug), enabled: slug !== '' });
