import { useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import type { CategorySales, Grain, ProductSales, SalesReport, WaitingReport } from '@/types/day-desk';

/** The days a report covers (India days, both included); none for this month. */
export interface ReportRange {
  from?: string;
  to?: string;
}

const options = { staleTime: 0, retry: false } as const;

const rangeQuery = (range: ReportRange) => ({ from: range.from, to: range.to });

/** GET /api/admin/reports/sales: net sales (invoices less credit notes) by day, week or month. */
export const useSalesReport = (range: ReportRange, grain: Grain) =>
  useQuery({
    ...options,
    queryKey: ['admin', 'reports', 'sales', range.from, range.to, grain],
    queryFn: ({ signal }) => api<SalesReport>('/api/admin/reports/sales', { signal, query: { ...rangeQuery(range), grain } }),
  });

/** GET /api/admin/reports/products: by product, and the best-sellers. */
export const useProductSales = (range: ReportRange) =>
  useQuery({
    ...options,
    queryKey: ['admin', 'reports', 'products', range.from, range.to],
    queryFn: ({ signal }) => api<ProductSales>('/api/admin/reports/products', { signal, query: rangeQuery(range) }),
  });

/** GET /api/admin/reports/categories: by top-level category. */
export const useCategorySales = (range: ReportRange) =>
  useQuery({
    ...options,
    queryKey: ['admin', 'reports', 'categories', range.from, range.to],
    queryFn: ({ signal }) => api<CategorySales>('/api/admin/reports/categories', { signal, query: rangeQuery(range) }),
  });

/** GET /api/admin/reports/waiting: the orders waiting now, by state. */
export const useWaitingReport = () =>
  useQuery({ ...options, queryKey: ['admin', 'reports', 'waiting'], queryFn: ({ signal }) => api<WaitingReport>('/api/admin/reports/waiting', { signal }) });

/** Where each report downloads as CSV (the session cookie goes with a plain link). */
export const csvHref = (report: 'sales' | 'products' | 'categories' | 'waiting', range: ReportRange, grain?: Grain): string =>
  apiUrl(`/api/admin/reports/${report}.csv`, report === 'waiting' ? {} : { ...rangeQuery(range), grain });
