// Everything that happened to the order, oldest first, each with who did it.
import { formatDateTime } from '@/components/order-paper/order-format';
import { parseApiDate } from '@/lib/dates';
import { formatRupees, toPaise } from '@/lib/money';
import type { TimelineEntry } from '@/types/orders-desk';
import { STATUS_NAMES } from '@/features/admin-orders/labels';

/** What the entry says happened, in a few words. */
export function headline(entry: TimelineEntry): string {
  const amount = entry.amount === null ? '' : ` ${formatRupees(toPaise(entry.amount))}`;
  switch (entry.kind) {
    case 'status':
      return entry.status ? STATUS_NAMES[entry.status] : 'Status changed';
    case 'payment':
      return `Payment received${amount}`;
    case 'refund':
      return `Refunded${amount}`;
    case 'note':
      return 'Note';
  }
}

/** Who made a change no member of staff made: checkout places an order, the rest is the system's. */
const byNobody = (entry: TimelineEntry) => (entry.status === 'placed' || entry.status === 'awaiting_payment' ? 'the customer' : 'the system');

export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="space-y-3" data-testid="order-timeline">
      {entries.map((entry, index) => (
        <li key={`${entry.kind}-${entry.at}-${index}`} className="border-l-2 border-green-700 pl-3">
          <p className="font-semibold text-stone-900">{headline(entry)}</p>
          {entry.detail ? <p className="text-stone-800">{entry.detail}</p> : null}
          {entry.note ? <p className="text-stone-700 italic">“{entry.note}”</p> : null}
          <p className="text-sm text-stone-600">
            <time dateTime={parseApiDate(entry.at).toISOString()}>{formatDateTime(entry.at)}</time> · {entry.actor ?? byNobody(entry)}
          </p>
        </li>
      ))}
    </ol>
  );
}
