import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import type { BatchRecipients, MarginReport, MonthlyReturn, RecallSent, SalesRecord, StockValue } from '@/types/registers';

const options = { staleTime: 0, retry: false } as const;

/** GET /api/admin/registers/insecticide-sales: the month's insecticide sales record (r. 15). */
export const useSalesRecord = (month: string) =>
  useQuery({
    ...options,
    queryKey: ['admin', 'registers', 'sales', month],
    queryFn: ({ signal }) => api<SalesRecord>('/api/admin/registers/insecticide-sales', { signal, query: { month } }),
  });

/** GET /api/admin/registers/monthly-return: the month's return of insecticide sales. */
export const useMonthlyReturn = (month: string) =>
  useQuery({
    ...options,
    queryKey: ['admin', 'registers', 'return', month],
    queryFn: ({ signal }) => api<MonthlyReturn>('/api/admin/registers/monthly-return', { signal, query: { month } }),
  });

/** Where a register downloads as CSV (the session cookie goes with a plain link). */
export const registerCsvHref = (register: 'insecticide-sales' | 'monthly-return', month: string): string =>
  apiUrl(`/api/admin/registers/${register}.csv`, { month });

const recipientsKey = (batch: number) => ['admin', 'batches', batch, 'recipients'] as const;

/** GET /api/admin/batches/{id}/recipients: everyone who received the batch, and its recall. */
export const useRecipients = (batch: number | undefined) =>
  useQuery({
    ...options,
    enabled: batch !== undefined,
    queryKey: recipientsKey(batch ?? 0),
    queryFn: ({ signal }) => api<BatchRecipients>(`/api/admin/batches/${batch}/recipients`, { signal }),
  });

/** POST /api/admin/batches/{id}/recall: tells each recipient once (admins only). */
export function useSendRecall(batch: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api<RecallSent>(`/api/admin/batches/${batch}/recall`, { method: 'POST', body: { reason } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recipientsKey(batch) });
    },
  });
}

/** GET /api/admin/reports/stock-value: the stock at cost, expired batches apart. */
export const useStockValue = () =>
  useQuery({ ...options, queryKey: ['admin', 'reports', 'stock-value'], queryFn: ({ signal }) => api<StockValue>('/api/admin/reports/stock-value', { signal }) });

/** GET /api/admin/reports/margin: the margin on a range's sales (this month when none). */
export const useMargin = (from?: string, to?: string) =>
  useQuery({
    ...options,
    queryKey: ['admin', 'reports', 'margin', from, to],
    queryFn: ({ signal }) => api<MarginReport>('/api/admin/reports/margin', { signal, query: from && to ? { from, to } : {} }),
  });

export const stockValueCsvHref = (): string => apiUrl('/api/admin/reports/stock-value.csv');
export const marginCsvHref = (from?: string, to?: string): string => apiUrl('/api/admin/reports/margin.csv', from && to ? { from, to } : {});
