// How orders read: their dates (the API's UTC timestamps, shown in India's time, as on the invoice)
// and the names of their statuses.
import { parseApiDate } from '@/lib/dates';
import { intlFormat, type MessageId } from '@/lib/i18n';
import type { OrderStatus } from '@/types/orders';

/** The shop trades in India; its invoices and order pages give India's date and time. */
const TIME_ZONE = 'Asia/Kolkata';

/** `22 Nov 2026` */
export const formatDate = (timestamp: string): string =>
  intlFormat('date', { dateStyle: 'medium', timeZone: TIME_ZONE }).format(parseApiDate(timestamp));

/** A calendar day the API gives as `2026-11-22` (an invoice's date, already India's): `22 Nov 2026`. */
export const formatDay = (day: string): string =>
  intlFormat('date', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** `22 Nov 2026, 3:00 pm` */
export const formatDateTime = (timestamp: string): string =>
  intlFormat('date', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(parseApiDate(timestamp));

export const STATUS_LABELS: Record<OrderStatus, MessageId> = {
  placed: 'order.status.placed',
  awaiting_payment: 'order.status.awaitingPayment',
  confirmed: 'order.status.confirmed',
  shipped: 'order.status.shipped',
  delivered: 'order.status.delivered',
  cancelled: 'order.status.cancelled',
};
