import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedIn } from '@/lib/queries/user';
import type { User } from '@/types/api';

export interface RegisterInput {
  name: string;
  email: string;
  /** E.164. */
  phone: string;
  password: string;
  password_confirmation: string;
}

export const register = (input: RegisterInput) => api<{ user: User }>('/api/register', { method: 'POST', body: input });

/** POST /api/register: the new account is signed in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: ({ user }) => setSignedIn(queryClient, user) });
}
