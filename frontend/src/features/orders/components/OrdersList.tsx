// The signed-in shopper's orders, newest first: composed into the user area by the app.
import '@/components/order-paper/messages';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ErrorBox';
import { Icon } from '@/components/Icon';
import { isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrderStatusBadge } from '@/components/order-paper/OrderStatusBadge';
import { formatDate } from '@/components/order-paper/order-format';
import { paths } from '@/lib/paths';

export function OrdersList() {
  const t = useT();
  const titleId = useId();
  const query = useOrders();
  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  let body;
  if (query.isPending) {
    body = (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t('list.loading')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-[5.5rem] animate-pulse rounded-xl bg-stone-200 motion-reduce:animate-none" aria-hidden />
        ))}
      </div>
    );
  } else if (query.isError && orders.length === 0) {
    body = isApiError(query.error, 401) ? (
      <p className="text-stone-800">{t('order.list.signIn')}</p>
    ) : (
      <ErrorBox onRetry={() => void query.refetch()}>{t('order.list.error')}</ErrorBox>
    );
  } else if (orders.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-stone-300 bg-white p-6">
        <Icon name="shopping-bag" className="size-8 text-green-800" />
        <div>
          <p className="font-semibold text-stone-900">{t('order.list.emptyTitle')}</p>
          <p className="mt-1 text-stone-700">{t('order.list.emptyText')}</p>
        </div>
        <Link to={paths.home.getHref()} className="btn-primary">
          {t('order.list.startShopping')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-label={t('order.list.title')}>
          {orders.map((order) => (
            <li key={order.uuid}>
              <Link
                to={paths.viewOrder.getHref(order.uuid)}
                className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 rounded-xl border border-stone-200 bg-white p-4 hover:border-green-700 hover:bg-green-50/40"
              >
                <span className="font-semibold text-green-900 underline-offset-2">{order.number}</span>
                <span className="justify-self-end">
                  <OrderStatusBadge status={order.status} />
                </span>
                <span className="text-sm text-stone-700">
                  {formatDate(order.placed_at)} · {t('order.itemCount', { count: order.item_count })}
                </span>
                <span className="justify-self-end font-semibold whitespace-nowrap text-stone-900">{formatRupees(toPaise(order.total))}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-col items-center gap-2 text-center" role="status">
          {query.isFetchingNextPage ? <p className="text-stone-700">{t('list.loading')}</p> : null}
          {query.isError ? <p className="font-medium text-red-800">{t('list.error')}</p> : null}
          {query.hasNextPage && !query.isFetchingNextPage ? (
            <button type="button" className="btn-secondary" onClick={() => void query.fetchNextPage()}>
              {query.isError ? t('list.retry') : t('list.loadMore')}
            </button>
          ) : null}
          {total > orders.length ? null : <p className="text-sm text-stone-600">{t('order.list.count', { count: total })}</p>}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-bold text-stone-900">
        {t('order.list.title')}
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}
