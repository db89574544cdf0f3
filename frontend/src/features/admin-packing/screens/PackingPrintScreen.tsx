// Several orders' packing slips in one print, one a page, from the packing desk's own answers (no
// price but the cash to collect), so a packer can print a day's slips at once.
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { useT } from '@/lib/i18n';
import { adminPaths } from '@/lib/admin-paths';
import { api } from '@/lib/api-client';
import { segment } from '@/lib/paths';
import type { PackingOrder } from '@/types/packing';
import { PackingSlipBody } from '@/features/admin-packing/components/PackingSlipBody';
import '@/lib/desk-messages';

export default function PackingPrintScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const numbers = (params.get('numbers') ?? '').split(',').filter(Boolean).slice(0, 100);
  const orders = useQueries({
    queries: numbers.map((number) => ({
      queryKey: ['admin', 'packing', 'order', number],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<PackingOrder>(`/api/admin/packing/orders/${segment(number)}`, { signal }),
      retry: false,
    })),
  });
  const failed = orders.find((order) => order.isError);
  if (failed) return <ErrorBox onRetry={() => void failed.refetch()}>{t('admin.packing.orderLoadFailed')}</ErrorBox>;
  if (orders.some((order) => !order.data)) return <PageLoading />;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3 print:hidden">
        <Link to={adminPaths.packing.getHref()} className="font-medium text-green-800 underline">
          {t('admin.packing.back')}
        </Link>
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          {t('desk.bulk.slips')}
        </button>
      </div>
      {orders.map(({ data }) =>
        data ? (
          <section key={data.number} aria-label={t('admin.packing.orderTitle', { number: data.number })} className="mb-8 space-y-4 break-after-page print:mb-0">
            <h1 className="text-2xl font-bold text-stone-900">{t('admin.packing.orderTitle', { number: data.number })}</h1>
            <PackingSlipBody order={data} />
          </section>
        ) : null,
      )}
    </div>
  );
}
