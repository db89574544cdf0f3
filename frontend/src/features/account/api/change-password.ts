import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Message, PasswordChangeBody } from '@/types/api';

/** `current_password` is left out when the account has none yet (opened by phone): it is set. */
export const changePassword = (input: PasswordChangeBody) => api<Message>('/api/user/password', { method: 'PUT', body: input });

/** PUT /api/user/password: other devices are signed out, this one stays signed in. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
