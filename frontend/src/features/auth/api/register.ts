import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedIn } from '@/lib/queries/user';
import type { RegisterBody, UserEnvelope } from '@/types/api';

/**
 * A name and a mobile number; an e-mail address and a password (with its confirmation) only when
 * the shopper gives them. Written out until api.generated.ts carries issue 29's optional fields.
 */
export type PhoneRegisterBody = Pick<RegisterBody, 'name' | 'phone'> & {
  email?: string | null;
  password?: string | null;
  password_confirmation?: string | null;
};

export const register = (input: PhoneRegisterBody) => api<UserEnvelope>('/api/register', { method: 'POST', body: input });

/** POST /api/register: the new account is signed in at once, and a code is sent to its number. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: ({ user }) => setSignedIn(queryClient, user) });
}
