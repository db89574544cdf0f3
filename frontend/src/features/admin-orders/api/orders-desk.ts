// The orders desk's calls (/api/admin/orders). A write answers the order as it now stands: it is
// put in the cache at once, and the lists (their counts) are refetched when next shown.
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BulkMoveAnswer, BulkMoveBody, Caller, OrderList, OrderMoveBody, OrderNoteBody, PaymentBody, PhoneOrderBody, RefundBody, ReturnAnswer, ReturnBody, StaffOrder } from '@/types/orders-desk';

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

const staffOrderQuery = (number: string) => ({
  queryKey: orderDeskKeys.order(number),
  queryFn: ({ signal }: { signal: AbortSignal }) => api<StaffOrder>(`${DESK}/${encodeURIComponent(number)}`, { signal }),
});

export const useStaffOrder = (number: string) => useQuery(staffOrderQuery(number));

/** Several orders at once (a print of their papers), each cached as it would be alone. */
export const useStaffOrders = (numbers: string[]) => useQueries({ queries: numbers.map(staffOrderQuery) });

/** Moves several orders at once; the answer says what became of each. */
export function useMoveOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkMoveBody) => api<BulkMoveAnswer>(`${DESK}/moves`, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orderDeskKeys.all });
    },
  });
}

/** What the shop knows of a caller's number (none asked while `phone` is empty). */
export const useCaller = (phone: string) =>
  useQuery({
    queryKey: ['orders-desk', 'caller', phone] as const,
    queryFn: ({ signal }) => api<Caller>(`${DESK}/callers`, { signal, query: { phone } }),
    enabled: phone !== '',
    retry: false,
  });

/** Places an order taken on the phone, once per `key` (kept by the form until it succeeds). */
export function usePlacePhoneOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PhoneOrderBody; key: string }) => api<StaffOrder>(`${DESK}/phone`, { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderDeskKeys.order(order.number), order);
      await queryClient.invalidateQueries({ queryKey: [...orderDeskKeys.all, 'list'] });
    },
  });
}

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

/** Takes goods back; the answer is the order as it now stands, with the return and the last day
 * its supply could be credited. */
export function useTakeReturn(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnBody) => api<ReturnAnswer>(`${DESK}/${encodeURIComponent(number)}/returns`, { method: 'POST', body }),
    onSuccess: async (answer) => {
      // The answer is the staff order with two more fields: the cache keeps it whole.
      queryClient.setQueryData<StaffOrder>(orderDeskKeys.order(number), answer);
      await queryClient.invalidateQueries({ queryKey: [...orderDeskKeys.all, 'list'] });
    },
  });
}
