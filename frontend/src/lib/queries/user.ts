import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, mayHaveSession } from '@/lib/api-client';
import type { User } from '@/types/api';
import { forgetSavedCart } from '@/lib/saved-cart';

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

/** The cart's query key (features/cart): a cart belongs to its session, so it changes hands with it. */
const CART_KEY = ['cart'];
/** Queries of what belongs to an account (features/orders, features/checkout): never shown to another. */
const ACCOUNT_KEYS = [['orders'], ['addresses']];

function forgetAccountData(queryClient: QueryClient): void {
  for (const queryKey of ACCOUNT_KEYS) queryClient.removeQueries({ queryKey });
}

/** Login or registration answered this user: the session is theirs, their cart now holds the anonymous one. */
export function setSignedIn(queryClient: QueryClient, user: User): void {
  forgetAccountData(queryClient);
  queryClient.setQueryData(userQuery.queryKey, user);
  void queryClient.invalidateQueries({ queryKey: CART_KEY });
}

/** The session ended: nobody is signed in, and the cart and account data of the session are gone. */
export function setSignedOut(queryClient: QueryClient): void {
  forgetAccountData(queryClient);
  queryClient.setQueryData(userQuery.queryKey, null);
  void queryClient.resetQueries({ queryKey: CART_KEY });
  forgetSavedCart();
}
