import { useT } from '@/lib/i18n';
import type { Order, OrderStatus } from '@/types/orders';
import { parseApiDate } from '@/lib/dates';
import { formatDateTime, STATUS_LABELS } from '@/components/order-paper/order-format';

/** The steps every order goes through once placed (and paid for, by bank transfer). */
const FLOW: OrderStatus[] = ['confirmed', 'shipped', 'delivered'];

/** What has happened to the order, with its dates, then the steps still to come. */
export function StatusTimeline({ order }: { order: Order }) {
  const t = useT();
  const history = order.status_history;
  const ahead = order.status === 'cancelled' ? [] : FLOW.slice(FLOW.indexOf(order.status) + 1);
  const total = history.length + ahead.length;
  return (
    <ol>
      {history.map((step, index) => {
        const current = index === history.length - 1;
        return (
          <li key={`${step.status}-${step.at}`} className="relative flex gap-3 pb-5 last:pb-0" aria-current={current ? 'step' : undefined}>
            {index < total - 1 ? (
              <span className={`absolute top-6 bottom-0 left-[11px] w-0.5 ${current ? 'bg-stone-300' : 'bg-green-700'}`} aria-hidden />
            ) : null}
            <span
              className={`relative mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full ${step.status === 'cancelled' ? 'bg-stone-600' : 'bg-green-700'}`}
              aria-hidden
            >
              <span className="size-2 rounded-full bg-white" />
            </span>
            <div>
              <p className={current ? 'font-semibold text-stone-900' : 'font-medium text-stone-800'}>{t(STATUS_LABELS[step.status])}</p>
              <p className="text-sm text-stone-700">
                <time dateTime={parseApiDate(step.at).toISOString()}>{formatDateTime(step.at)}</time>
              </p>
              {step.status === 'shipped' && order.carrier && order.tracking_number ? (
                <p className="text-sm text-stone-800" data-testid="tracking">
                  {t('order.timeline.tracking', { carrier: order.carrier, tracking: order.tracking_number })}
                </p>
              ) : null}
              {step.status === 'shipped' && order.tracking_url ? (
                <a
                  href={order.tracking_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline underline-offset-2"
                >
                  {t('order.timeline.track')}
                </a>
              ) : null}
            </div>
          </li>
        );
      })}
      {ahead.map((status, index) => (
        <li key={status} className="relative flex gap-3 pb-5 last:pb-0">
          {history.length + index < total - 1 ? <span className="absolute top-6 bottom-0 left-[11px] w-0.5 bg-stone-300" aria-hidden /> : null}
          <span className="relative mt-0.5 size-6 shrink-0 rounded-full border-2 border-stone-400 bg-white" aria-hidden />
          <p className="text-stone-600">
            {t(STATUS_LABELS[status])}
            <span className="sr-only"> {t('order.timeline.toCome')}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}
