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
 * One Idempotency-Key per order attempt. Double clicks, network retries and pressing Place order
 * again after a failure all send the same key, so the server places the order at most once; only a
 * change to the form after a failure (a different order) gets a new key.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const key = useRef<string | null>(null);
  const hasFailed = useRef(false);
  return useMemo(
    () => ({
      current: () => (key.current ??= crypto.randomUUID()),
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
