// The desk's words for statuses, payment methods and payment states.
import type { OrderStatus, PaymentMethod } from '@/types/orders';
import type { PaymentState, RefundMethod } from '@/types/orders-desk';

export const STATUS_NAMES: Record<OrderStatus, string> = {
  placed: 'Placed',
  awaiting_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The button that makes each move. */
export const MOVE_NAMES: Record<OrderStatus, string> = {
  placed: 'Mark placed',
  awaiting_payment: 'Mark awaiting payment',
  confirmed: 'Confirm',
  shipped: 'Ship',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

export const METHOD_NAMES: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  bank_transfer: 'Bank transfer',
};

export const PAYMENT_STATE_NAMES: Record<PaymentState, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refunded: 'Refunded',
};

export const REFUND_METHOD_NAMES: Record<RefundMethod, string> = {
  bank_transfer: 'Bank transfer',
  upi: 'UPI',
  cash: 'Cash',
};

const PAYMENT_TONES: Record<PaymentState, string> = {
  unpaid: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  refunded: 'bg-stone-200 text-stone-800',
};

export const paymentTone = (state: PaymentState) => PAYMENT_TONES[state];
