import { describe, expect, it } from 'vitest';
import { shipManyBody } from '@/features/admin-orders/components/ShipManyPanel';
import { printedNumbers } from '@/features/admin-orders/screens/OrdersPrintScreen';

describe('many orders at once', () => {
  it('ships each chosen order with the one carrier and its own tracking number, spaces dropped', () => {
    expect(shipManyBody(' India Post ', ['ORD-2026-000002', 'ORD-2026-000001'], { 'ORD-2026-000002': 'EK 1111 1111 1IN', 'ORD-2026-000001': 'EK222222222IN' })).toEqual({
      status: 'shipped',
      carrier: 'India Post',
      orders: [
        { number: 'ORD-2026-000002', tracking_number: 'EK111111111IN' },
        { number: 'ORD-2026-000001', tracking_number: 'EK222222222IN' },
      ],
    });
  });

  it('prints the orders the address names, each once, in its order', () => {
    expect(printedNumbers('ORD-2026-000002, ORD-2026-000001,,ORD-2026-000002')).toEqual(['ORD-2026-000002', 'ORD-2026-000001']);
    expect(printedNumbers(null)).toEqual([]);
  });
});
