import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQuery } from '@/lib/queries/user';
import type { User } from '@/types/api';

export interface ProfileInput {
  name: string;
  /** E.164. */
  phone: string;
  /** Only when it changes; then `current_password` too. */
  email?: string;
  current_password?: string;
}

export const updateProfile = (input: ProfileInput) => api<{ user: User }>('/api/user', { method: 'PUT', body: input });

/** PUT /api/user; the answer is the session's user from then on. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => queryClient.setQueryData(userQuery.queryKey, user) });
}
