import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedIn } from '@/lib/queries/user';
import type { RegisterBody, UserEnvelope } from '@/types/api';

/** A name and a mobile number; an e-mail address and a password only when the shopper gives them. */
export const register = (input: RegisterBody) => api<UserEnvelope>('/api/register', { method: 'POST', body: input });

/** POST /api/register: the new account is signed in at once, and a code is sent to its number. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: ({ user }) => setSignedIn(queryClient, user) });
}
