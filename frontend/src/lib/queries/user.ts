import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, mayHaveSession } from '@/lib/api-client';
import type { User } from '@/types/api';

/** The current user, or null when signed out. A failure (401 or otherwise) means signed out. */
export async function getUser(signal?: AbortSignal): Promise<User | null> {
  if (!mayHaveSession()) return null;
  try {
    return await api<User>('/api/user', { signal });
  } catch (error) {
    console.warn('Could not load the current user', error);
    return null;
  }
}

export const userQuery = queryOptions({
  queryKey: ['user'],
  queryFn: ({ signal }) => getUser(signal),
  staleTime: 5 * 60 * 1000,
  retry: false,
});

export const useUser = () => useQuery(userQuery);
