import { useMemo, useRef } from 'react';

export interface IdempotencyKey {
  /** The key of the current attempt, made on its first submission and kept while it is retried. */
  current(): string;
  /** The attempt failed: a change to the form after this starts a new attempt. */
  failed(): void;
  /** The shopper changed the form. */
  changed(): void;
  /** The server will not take this key again (it was used for another body): start afresh. */
  renew(): void;
}

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts (https, localhost):
 * a shop opened over plain http under another name (a test host, a shop's own network) still gets
 * one, from `crypto.getRandomValues`, which every context has.
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per order attempt. Double clicks, network retries and pressing Place order
 * again after a failure all send the same key, so the server places the order at most once; only a
 * change to the form after a failure (a different order) gets a new key.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const key = useRef<string | null>(null);
  const hasFailed = useRef(false);
  return useMemo(
    () => ({
      current: () => (key.current ??= newUuid()),
      failed: () => {
        hasFailed.current = true;
      },
      changed: () => {
        if (!hasFailed.current) return;
        key.current = null;
        hasFailed.current = false;
      },
      renew: () => {
        key.current = null;
        hasFailed.current = false;
      },
    }),
    [],
  );
}
