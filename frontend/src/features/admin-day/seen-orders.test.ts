import { describe, expect, it } from 'vitest';
import { nextSeenOrderId, readSeenOrderId, showsNewOrders, writeSeenOrderId } from '@/features/admin-day/seen-orders';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('the new-order mark', () => {
  it('starts at the newest order, or at 0 before the first order so that one counts', () => {
    expect(nextSeenOrderId(null, 41, false)).toBe(41);
    expect(nextSeenOrderId(null, null, false)).toBe(0);
  });

  it('stays while staff are elsewhere and follows the newest order while they look', () => {
    expect(nextSeenOrderId(41, 44, false)).toBeNull();
    expect(nextSeenOrderId(41, 44, true)).toBe(44);
    expect(nextSeenOrderId(44, 44, true)).toBeNull();
    expect(nextSeenOrderId(44, null, true)).toBeNull();
  });

  it('is looked at on the dashboard and the orders list only', () => {
    expect(showsNewOrders('/admin')).toBe(true);
    expect(showsNewOrders('/admin/')).toBe(true);
    expect(showsNewOrders('/admin/orders')).toBe(true);
    expect(showsNewOrders('/admin/orders/WR-2026-0001')).toBe(false);
    expect(showsNewOrders('/admin/customers')).toBe(false);
  });

  it('is kept as a whole number and ignores anything else stored', () => {
    const storage = memoryStorage();
    expect(readSeenOrderId(storage)).toBeNull();
    writeSeenOrderId(12, storage);
    expect(readSeenOrderId(storage)).toBe(12);
    storage.setItem('admin.orders-seen-up-to', 'twelve');
    expect(readSeenOrderId(storage)).toBeNull();
    storage.setItem('admin.orders-seen-up-to', '-3');
    expect(readSeenOrderId(storage)).toBeNull();
  });
});
