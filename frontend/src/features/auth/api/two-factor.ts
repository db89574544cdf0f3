// The second step of a staff sign-in, after POST /api/login answered 202. Each call answers 401
// once the password step is gone (it lasts 10 minutes): the caller goes back to the password.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Enrolment, EnrolmentDone, TwoFactorBody, UserEnvelope } from '@/types/api';

/** POST /api/login/two-factor: a code from the app or a recovery code; signs in. */
export const useTwoFactorSignIn = () =>
  useMutation({ mutationFn: (body: TwoFactorBody) => api<UserEnvelope>('/api/login/two-factor', { method: 'POST', body }) });

/** POST /api/admin/two-factor/setup: a new secret and its QR code (a second call replaces it). */
export const useTwoFactorSetup = () =>
  useMutation({ mutationFn: () => api<Enrolment>('/api/admin/two-factor/setup', { method: 'POST' }) });

/** POST /api/admin/two-factor/confirm: the app's first code; signs in and answers the recovery codes. */
export const useTwoFactorConfirm = () =>
  useMutation({ mutationFn: (code: string) => api<EnrolmentDone>('/api/admin/two-factor/confirm', { method: 'POST', body: { code } }) });
