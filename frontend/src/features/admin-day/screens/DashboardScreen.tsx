import { Link } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { PageLoading } from '@/components/PageLoading';
import { formatRupees, formatRupeesShort, toPaise } from '@/lib/money';
import type { ExpiryWatch, PeriodFigures } from '@/types/day-desk';
import { useDashboard } from '@/features/admin-day/api/dashboard';
import { countOf, WAITING_STEPS } from '@/features/admin-day/figures';
import { adminPaths } from '@/lib/admin-paths';
import { useT } from '@/lib/i18n';
import { useUser } from '@/lib/queries/user';
import { ReportsPanel } from '@/features/admin-day/components/ReportsPanel';

const LICENCE_TITLES = { insecticide: 'Insecticide sale licence', fertiliser: 'Fertiliser authorisation', seed: 'Seed dealer licence' } as const;

function PeriodCard({ title, figures }: { title: string; figures: PeriodFigures }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-stone-200 bg-white p-3 sm:p-5">
      <h2 className="text-xs font-semibold tracking-wide text-stone-600 uppercase sm:text-sm">{title}</h2>
      {/* Whole rupees: the exact sum is in the title; a phone fits two cards side by side. */}
      <p className="mt-2 text-xl font-bold text-stone-900 tabular-nums sm:text-3xl" title={formatRupees(toPaise(figures.sales))}>
        {formatRupeesShort(toPaise(figures.sales))}
      </p>
      <p className="mt-1 text-sm text-stone-700 sm:text-base">
        {countOf(figures.orders, 'order', 'orders')}
        {figures.cancelled > 0 ? <span className="block text-stone-600 sm:inline"> {figures.cancelled} cancelled, not counted</span> : null}
      </p>
    </section>
  );
}

