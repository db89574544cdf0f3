import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import { setSignedOut } from '@/lib/queries/user';
import type { EraseBody, Message } from '@/types/api';

/** GET /api/user/data: everything the shop holds about the shopper, as a JSON download. */
export const myDataUrl = () => apiUrl('/api/user/data');

/** POST /api/login/code-request: a sign-in code to the account's verified number, to confirm erasure. */
export const useSendErasureCode = () =>
  useMutation({ mutationFn: (phone: string) => api<Message>('/api/login/code-request', { method: 'POST', body: { phone } }) });

/** POST /api/user/erase: with the password or the code; the shopper is signed out after. */
export function useEraseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EraseBody) => api<Message>('/api/user/erase', { method: 'POST', body: input }),
    onSuccess: () => setSignedOut(queryClient),
  });
}
