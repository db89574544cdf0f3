// Signing in with a code sent to the mobile number instead of a password. The request's answer
// is the same whether or not the number has an account, so the screen says the same too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedIn } from '@/lib/queries/user';
import type { CodeSignInBody, Message, UserEnvelope } from '@/types/api';

export const requestSignInCode = (phone: string) => api<Message>('/api/login/code-request', { method: 'POST', body: { phone } });

/** POST /api/login/code-request: 202 for any well-formed number; 422 only for an unreadable one. */
export const useRequestSignInCode = () => useMutation({ mutationFn: requestSignInCode });

export const signInWithCode = (input: CodeSignInBody) => api<UserEnvelope>('/api/login/code', { method: 'POST', body: input });

/** POST /api/login/code: signs in as /login does (the number becomes verified). */
export function useCodeSignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signInWithCode, onSuccess: ({ user }) => setSignedIn(queryClient, user) });
}
