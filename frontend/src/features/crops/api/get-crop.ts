import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Crop } from '@/types/api';

export const getCrop = (slug: string, signal?: AbortSignal) => api<Crop>(`/api/crops/${encodeURIComponent(slug)}`, { signal });

/** The key the server's drawn page seeds (crates/pages/src/page/crop.rs), so the app takes it over without asking again. */
export const cropQuery = (slug: string) => queryOptions({ queryKey: ['crops', slug], queryFn: ({ signal }) => getCrop(slug, signal) });

export const useCrop = (slug: string) => useQuery(cropQuery(slug));
