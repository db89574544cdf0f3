import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSignedIn } from '@/lib/queries/user';
import type { LoginBody, TwoFactorRequired, UserEnvelope } from '@/types/api';

/** A shopper is signed in at once (200); staff get 202 and a second step (TwoFactorRequired). */
export type LoginAnswer = UserEnvelope | TwoFactorRequired;

/** An e-mail address or a mobile number (E.164), never both, with the password. */
export type SignInBody = LoginBody;

/** The password was right, but the account is staff's: a code (or enrolment) must follow. */
export const needsSecondFactor = (answer: LoginAnswer): answer is TwoFactorRequired =>
  'two_factor_required' in answer && answer.two_factor_required;

/**
 * `remember` is "Keep me signed in": ticked, the session lasts 30 days; unticked, it ends when the
 * browser closes or after 2 hours unused (the server enforces both).
 */
export const login = (input: SignInBody) => api<LoginAnswer>('/api/login', { method: 'POST', body: input });

/** POST /api/login; a user in the answer becomes the session's, a 202's second step is the caller's. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) setSignedIn(queryClient, answer.user);
    },
  });
}
