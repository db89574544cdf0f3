import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import type { components } from '@/types/api.generated';
import { periodQuery, type Period } from '@/features/admin-gst/periods';

export type Gstr1Overview = components['schemas']['Gstr1Overview'];

/** GET /api/admin/gst/gstr1 (admins only): the period's documents and figures. */
export const gstReturnQuery = (period: Period) =>
  queryOptions({
    queryKey: ['admin', 'gst', period.kind, period.first],
    queryFn: ({ signal }) => api<Gstr1Overview>('/api/admin/gst/gstr1', { signal, query: periodQuery(period) }),
    retry: false,
  });

export const useGstReturn = (period: Period) => useQuery(gstReturnQuery(period));

/** The period's files as one ZIP: a plain download with the session's cookie. */
export const downloadUrl = (period: Period) => apiUrl('/api/admin/gst/gstr1.zip', periodQuery(period));
