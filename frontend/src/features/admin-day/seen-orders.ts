// The new-order badge counts orders placed after the newest one this browser has shown on the
// dashboard or the orders list. The mark is kept per browser in localStorage rather than on the
// server: looking stays a read (no write, no anti-forgery token, no migration), the badge reads
// one indexed count, and each of a shop's shared counter devices keeps its own idea of "seen".
// A staff member who works on two devices sees each one's own count.

import { matchPath } from 'react-router';
import { adminPaths } from '@/lib/admin-paths';

const KEY = 'admin.orders-seen-up-to';

/** The newest order id this browser has shown, or null before the first look. */
export function readSeenOrderId(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): number | null {
  const raw = storage?.getItem(KEY);
  if (raw === null || raw === undefined) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 0 ? id : null;
}

export function writeSeenOrderId(id: number, storage: Pick<Storage, 'setItem'> | undefined = safeStorage()): void {
  try {
    storage?.setItem(KEY, String(id));
  } catch {
    // Storage full or refused (private mode): the badge then starts afresh on each load.
  }
}

const listeners = new Set<() => void>();

/** Moves the mark and tells this tab's subscribers (other tabs hear of it through `storage` events). */
export function markOrdersSeen(id: number): void {
  writeSeenOrderId(id);
  for (const listener of listeners) listener();
}

/** Calls `listener` when the mark moves, in this tab or another one; answers the unsubscribe. */
export function subscribeSeenOrders(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The mark after an answer from the server: where a browser without one starts (the newest order,
 * or 0 before the shop's first order, so that order counts), and where it moves while staff look.
 * `null` when it stays.
 */
export function nextSeenOrderId(seen: number | null, latest: number | null, looking: boolean): number | null {
  if (seen === null) return latest ?? 0;
  if (looking && latest !== null && latest > seen) return latest;
  return null;
}

/** The orders list and the dashboard show the new orders: looking at them marks them seen. */
export const showsNewOrders = (pathname: string): boolean =>
  [adminPaths.dashboard.path, adminPaths.orders.path].some((pattern) => matchPath(pattern, pathname) !== null);
