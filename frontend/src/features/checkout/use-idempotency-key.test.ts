import { describe, expect, it, vi } from 'vitest';
import { newUuid } from '@/features/checkout/use-idempotency-key';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  it('makes a random version 4 UUID where the page is not a secure context', () => {
    // Over plain http under a name other than localhost, browsers leave randomUUID out.
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array) });
    const first = newUuid();
    const second = newUuid();
    vi.unstubAllGlobals();
    expect(first).toMatch(V4);
    expect(second).toMatch(V4);
    expect(first).not.toBe(second);
  });

  it('uses the browser’s own where it has one', () => {
    expect(newUuid()).toMatch(V4);
  });
});
