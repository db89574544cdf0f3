import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DESK, refreshAfterWrite } from '@/features/admin-catalog/api/desk-client';
import type { ImportApplied, ImportPreview } from '@/types/desk';

/** The export's address: a plain download, with the session's cookie. */
export const EXPORT_URL = `${DESK}/export.csv`;

export interface Sheet {
  filename: string;
  content: string;
  /** SKUs whose sheet stock is a count to set although sales moved the stock since the export. */
  setCount?: string[];
}

const send = <T,>(path: string, sheet: Sheet) =>
  api<T>(`${DESK}${path}`, {
    method: 'POST',
    query: { filename: sheet.filename, ...(sheet.setCount?.length ? { set_count: sheet.setCount.join(',') } : {}) },
    rawBody: { contentType: 'text/csv', content: sheet.content },
  });

export const usePreviewImport = () => useMutation({ mutationFn: (sheet: Sheet) => send<ImportPreview>('/imports/preview', sheet) });

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (sheet: Sheet) => send<ImportApplied>('/imports', sheet), onSuccess: () => refreshAfterWrite(queryClient) });
}
