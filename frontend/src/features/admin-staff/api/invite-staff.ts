import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffQuery } from '@/lib/queries/staff';
import type { InviteStaffBody, StaffMember } from '@/types/api';

/** POST /api/admin/staff: a new account, mailed a link to choose its password. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteStaffBody) => api<StaffMember>('/api/admin/staff', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }),
  });
}
