import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Message } from '@/types/api';

export const resendVerification = () => api<Message>('/api/email/verification-notification', { method: 'POST' });

/** POST /api/email/verification-notification: a new link to the account's address. */
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
