import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StateOption } from '@/types/orders';

export const getStates = (signal?: AbortSignal) => api<StateOption[]>('/api/states', { signal });

/** India's states and union territories with their GST codes: fixed, so fetched once. */
export const statesQuery = queryOptions({
  queryKey: ['states'],
  queryFn: ({ signal }) => getStates(signal),
  staleTime: Infinity,
});

export const useStates = () => useQuery(statesQuery);
