import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Brand } from '@/types/api';

export const getBrand = (slug: string, signal?: AbortSignal) => api<Brand>(`/api/brands/${encodeURIComponent(slug)}`, { signal });

export const brandQuery = (slug: string) => queryOptions({ queryKey: ['brands', slug], queryFn: ({ signal }) => getBrand(slug, signal) });

export const useBrand = (slug: string) => useQuery(brandQuery(slug));
