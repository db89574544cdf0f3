import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQuery } from '@/lib/queries/user';
import type { UserEnvelope } from '@/types/api';

/** Order news on the account's phone: yes or no (kept with the notice's version and the time). */
export const updatePhoneUpdates = (orderUpdatesOnPhone: boolean) =>
  api<UserEnvelope>('/api/user/phone-updates', { method: 'PUT', body: { order_updates_on_phone: orderUpdatesOnPhone } });

/** PUT /api/user/phone-updates; the answer is the session's user from then on. */
export function useUpdatePhoneUpdates() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePhoneUpdates, onSuccess: ({ user }) => queryClient.setQueryData(userQuery.queryKey, user) });
}
