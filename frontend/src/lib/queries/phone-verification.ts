// Checking that the account's mobile number is the shopper's own: a code sent to it, typed back.
// Registration (features/auth) and the user area (features/account) both use it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQuery } from '@/lib/queries/user';
import type { Message, User } from '@/types/api';

/**
 * The account as issue 29's API answers it: e-mail and phone may each be missing, the phone has a
 * verified time, and an account opened by phone may have no password. Until api.generated.ts
 * carries these fields they are read here; once it does, `User` already has this shape.
 */
export type PhoneAccount = Omit<User, 'email' | 'phone'> & {
  email: string | null;
  phone: string | null;
  phone_verified_at: string | null;
  has_password: boolean;
};

/** The user read with those fields; an answer without `has_password` (an older server) has one. */
export function phoneAccount(user: User): PhoneAccount {
  const wider = user as Partial<PhoneAccount> & User;
  return {
    ...user,
    email: wider.email || null,
    phone: wider.phone || null,
    phone_verified_at: wider.phone_verified_at ?? null,
    has_password: wider.has_password ?? true,
  };
}

export const sendPhoneCode = () => api<Message>('/api/user/phone/code', { method: 'POST' });

/** POST /api/user/phone/code: a 6-digit code to the account's own number (202). */
export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });

export const verifyPhone = (code: string) => api<{ user: User }>('/api/user/phone/verify', { method: 'POST', body: { code } });

/** POST /api/user/phone/verify: the number is verified (and its guest orders join the account). */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyPhone, onSuccess: ({ user }) => queryClient.setQueryData(userQuery.queryKey, user) });
}
