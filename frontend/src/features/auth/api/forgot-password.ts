import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ForgotPasswordBody, Message } from '@/types/api';

export const forgotPassword = (email: string) => api<Message>('/api/forgot-password', { method: 'POST', body: { email } satisfies ForgotPasswordBody });

/** POST /api/forgot-password: the same answer for every well-formed address. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
