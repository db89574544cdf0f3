// The changes to one member of staff: each answers the member as it is now, which replaces them
// in the list at once (and the list is fetched again behind it).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffQuery } from '@/lib/queries/staff';
import type { Role, StaffMember } from '@/types/api';

function replaceMember(queryClient: QueryClient, member: StaffMember) {
  queryClient.setQueryData(staffQuery.queryKey, (list) => list?.map((old) => (old.id === member.id ? member : old)));
  void queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
}

/** PUT /api/admin/staff/{id}: another role (409 when it would leave the shop without an admin). */
export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: Role }) => api<StaffMember>(`/api/admin/staff/${id}`, { method: 'PUT', body: { role } }),
    onSuccess: (member) => replaceMember(queryClient, member),
  });
}

/** POST /api/admin/staff/{id}/disable (their sessions end at once) or .../enable. */
export function useSetStaffAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disable }: { id: number; disable: boolean }) =>
      api<StaffMember>(`/api/admin/staff/${id}/${disable ? 'disable' : 'enable'}`, { method: 'POST' }),
    onSuccess: (member) => replaceMember(queryClient, member),
  });
}
