import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { HandledBody, InboxFilter, InboxMessage, InboxPage } from '@/types/day-desk';

export const MESSAGES_PER_PAGE = 20;

const keys = {
  all: ['admin', 'messages'] as const,
  page: (status: InboxFilter, page: number) => ['admin', 'messages', 'list', status, page] as const,
  one: (id: number) => ['admin', 'messages', 'one', id] as const,
};

/** GET /api/admin/messages: contact messages, newest first, filtered by their handled mark. */
export const useInbox = (status: InboxFilter, page: number) =>
  useQuery({
    queryKey: keys.page(status, page),
    queryFn: ({ signal }) => api<InboxPage>('/api/admin/messages', { signal, query: { status, page, per_page: MESSAGES_PER_PAGE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

/** GET /api/admin/messages/{id}. */
export const useInboxMessage = (id: number) =>
  useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => api<InboxMessage>(`/api/admin/messages/${id}`, { signal }),
    retry: false,
  });

/** PUT /api/admin/messages/{id}/handled: marks it handled by the signed-in member of staff, or waiting again. */
export function useSetHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => api<InboxMessage>(`/api/admin/messages/${id}/handled`, { method: 'PUT', body: { handled } satisfies HandledBody }),
    onSuccess: (message) => {
      queryClient.setQueryData(keys.one(message.id), message);
      // The lists and the dashboard's count of waiting messages.
      void queryClient.invalidateQueries({ queryKey: keys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}
