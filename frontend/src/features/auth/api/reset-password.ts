import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQuery } from '@/lib/queries/user';
import type { Message, ResetPasswordBody } from '@/types/api';

export const resetPassword = (input: ResetPasswordBody) => api<Message>('/api/reset-password', { method: 'POST', body: input });

/**
 * POST /api/reset-password. A reset ends every session of the account, this browser's too when it
 * was signed in to it: the user is asked for again before the mutation counts as done.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: userQuery.queryKey }) });
}
