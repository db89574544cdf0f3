import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuditLine, Paged } from '@/types/api';
import { apiQuery, type AuditFilters } from '@/features/admin-audit/audit-filters';

/** GET /api/admin/audit (admins only): one page of changes, newest first. */
export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ signal }) => api<Paged<AuditLine>>('/api/admin/audit', { signal, query: apiQuery(filters) }),
    retry: false,
  });

/** The page for these filters; the previous page stays on screen while the next one loads. */
export const useAudit = (filters: AuditFilters) => useQuery({ ...auditQuery(filters), placeholderData: keepPreviousData });
