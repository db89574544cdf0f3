import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export const changePassword = (input: ChangePasswordInput) => api<{ message: string }>('/api/user/password', { method: 'PUT', body: input });

/** PUT /api/user/password: other devices are signed out, this one stays signed in. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
