import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StaffMember } from '@/types/api';

/**
 * GET /api/admin/staff (admins only): everyone with a staff or admin role, oldest first. Shared:
 * the staff screen manages them, the audit log's actor filter lists them.
 */
export const staffQuery = queryOptions({
  queryKey: ['admin', 'staff'],
  queryFn: ({ signal }) => api<StaffMember[]>('/api/admin/staff', { signal }),
  staleTime: 60 * 1000,
  retry: false,
});

export const useStaff = () => useQuery(staffQuery);
