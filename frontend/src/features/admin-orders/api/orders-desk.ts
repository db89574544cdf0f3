// The orders desk's calls (/api/admin/orders). A write answers the order as it now stands: it is
// put in the cache at once, and the lists (their counts) are refetched when next shown.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OrderList, OrderMoveBody, OrderNoteBody, PaymentBody, RefundBody, StaffOrder } from '@/types/orders-desk';

const DESK = '/api/admin/orders';

export const orderDeskKeys = {
  all: ['orders-desk'] as const,
  list: (query: Record<string, string>) => ['orders-desk', 'list', query] as const,
  order: (number: string) => ['orders-desk', 'order', number] as const,
};

export const useOrderList = (query: Record<string, string>) =>
  useQuery({
    queryKey: orderDeskKeys.list(query),
    queryFn: ({ signal }) => api<OrderList>(DESK, { signal, query }),
    placeholderData: keepPreviousData,
  });

export const useStaffOrder = (number: string) =>
  useQuery({
    queryKey: orderDeskKeys.order(number),
    queryFn: ({ signal }) => api<StaffOrder>(`${DESK}/${encodeURIComponent(number)}`, { signal }),
  });

/** A write on one order: POST `body` to `/{number}/{what}`. */
function useOrderWrite<TBody>(number: string, what: 'status' | 'notes' | 'payments' | 'refunds') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api<StaffOrder>(`${DESK}/${encodeURIComponent(number)}/${what}`, { method: 'POST', body }),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderDeskKeys.order(number), order);
      await queryClient.invalidateQueries({ queryKey: [...orderDeskKeys.all, 'list'] });
    },
  });
}

export const useMoveOrder = (number: string) => useOrderWrite<OrderMoveBody>(number, 'status');
export const useAddNote = (number: string) => useOrderWrite<OrderNoteBody>(number, 'notes');
export const useRecordPayment = (number: string) => useOrderWrite<PaymentBody>(number, 'payments');
export const useRecordRefund = (number: string) => useOrderWrite<RefundBody>(number, 'refunds');