/** Batches that need staff: expiring within the window, expired and waiting, undated. */
function ExpiryPanel({ watch }: { watch: ExpiryWatch }) {
  const calm = watch.expiring_total === 0 && watch.awaiting_disposal_total === 0 && watch.undated_total === 0;
  const rows = [...watch.awaiting_disposal, ...watch.expiring].slice(0, 8);
  return (
    <div className="mt-4">
      <Panel
        title="Expiry"
        actions={
          <Link to={adminPaths.expiry.getHref()} className="font-medium text-green-800 underline">
            Open the expiry list
          </Link>
        }
      >
        {calm ? (
          <p className="text-stone-700">No batch expires within {watch.window_days} days, none waits for disposal and every batch has its dates.</p>
        ) : (
          <>
            <ul className="grid grid-cols-3 gap-2 sm:gap-3">
              {[
                { label: `Expiring in ${watch.window_days} days`, n: watch.expiring_total, warn: 'border-amber-300 bg-amber-50' },
                { label: 'Expired, to dispose of', n: watch.awaiting_disposal_total, warn: 'border-red-300 bg-red-50' },
                { label: 'Undated, to date', n: watch.undated_total, warn: 'border-amber-300 bg-amber-50' },
              ].map((tile) => (
                <li key={tile.label}>
                  <Link
                    to={adminPaths.expiry.getHref()}
                    className={`flex min-h-24 flex-col justify-between rounded-lg border p-3 hover:bg-stone-50 ${tile.n > 0 ? tile.warn : 'border-stone-200'}`}
                  >
                    <span className="text-sm leading-tight font-medium text-stone-800">{tile.label}</span>
                    <span className="text-2xl font-bold text-stone-900 tabular-nums">{tile.n}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {rows.length > 0 ? (
              <ul className="mt-3 -mx-4 divide-y divide-stone-200 border-t border-stone-200 sm:-mx-5" aria-label="Batches to see to">
                {rows.map((batch) => (
                  <li key={batch.id}>
                    <Link to={adminPaths.product.getHref(batch.product_id)} className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-stone-50 sm:px-5">
                      <span className="min-w-0">
                        <span className="block font-semibold break-words text-green-900">
                          {batch.product_name}
                          {batch.variant_name ? ` ${batch.variant_name}` : ''}
                        </span>
                        <span className="block text-sm text-stone-600">
                          Batch {batch.number} · {batch.expired ? 'expired' : 'expires'} {batch.expires_on}
                        </span>
                      </span>
                      <span className="shrink-0 text-right tabular-nums">
                        <span className={`block text-lg font-bold ${batch.expired ? 'text-red-800' : 'text-amber-800'}`}>{batch.quantity}</span>
                        <span className="block text-xs text-stone-600">{batch.expired ? 'segregate' : `${batch.days_left ?? 0} days left`}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </Panel>
    </div>
  );
}

/** /admin: the day at a glance. Opening it marks today's orders seen (see seen-orders.ts). */
export default function DashboardScreen() {
  const dashboard = useDashboard();
  const t = useT();
  // An accountant reads the books: the inbox and the stock are the shop-keepers' work.
  // (The back office renders only once it knows who is signed in: `AdminApp`.)
  const keeper = useUser().data?.role !== 'accountant';
  const data = dashboard.data;

  if (dashboard.isError && !data) return <ErrorBox onRetry={() => void dashboard.refetch()}>The dashboard could not be loaded.</ErrorBox>;
  if (!data) return <PageLoading />;
  const { orders, low_stock: lowStock, low_stock_total: lowStockTotal, open_messages: openMessages, batches } = data;
  // Older servers (and mocks) may leave these out.
  const lapsed = data.licences_lapsed ?? [];
  const expiring = data.licences_expiring ?? [];

  return (
    <AdminPage title="Dashboard" intro="Today and this month in India time (IST). Cancelled orders are not counted in sales.">
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <PeriodCard title="Today" figures={orders.today} />
        <PeriodCard title="This month" figures={orders.month} />
      </div>

      {lapsed.length + expiring.length > 0 ? (
        <div className="mt-4">
          <Panel title="Dealer licences">
            <ul className="space-y-2" data-testid="licence-warnings">
              {lapsed.map((licence) => (
                <li key={licence.number} className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-950">
                  <span className="font-semibold">{LICENCE_TITLES[licence.kind]} {licence.number}</span> expired on {licence.valid_until}: its products are not for sale until it is
                  renewed (update the shop profile).
                </li>
              ))}
              {expiring.map((licence) => (
                <li key={licence.number} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
                  <span className="font-semibold">{LICENCE_TITLES[licence.kind]} {licence.number}</span> runs out on {licence.valid_until} (
                  {countOf(licence.days_left, 'day', 'days')} left).
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      ) : null}

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Panel title="Orders waiting">
          <ul className="grid grid-cols-3 gap-2 sm:gap-3">
            {WAITING_STEPS.map((step) => {
              const n = orders.waiting[step.key];
              return (
                <li key={step.key}>
                  <Link
                    to={adminPaths.orders.getHref({ status: step.status })}
                    title={step.hint}
                    className={`flex min-h-24 flex-col justify-between rounded-lg border p-3 hover:bg-stone-50 ${n > 0 ? 'border-amber-300 bg-amber-50' : 'border-stone-200'}`}
                  >
                    <span className="text-sm leading-tight font-medium text-stone-800">{step.label}</span>
                    <span className="text-2xl font-bold text-stone-900 tabular-nums">{n}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Panel>

        {keeper ? (
          <Panel title="Messages">
            {openMessages > 0 ? (
              <Link to={adminPaths.messages.getHref()} className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 hover:bg-amber-100">
                <span className="font-medium text-stone-900">{countOf(openMessages, 'message waits', 'messages wait')} for an answer</span>
                <span className="shrink-0 font-semibold text-green-800 underline">Open the inbox</span>
              </Link>
            ) : (
              <p className="text-stone-700">
                Every message has been answered.{' '}
                <Link to={adminPaths.messages.getHref('all')} className="font-medium text-green-800 underline">
                  See all messages
                </Link>
              </p>
            )}
          </Panel>
        ) : null}
      </div>

      {keeper ? <ExpiryPanel watch={batches} /> : null}

      <section aria-labelledby="dashboard-reports" className="mt-6">
        <h2 id="dashboard-reports" className="text-xl font-bold text-stone-900">
          {t('admin.reports.monthTitle')}
        </h2>
        <p className="mt-1 mb-3 text-stone-600">{t('admin.reports.monthIntro')}</p>
        <ReportsPanel range={{}} grain="day" compact />
        <p className="mt-3">
          <Link to={adminPaths.reports.getHref()} className="font-medium text-green-800 underline">
            {t('admin.reports.more')}
          </Link>
        </p>
      </section>

      {keeper ? (
        <div className="mt-4">
          <Panel
            title="Low stock"
            actions={
              lowStockTotal > lowStock.length ? (
                <Link to={adminPaths.lowStock.getHref()} className="font-medium text-green-800 underline">
                  See all {lowStockTotal}
                </Link>
              ) : null
            }
          >
            {lowStock.length === 0 ? (
              <p className="text-stone-700">Nothing is running low.</p>
            ) : (
              <ul className="-mx-4 divide-y divide-stone-200 border-t border-stone-200 sm:-mx-5">
                {lowStock.map((item) => (
                  <li key={item.variant_id}>
                    <Link to={adminPaths.product.getHref(item.product_id)} className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-stone-50 sm:px-5">
                      <span className="min-w-0">
                        <span className="block font-semibold break-words text-green-900">{item.product_name}</span>
                        <span className="block text-sm text-stone-600">{item.variant_name ?? 'Single variant'}</span>
                      </span>
                      <span className="shrink-0 text-right tabular-nums">
                        <span className={`block text-lg font-bold ${item.stock === 0 ? 'text-red-800' : 'text-amber-800'}`}>{item.stock}</span>
                        <span className="block text-xs text-stone-600">alert at {item.low_stock_threshold}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      ) : null}
    </AdminPage>
  );
}
