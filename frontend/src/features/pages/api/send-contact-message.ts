import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactBody, Message } from '@/types/api';

/** A phone (E.164) or an e-mail address, at least one; each, and `subject`, left out when not given. */
export const sendContactMessage = (input: ContactBody) => api<Message>('/api/contact', { method: 'POST', body: input });

/** POST /api/contact: the shop is told, a sender who gave an address gets an acknowledgement by mail. */
export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
