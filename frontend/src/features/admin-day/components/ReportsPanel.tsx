// The owner's reports, sized for a phone: the totals first, then short lists (a day, a product, a
// category a line; nothing wider than the screen), each with its CSV download.
import type { ReactNode } from 'react';
import { Panel } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { formatNumber, intlFormat, useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import type { Grain, SalesTotals, WaitingState } from '@/types/day-desk';
import { csvHref, useCategorySales, useProductSales, useSalesReport, useWaitingReport, type ReportRange } from '@/features/admin-day/api/reports';
import type { MessageId } from '@/lib/i18n';

const rupees = (amount: number) => formatRupees(toPaise(amount));

/** An India day (`2026-11-28`) as people write it: 28 Nov 2026. */
const day = (iso: string) => intlFormat('date', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

const WAITING: Record<WaitingState, MessageId> = {
  to_confirm: 'admin.reports.waiting.toConfirm',
  awaiting_payment: 'admin.reports.waiting.awaitingPayment',
  to_pack: 'admin.reports.waiting.toPack',
  to_ship: 'admin.reports.waiting.toShip',
  in_transit: 'admin.reports.waiting.inTransit',
};

function Download({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className="inline-flex min-h-11 items-center font-medium text-green-800 underline">
      {label}
    </a>
  );
}

/** A list of `label … amount` lines that wraps rather than scrolls. */
function Lines({ children }: { children: ReactNode }) {
  return <ul className="-mx-4 divide-y divide-stone-200 border-t border-stone-200 sm:-mx-5">{children}</ul>;
}

function Line({ label, detail, amount }: { label: string; detail?: string; amount: string }) {
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-2 sm:px-5">
      <span className="min-w-0">
        <span className="block break-words text-stone-900">{label}</span>
        {detail ? <span className="block text-sm text-stone-600">{detail}</span> : null}
      </span>
      <span className="shrink-0 font-semibold tabular-nums">{amount}</span>
    </li>
  );
}

function Totals({ totals }: { totals: SalesTotals }) {
  const t = useT();
  return (
    <section aria-label={t('admin.reports.totals')} className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('admin.reports.afterGst')}</h2>
      <p className="mt-1 text-3xl font-bold text-stone-900 tabular-nums" data-testid="sales-after-gst">
        {rupees(totals.after_gst)}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm text-stone-700">
        <div>
          <dt>{t('admin.reports.beforeGst')}</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{rupees(totals.before_gst)}</dd>
        </div>
        <div>
          <dt>{t('admin.reports.gst')}</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{rupees(totals.gst)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-stone-600">{t('admin.reports.documents', { invoices: totals.invoices, creditNotes: totals.credit_notes })}</p>
    </section>
  );
}

/** The reports for `range`, grouped by `grain`. */
export function ReportsPanel({ range, grain, compact }: { range: ReportRange; grain: Grain; compact?: boolean }) {
  const t = useT();
  const sales = useSalesReport(range, grain);
  const products = useProductSales(range);
  const categories = useCategorySales(range);
  const waiting = useWaitingReport();
  if (sales.isError) return <ErrorBox onRetry={() => void sales.refetch()}>{t('admin.reports.loadFailed')}</ErrorBox>;
  if (!sales.data) return <PageLoading />;
  // Days without a document are left out on a phone (the CSV has every one); weeks and months all show.
  const rows = compact || grain === 'day' ? sales.data.rows.filter((row) => row.invoices + row.credit_notes > 0) : sales.data.rows;
  const period = (first: string, last: string) => (first === last ? day(first) : `${day(first)} – ${day(last)}`);
  return (
    <div className="space-y-4">
      <Totals totals={sales.data.totals} />
      <Panel title={t(grain === 'day' ? 'admin.reports.byDay' : grain === 'week' ? 'admin.reports.byWeek' : 'admin.reports.byMonth')} actions={<Download href={csvHref('sales', range, grain)} label={t('admin.reports.csv')} />}>
        {rows.length === 0 ? (
          <p className="text-stone-700">{t('admin.reports.noSales')}</p>
        ) : (
          <Lines>
            {rows.map((row) => (
              <Line key={row.first_day} label={period(row.first_day, row.last_day)} detail={t('admin.reports.units', { count: row.units })} amount={rupees(row.after_gst)} />
            ))}
          </Lines>
        )}
      </Panel>
      <Panel title={t('admin.reports.bestSellers')} actions={<Download href={csvHref('products', range)} label={t('admin.reports.csv')} />}>
        {products.data && products.data.best_sellers.length > 0 ? (
          <Lines>
            {products.data.best_sellers.map((row) => (
              <Line key={row.product_id} label={row.product_name} detail={t('admin.reports.units', { count: row.units })} amount={rupees(row.after_gst)} />
            ))}
          </Lines>
        ) : (
          <p className="text-stone-700">{t('admin.reports.noSales')}</p>
        )}
      </Panel>
      <Panel title={t('admin.reports.byCategory')} actions={<Download href={csvHref('categories', range)} label={t('admin.reports.csv')} />}>
        {categories.data && categories.data.rows.length > 0 ? (
          <Lines>
            {categories.data.rows.map((row) => (
              <Line key={row.category ?? ''} label={row.category ?? t('admin.reports.noCategory')} detail={t('admin.reports.units', { count: row.units })} amount={rupees(row.after_gst)} />
            ))}
          </Lines>
        ) : (
          <p className="text-stone-700">{t('admin.reports.noSales')}</p>
        )}
      </Panel>
      <Panel title={t('admin.reports.waitingTitle')} actions={<Download href={csvHref('waiting', range)} label={t('admin.reports.csv')} />}>
        {waiting.data ? (
          <Lines>
            {waiting.data.rows.map((row) => (
              <Line key={row.state} label={t(WAITING[row.state])} detail={rupees(row.value)} amount={formatNumber(row.orders)} />
            ))}
          </Lines>
        ) : null}
      </Panel>
    </div>
  );
}
