import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Category } from '@/types/api';

export const getCategory = (slug: string, signal?: AbortSignal) =>
  api<Category>(`/api/categories/${encodeURIComponent(slug)}`, { signal });

export const categoryQuery = (slug: string) =>
  queryOptions({ queryKey: ['categories', slug], queryFn: ({ signal }) => getCategory(slug, signal) });

export const useCategory = (slug: string) => useQuery(categoryQuery(slug));
