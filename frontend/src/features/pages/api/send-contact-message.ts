import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ContactMessage {
  name: string;
  email: string;
  /** E.164; left out when not given. */
  phone?: string;
  subject?: string;
  message: string;
}

export const sendContactMessage = (input: ContactMessage) => api<{ message: string }>('/api/contact', { method: 'POST', body: input });

/** POST /api/contact: the shop is told, the sender gets an acknowledgement by mail. */
export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
