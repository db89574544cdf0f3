import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Dashboard } from '@/types/day-desk';

/** How often an open dashboard refreshes itself (only while its tab is shown). */
export const DASHBOARD_REFRESH_MS = 30 * 1000;

/** GET /api/admin/dashboard: today's and this month's figures (India time), what waits, low stock, messages. */
export const dashboardQuery = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: ({ signal }) => api<Dashboard>('/api/admin/dashboard', { signal }),
  staleTime: 0,
  retry: false,
});

export const useDashboard = () =>
  useQuery({ ...dashboardQuery, refetchInterval: DASHBOARD_REFRESH_MS, refetchIntervalInBackground: false, refetchOnWindowFocus: true });
