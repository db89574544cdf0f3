// Checking that the account's mobile number is the shopper's own: a code sent to it, typed back.
// Registration (features/auth) and the user area (features/account) both use it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQuery } from '@/lib/queries/user';
import type { Message, User } from '@/types/api';

export const sendPhoneCode = () => api<Message>('/api/user/phone/code', { method: 'POST' });

/** POST /api/user/phone/code: a 6-digit code to the account's own number (202). */
export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });

export const verifyPhone = (code: string) => api<{ user: User }>('/api/user/phone/verify', { method: 'POST', body: { code } });

/** POST /api/user/phone/verify: the number is verified (and its guest orders join the account). */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyPhone, onSuccess: ({ user }) => queryClient.setQueryData(userQuery.queryKey, user) });
}
