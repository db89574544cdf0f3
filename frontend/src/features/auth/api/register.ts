import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedIn } from '@/lib/queries/user';
import type { RegisterBody, UserEnvelope } from '@/types/api';

export const register = (input: RegisterBody) => api<UserEnvelope>('/api/register', { method: 'POST', body: input });

/** POST /api/register: the new account is signed in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: ({ user }) => setSignedIn(queryClient, user) });
}
