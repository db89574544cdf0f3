// Everything that happened to the order, oldest first, each with who did it; the mails and phone
// messages sent about it with how far each got (a provider's refusal in red); and, on each piece
// of news the customer is told of, a "Send on WhatsApp" link with the message already written.
import { formatDateTime } from '@/components/order-paper/order-format';
import { parseApiDate } from '@/lib/dates';
import { formatRupees, toPaise } from '@/lib/money';
import type { OrderMessage, TimelineEntry } from '@/types/orders-desk';
import { STATUS_NAMES } from '@/features/admin-orders/labels';
import { messageHeadline, messageState, stateTone } from '@/features/admin-orders/message-words';

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
    case 'message':
      return entry.message ? messageHeadline(entry.message) : 'Message';
  }
}

/** Who made a change no member of staff made: checkout places an order, the rest is the system's. */
const byNobody = (entry: TimelineEntry) => (entry.status === 'placed' || entry.status === 'awaiting_payment' ? 'the customer' : 'the system');

const When = ({ at }: { at: string }) => <time dateTime={parseApiDate(at).toISOString()}>{formatDateTime(at)}</time>;

function MessageLine({ message }: { message: OrderMessage }) {
  return (
    <p className="text-sm">
      <span className={`rounded px-2 py-0.5 font-semibold ${stateTone(message.state)}`}>{messageState(message.state)}</span>
      {message.state_at ? (
        <span className="text-stone-600">
          {' '}
          <When at={message.state_at} />
        </span>
      ) : null}
      {message.reason ? <span className={`block ${message.state === 'queued' ? 'text-stone-700' : 'font-medium text-red-800'}`}>{message.reason}</span> : null}
    </p>
  );
}

export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="space-y-3" data-testid="order-timeline">
      {entries.map((entry, index) => (
        <li key={`${entry.kind}-${entry.at}-${index}`} className={`border-l-2 pl-3 ${entry.kind === 'message' ? 'border-stone-300' : 'border-green-700'}`}>
          <p className="font-semibold text-stone-900">{headline(entry)}</p>
          {entry.detail ? <p className="text-stone-800">{entry.detail}</p> : null}
          {entry.note ? <p className="text-stone-700 italic">“{entry.note}”</p> : null}
          {entry.message ? <MessageLine message={entry.message} /> : null}
          <p className="text-sm text-stone-600">
            <When at={entry.at} />
            {entry.kind === 'message' ? ' · queued' : ` · ${entry.actor ?? byNobody(entry)}`}
          </p>
          {entry.send_on_whatsapp ? (
            <a href={entry.send_on_whatsapp} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-green-800 underline">
              Send on WhatsApp
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
