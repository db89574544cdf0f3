import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const forgotPassword = (email: string) => api<{ message: string }>('/api/forgot-password', { method: 'POST', body: { email } });

/** POST /api/forgot-password: the same answer for every well-formed address. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
