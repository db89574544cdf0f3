import type { ReactNode } from 'react';
import { PageError } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import type { Order } from '@/types/orders';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderNotFound } from '@/features/orders/components/OrderNotFound';

/** Loads an order for a screen: a placeholder while it loads, not-found for a 404, else an error. */
export function OrderGate({ uuid, children }: { uuid: string; children: (order: Order) => ReactNode }) {
  const t = useT();
  const order = useOrder(uuid);
  if (order.data) return children(order.data);
  if (order.isError) {
    return isApiError(order.error, 404) ? <OrderNotFound /> : <PageError onRetry={() => void order.refetch()}>{t('order.loadError')}</PageError>;
  }
  return <PageLoading />;
}
