import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedIn } from '@/lib/queries/user';
import type { LoginBody, UserEnvelope } from '@/types/api';

/** `remember` is the shopper's wish to stay signed in; the server keeps every session for its fixed lifetime. */
export const login = (input: LoginBody) => api<UserEnvelope>('/api/login', { method: 'POST', body: input });

/** POST /api/login; the answer's user becomes the session's. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: ({ user }) => setSignedIn(queryClient, user) });
}
