// What a move sends and what it needs before it is sent: a shipment its carrier and tracking
// number (and, for goods over ₹50,000, the e-way bill's 12 digits), a cancellation its reason (the
// server checks the same, and says so per field).
import type { OrderStatus } from '@/types/orders';
import type { OrderMoveBody } from '@/types/orders-desk';

export interface MoveFields {
  carrier: string;
  trackingNumber: string;
  ewayBill: string;
  reason: string;
  note: string;
}

export const emptyMove: MoveFields = { carrier: '', trackingNumber: '', ewayBill: '', reason: '', note: '' };

/** The field problems to show before sending, by the API's field names; empty when it may go. */
export function moveProblems(status: OrderStatus, fields: MoveFields): Record<string, string> {
  const problems: Record<string, string> = {};
  if (status === 'shipped') {
    if (!fields.carrier.trim()) problems.carrier = 'Who carries the parcel?';
    if (!fields.trackingNumber.trim()) problems.tracking_number = 'Enter the tracking number from the carrier’s receipt.';
    const eway = fields.ewayBill.replace(/\s/g, '');
    if (eway && !/^\d{12}$/.test(eway)) problems.eway_bill_number = 'An e-way bill number is 12 digits.';
  }
  if (status === 'cancelled' && !fields.reason.trim()) problems.reason = 'Say why the order is cancelled.';
  return problems;
}

/** The body for the move: only what this status takes, blanks left out. */
export function moveBody(status: OrderStatus, fields: MoveFields): OrderMoveBody {
  const text = (value: string) => value.trim() || null;
  return {
    status,
    carrier: status === 'shipped' ? text(fields.carrier) : null,
    // Carriers print numbers in groups (`EK 1234 5678 9IN`): the spaces go.
    tracking_number: status === 'shipped' ? text(fields.trackingNumber.replace(/\s/g, '')) : null,
    eway_bill_number: status === 'shipped' ? text(fields.ewayBill.replace(/\s/g, '')) : null,
    reason: status === 'cancelled' ? text(fields.reason) : null,
    note: text(fields.note),
  };
}

/** Today in India as `2026-11-24` (the shop's days; a payment date may not be later). */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Rupees as typed (`1,250.50`, `₹ 1250`) to a number with at most 2 decimals, or undefined. */
export function parseRupees(raw: string): number | undefined {
  const cleaned = raw.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return value > 0 ? value : undefined;
}
