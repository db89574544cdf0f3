import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedOut } from '@/lib/queries/user';

export const logout = () => api<void>('/api/logout', { method: 'POST' });

/**
 * POST /api/logout. Whatever the answer, this browser forgets the user and the session's cart: a
 * failure is only logged (spec section 8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('Could not sign out on the server', error),
    onSettled: () => setSignedOut(queryClient),
  });
}
