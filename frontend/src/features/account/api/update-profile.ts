import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQuery } from '@/lib/queries/user';
import type { ProfileBody, UserEnvelope } from '@/types/api';

/** `email` only when it changes, and then `current_password` too. */
export const updateProfile = (input: ProfileBody) => api<UserEnvelope>('/api/user', { method: 'PUT', body: input });

/** PUT /api/user; the answer is the session's user from then on. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => queryClient.setQueryData(userQuery.queryKey, user) });
}
