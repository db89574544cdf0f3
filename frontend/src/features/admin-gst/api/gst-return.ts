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

export type Gstr3bOverview = components['schemas']['Gstr3bOverview'];

/** GET /api/admin/gst/gstr3b: tables 3.1 and 3.2 as the portal should fill them in from GSTR-1. */
export const gstr3bQuery = (period: Period) =>
  queryOptions({
    queryKey: ['admin', 'gst', 'gstr3b', period.kind, period.first],
    queryFn: ({ signal }) => api<Gstr3bOverview>('/api/admin/gst/gstr3b', { signal, query: periodQuery(period) }),
    retry: false,
  });

export const useGstr3b = (period: Period) => useQuery(gstr3bQuery(period));

/** The GSTR-3B figures and the invoice register as CSV downloads. */
export const gstr3bCsvUrl = (period: Period) => apiUrl('/api/admin/gst/gstr3b.csv', periodQuery(period));
export const registerCsvUrl = (period: Period) => apiUrl('/api/admin/gst/register.csv', periodQuery(period));
