import '@/components/not-found-messages';
import type { ReactNode } from 'react';
import { PageError } from '@/components/ErrorBox';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/PageLoading';
import { isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import type { Order } from '@/types/orders';
import { useOrder } from '@/features/orders/api/get-order';
import { paths } from '@/lib/paths';

/**
 * Loads an order for a screen: a placeholder while it loads, not-found for a 404, else an error.
 * `linkKey`: the key of the message's link the order was opened from, if any.
 */
export function OrderGate({ uuid, linkKey, children }: { uuid: string; linkKey?: string; children: (order: Order) => ReactNode }) {
  const t = useT();
  const order = useOrder(uuid, linkKey);
  if (order.data) return children(order.data);
  if (order.isError && isApiError(order.error, 404)) {
    // An unknown order, or one that belongs to another account (the server tells them apart to no one).
    return (
      <NotFound
        centered
        title={t('order.notFound.title')}
        text={t('order.notFound.text')}
        actions={[
          { to: paths.account.getHref(), label: t('order.notFound.account') },
          { to: paths.home.getHref(), label: t('notFound.home') },
        ]}
      />
    );
  }
  if (order.isError) return <PageError onRetry={() => void order.refetch()}>{t('order.loadError')}</PageError>;
  return <PageLoading />;
}
