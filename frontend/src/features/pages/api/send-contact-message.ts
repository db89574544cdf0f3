import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactBody, Message } from '@/types/api';

/** `phone` (E.164) and `subject` are left out when not given. */
export const sendContactMessage = (input: ContactBody) => api<Message>('/api/contact', { method: 'POST', body: input });

/** POST /api/contact: the shop is told, the sender gets an acknowledgement by mail. */
export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
