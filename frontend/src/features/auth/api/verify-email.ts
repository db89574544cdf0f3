import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQuery } from '@/lib/queries/user';
import type { MessageWithUser, VerifyEmailBody } from '@/types/api';

export const verifyEmail = (token: string) => api<MessageWithUser>('/api/email/verify', { method: 'POST', body: { token } satisfies VerifyEmailBody });

/**
 * POST /api/email/verify. The link may be opened in a browser signed in to another account, or to
 * none, so the answer's user is not taken as the session's: the session's user is asked for again.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: userQuery.queryKey }) });
}
