// Where the shop delivers: a PIN code's district and state (India Post's directory) and the
// delivery zone's days and fee by weight. Both answers change only with a release or the shop
// profile, so they are kept for the visit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

export type PincodePlace = Schemas['PincodePlace'];
export type DeliveryAnswer = Schemas['DeliveryAnswer'];
export type DeliveryRate = Schemas['RateView'];

/** Six digits, not starting with 0, spaces dropped (as the server reads it); null otherwise. */
export function validPin(raw: string): string | null {
  const pin = raw.replace(/\s+/g, '');
  return /^[1-9][0-9]{5}$/.test(pin) ? pin : null;
}

/** A refusal (404 unknown, 422 malformed) is an answer, not a failure worth asking again. */
const retry = (count: number, error: unknown) => !isApiError(error) && count < 2;

/** The PIN code's district and state; null when India Post's directory does not list it. */
export const pincodeQuery = (pin: string) =>
  queryOptions({
    queryKey: ['pincodes', pin],
    queryFn: ({ signal }) =>
      api<PincodePlace>(`/api/pincodes/${pin}`, { signal }).catch((error: unknown) => {
        if (isApiError(error, 404)) return null;
        throw error;
      }),
    staleTime: Infinity,
    retry,
  });

export const usePincode = (pin: string | null) => useQuery({ ...pincodeQuery(pin ?? ''), enabled: pin !== null });

export interface DeliveryAsk {
  pin: string;
  /** A variant to quote the fee of, and how many. */
  variant?: number;
  quantity?: number;
  /** For a PIN code the directory does not list: the address's own district and state. */
  district?: string;
  state?: string;
}

export const deliveryQuery = (ask: DeliveryAsk) =>
  queryOptions({
    queryKey: ['delivery', ask],
    queryFn: ({ signal }) => api<DeliveryAnswer>('/api/delivery', { query: { ...ask }, signal }),
    staleTime: 5 * 60 * 1000,
    retry,
  });

export const useDelivery = (ask: DeliveryAsk | null) =>
  useQuery({ ...deliveryQuery(ask ?? { pin: '' }), enabled: ask !== null });
