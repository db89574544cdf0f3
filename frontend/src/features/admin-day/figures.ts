// The dashboard's words for its figures, and where each one leads.
import type { OrderStatus } from '@/types/orders';
import type { WaitingOrders } from '@/types/day-desk';

export interface WaitingStep {
  key: keyof WaitingOrders;
  status: OrderStatus;
  label: string;
  /** What staff do next, for a screen reader and a tooltip. */
  hint: string;
}

/** Orders waiting for each next step, in the order staff work through them. */
export const WAITING_STEPS: WaitingStep[] = [
  { key: 'to_confirm', status: 'placed', label: 'To confirm', hint: 'Placed orders to check and confirm' },
  { key: 'awaiting_payment', status: 'awaiting_payment', label: 'Awaiting payment', hint: 'Orders waiting for the customer to pay' },
  { key: 'to_ship', status: 'confirmed', label: 'To ship', hint: 'Confirmed orders to pack and ship' },
];

/** `3 orders`, `1 order`. */
export const countOf = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
