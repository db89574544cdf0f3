// The signed-in shopper's address book, as checkout uses it: read to fill the form, and added to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AddressList, SavedAddress, SavedAddressInput } from '@/types/orders';

export const getAddresses = async (signal?: AbortSignal) => (await api<AddressList>('/api/addresses', { signal })).data;

/** The default address first, then the latest saved. */
export const addressesQuery = queryOptions({
  queryKey: ['addresses'],
  queryFn: ({ signal }) => getAddresses(signal),
  staleTime: 5 * 60 * 1000,
});

export const useAddresses = (signedIn: boolean) => useQuery({ ...addressesQuery, enabled: signedIn });

export const saveAddress = (input: SavedAddressInput) => api<SavedAddress>('/api/addresses', { method: 'POST', body: input });

