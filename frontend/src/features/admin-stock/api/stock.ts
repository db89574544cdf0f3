// The stock desk's calls: receipts (/api/admin/stock/receipts), a product's batches, dating,
// disposal and the expiry lists. After any write every cached answer but the signed-in user is
// refetched when next shown, as the catalogue desk does: stock shows on many screens.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DataList, LowStockItem, StockAdjustmentBody, StockMovement } from '@/types/desk';
import type { BatchDatesBody, BatchRow, Receipt, ReceiptBody, ReceiptPage, ReceiptView, SheetPreview } from '@/types/stock-desk';

const RECEIPTS = '/api/admin/stock/receipts';

export const stockKeys = {
  receipts: (page: number) => ['stock', 'receipts', page] as const,
  receipt: (id: number) => ['stock', 'receipt', id] as const,
  batches: (productId: number) => ['stock', 'batches', productId] as const,
  list: (which: 'expiring' | 'expired' | 'undated') => ['stock', which] as const,
  packs: (search: string) => ['stock', 'packs', search] as const,
};

function useWrite<TVariables, TResult>(send: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' }),
  });
}

export const receiptsQuery = (page: number) =>
  queryOptions({ queryKey: stockKeys.receipts(page), queryFn: ({ signal }) => api<ReceiptPage>(RECEIPTS, { signal, query: { page } }), placeholderData: keepPreviousData });

export const useReceipts = (page: number) => useQuery(receiptsQuery(page));

export const useReceipt = (id: number | null) =>
  useQuery({ queryKey: stockKeys.receipt(id ?? 0), queryFn: ({ signal }) => api<ReceiptView>(`${RECEIPTS}/${id}`, { signal }), enabled: id !== null });

export const useRecordReceipt = () => useWrite((body: ReceiptBody) => api<Receipt>(RECEIPTS, { method: 'POST', body }));

/** The supplier's invoice a sheet comes with, and the sheet. */
export interface ReceiptSheet {
  supplier: string;
  supplier_invoice: string;
  invoice_date: string;
  filename: string;
  content: string;
}

const sendSheet = <T,>(path: string, sheet: ReceiptSheet) =>
  api<T>(`/api/admin/stock/receipt-sheets${path}`, {
    method: 'POST',
    query: { supplier: sheet.supplier, supplier_invoice: sheet.supplier_invoice, invoice_date: sheet.invoice_date, filename: sheet.filename },
    rawBody: { contentType: 'text/csv', content: sheet.content },
  });

export const usePreviewReceiptSheet = () => useMutation({ mutationFn: (sheet: ReceiptSheet) => sendSheet<SheetPreview>('/preview', sheet) });

export const useApplyReceiptSheet = () => useWrite((sheet: ReceiptSheet) => sendSheet<Receipt>('', sheet));

/** Pack sizes whose name or SKU holds `search`, to pick one for a receipt line. */
export const usePackSearch = (search: string) =>
  useQuery({
    queryKey: stockKeys.packs(search),
    queryFn: ({ signal }) => api<DataList<LowStockItem>>('/api/admin/catalog/stock-counts/list', { signal, query: { search } }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export const useProductBatches = (productId: number) =>
  useQuery({ queryKey: stockKeys.batches(productId), queryFn: ({ signal }) => api<DataList<BatchRow>>(`/api/admin/products/${productId}/batches`, { signal }) });

export const batchListQuery = (which: 'expiring' | 'expired' | 'undated') =>
  queryOptions({ queryKey: stockKeys.list(which), queryFn: ({ signal }) => api<DataList<BatchRow>>(`/api/admin/batches/${which}`, { signal }) });

export const useBatchList = (which: 'expiring' | 'expired' | 'undated') => useQuery(batchListQuery(which));

export const useRedate = () =>
  useWrite(({ id, ...body }: BatchDatesBody & { id: number }) => api<BatchRow>(`/api/admin/batches/${id}/dates`, { method: 'PATCH', body }));

export const useDispose = () => useWrite(({ id, note }: { id: number; note: string }) => api<BatchRow>(`/api/admin/batches/${id}/disposal`, { method: 'POST', body: { note } }));

/** Units added to or taken from one batch (damaged, found, counted). */
export const useAdjustBatch = () =>
  useWrite(({ variantId, ...body }: StockAdjustmentBody & { variantId: number }) =>
    api<StockMovement>(`/api/admin/catalog/variants/${variantId}/stock-adjustments`, { method: 'POST', body }),
  );
