// Why an order was not placed, read from the failed request: lines short of stock (409), fields to
// correct (422, each message beside its field when the form shows that field, the rest in the
// banner), the server's own failure, or no answer at all. Pure: the screen does what it says.
import { isApiError, isOfflineError } from '@/lib/api-client';
import type { ShortLine } from '@/types/orders';
import { shortLines } from '@/features/checkout/api/place-order';

/** Why the order was not placed, as the banner above the button tells it. */
export type Problem =
  /** Fields to correct (marked beside them), and messages that belong to no field. */
  | { kind: 'fields'; count: number; general: string[] }
  /** Not enough stock: each short line with what is left. */
  | { kind: 'stock'; message: string; lines: ShortLine[] }
  /** The server refused the order and said why. */
  | { kind: 'failed'; message: string }
  /** The server failed (5xx); its own message is not for the shopper. */
  | { kind: 'server' }
  /** No answer: the shop could not be reached. */
  | { kind: 'network' }
  /** The phone is offline: the order was not sent (nor kept to send later). */
  | { kind: 'offline' };

export interface CheckoutFailure {
  problem: Problem;
  /** The messages to show beside their fields, by the API's field path. */
  fieldErrors: Record<string, string>;
  /** The cart shown may be out of date (short of stock, or the server found fault with it). */
  cartOutdated: boolean;
  /** The server will not take this Idempotency-Key again: the next attempt needs a new one. */
  renewKey: boolean;
}

const failure = (problem: Problem): CheckoutFailure => ({ problem, fieldErrors: {}, cartOutdated: false, renewKey: false });

/** `shows(path)` says whether the form shows a field for an API field path just now. */
export function classifyCheckoutError(error: unknown, shows: (path: string) => boolean): CheckoutFailure {
  const short = shortLines(error);
  if (short.length > 0) return { ...failure({ kind: 'stock', message: (error as Error).message, lines: short }), cartOutdated: true };
  if (isApiError(error, 422)) {
    // Field errors go beside their fields; the rest (the cart, the key) into the message.
    const fieldErrors: Record<string, string> = {};
    const general: string[] = [];
    for (const [path, messages] of Object.entries(error.errors)) {
      const message = messages[0] ?? error.message;
      if (shows(path)) fieldErrors[path] = message;
      else general.push(message);
    }
    const count = Object.keys(fieldErrors).length;
    return {
      problem: { kind: 'fields', count, general: general.length > 0 || count > 0 ? general : [error.message] },
      fieldErrors,
      cartOutdated: 'cart' in error.errors,
      renewKey: 'idempotency_key' in error.errors,
    };
  }
  if (isOfflineError(error)) return failure({ kind: 'offline' });
  if (isApiError(error)) return failure(error.status >= 500 ? { kind: 'server' } : { kind: 'failed', message: error.message });
  return failure({ kind: 'network' });
}
