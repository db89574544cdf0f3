import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedIn } from '@/lib/queries/user';
import type { User } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
  /** The shopper's wish to stay signed in; the server keeps every session for its fixed lifetime. */
  remember: boolean;
}

export const login = (input: LoginInput) => api<{ user: User }>('/api/login', { method: 'POST', body: input });

/** POST /api/login; the answer's user becomes the session's. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: ({ user }) => setSignedIn(queryClient, user) });
}
