// Several orders' papers in one print, chosen on the orders list: their packing slips (one a
// page, each with the cash to collect) or their GST documents. The address holds the choice
// (`?paper=packing-slip&numbers=ORD-…,ORD-…`), so the page reloads and prints the same.
import '@/components/order-paper/messages';
import '@/lib/desk-messages';
import PrinterIcon from '@heroicons/react/24/outline/PrinterIcon';
import { Link, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { PageError } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { OrderPapers, isInvoiced } from '@/components/order-paper/TaxInvoice';
import { useT } from '@/lib/i18n';
import type { StaffOrder } from '@/types/orders-desk';
import { useStaffOrders } from '@/features/admin-orders/api/orders-desk';
import { PackingSlip } from '@/features/admin-orders/components/PackingSlip';
import { adminPaths } from '@/lib/admin-paths';

/** The order numbers the address names, each once, in its order. */
export function printedNumbers(raw: string | null): string[] {
  const numbers = (raw ?? '').split(',').map((number) => number.trim()).filter(Boolean);
  return [...new Set(numbers)];
}

function Paper({ order, paper }: { order: StaffOrder; paper: 'packing-slip' | 'invoice' }) {
  const t = useT();
  if (paper === 'packing-slip') return <PackingSlip order={order} alone={false} />;
  if (!isInvoiced(order)) return <p className="rounded-lg border border-stone-200 bg-white p-4 print:hidden">{t('desk.print.noInvoice', { number: order.number })}</p>;
  return <OrderPapers order={order} show="documents" />;
}

export default function OrdersPrintScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const paper = params.get('paper') === 'invoice' ? 'invoice' : 'packing-slip';
  const numbers = printedNumbers(params.get('numbers'));
  const orders = useStaffOrders(numbers);
  const title = paper === 'invoice' ? t('desk.print.invoices') : t('desk.print.slips');
  const failed = orders.find((order) => order.isError);
  const body = (() => {
    if (numbers.length === 0) return <p>{t('desk.print.none')}</p>;
    if (failed) return <PageError onRetry={() => void failed.refetch()}>{failed.error?.message}</PageError>;
    if (orders.some((order) => order.isPending)) return <PageLoading />;
    return (
      <div className="space-y-6">
        {orders.map(({ data: order }) =>
          order ? (
            <div key={order.number} className="paper-sheet">
              <Paper order={order} paper={paper} />
            </div>
          ) : null,
        )}
      </div>
    );
  })();
  return (
    <AdminPage
      title={`${title} · ${numbers.length}`}
      actions={
        <>
          <Link to={adminPaths.orders.getHref()} className="btn-secondary">
            {t('desk.print.back')}
          </Link>
          <button type="button" className="btn-primary" onClick={() => window.print()} disabled={numbers.length === 0}>
            <PrinterIcon className="size-5" aria-hidden />
            {t('desk.print.print')}
          </button>
        </>
      }
    >
      {body}
    </AdminPage>
  );
}
