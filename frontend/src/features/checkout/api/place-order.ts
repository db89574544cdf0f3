import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError, isOfflineError } from '@/lib/api-client';
import type { CheckoutInput, Order, ShortLine } from '@/types/orders';

export interface PlaceOrderVariables {
  input: CheckoutInput;
  /** One UUID per order attempt, the same on every retry of it (the Idempotency-Key header of POST /api/checkout). */
  idempotencyKey: string;
}

export async function placeOrder({ input, idempotencyKey }: PlaceOrderVariables): Promise<Order> {
  const { data } = await apiRequest<Order>('/api/checkout', { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });
  return data;
}

/** The lines a 409 found short of stock; empty for other errors (or a 409 about the key). */
export function shortLines(error: unknown): ShortLine[] {
  if (!isApiError(error, 409)) return [];
  const lines = error.body.lines;
  return Array.isArray(lines) ? (lines as ShortLine[]) : [];
}

/**
 * Worth sending again with the same key: the answer was lost on the way (the order may be placed
 * already, and the key makes the repeat safe), or the same attempt is still being placed. Never
 * when the phone is offline: the order is not held back to go later; the shopper is told.
 */
const isTransient = (error: unknown) => (!isApiError(error) && !isOfflineError(error)) || (isApiError(error, 409) && shortLines(error).length === 0);

export const PLACE_ORDER_RETRIES = 2;

export function usePlaceOrder() {
  return useMutation({
    mutationFn: placeOrder,
    retry: (failures, error) => failures < PLACE_ORDER_RETRIES && isTransient(error),
    retryDelay: (attempt) => 500 * 2 ** attempt,
  });
}
