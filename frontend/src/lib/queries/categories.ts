import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CategoryTreeItem } from '@/types/api';

export const getCategoryTree = (signal?: AbortSignal) => api<CategoryTreeItem[]>('/api/categories', { signal });

export const categoryTreeQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => getCategoryTree(signal),
  staleTime: 10 * 60 * 1000,
});

export const useCategoryTree = () => useQuery(categoryTreeQuery);
