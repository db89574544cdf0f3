import ArrowDownTrayIcon from '@heroicons/react/24/outline/ArrowDownTrayIcon';
import { useSearchParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { TextField } from '@/components/form/TextField';
import { formatRupees, toPaise } from '@/lib/money';
import { marginCsvHref, stockValueCsvHref, useMargin, useStockValue } from '@/features/admin-registers/api/registers';
import { indianDate } from '@/features/admin-registers/month';
import type { MarginReport, ProductValue, StockValue } from '@/types/registers';

const money = (rupees: number) => formatRupees(toPaise(rupees));
const cell = 'px-2 py-2';

function ProductList({ rows, testId }: { rows: ProductValue[]; testId: string }) {
  if (rows.length === 0) return <p className="text-stone-700">No stock kept by batch.</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.product_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <span className="min-w-0">
            <span className="font-medium">{row.product}</span>
            <span className="block text-sm text-stone-600">{row.category ?? 'No category'}</span>
          </span>
          <span className="text-right tabular-nums">
            <span className="font-semibold">{row.batch_tracked ? money(row.value) : 'No cost'}</span>
            <span className="block text-sm text-stone-600">
              {row.units} units
              {row.expired_units ? ` · expired ${row.expired_units} (${money(row.expired_value)})` : ''}
              {row.batch_tracked && row.units_without_cost ? ` · ${row.units_without_cost} not costed` : ''}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function StockTables({ value }: { value: StockValue }) {
  const { totals } = value;
  const untracked = value.products.filter((row) => !row.batch_tracked);
  return (
    <>
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="stock-totals">
        {[
          ['Stock at cost', money(totals.value), `${totals.units} units`],
          ['Expired, to dispose of', money(totals.expired_value), `${totals.expired_units} units`],
          ['Units without a cost', String(totals.units_without_cost), 'not kept by batch, or not costed'],
          ['Categories', String(value.categories.length), `${value.products.length} products`],
        ].map(([label, figure, note]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-3">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{figure}</dd>
            <dd className="text-xs text-stone-600">{note}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mb-2 font-semibold text-stone-900">By category</h3>
      <div className="-mx-4 mb-5 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <table className="w-full min-w-[32rem] border-collapse text-left text-sm tabular-nums" data-testid="stock-categories">
          <thead>
            <tr className="border-b border-stone-300 text-xs text-stone-700">
              <th scope="col" className={cell}>Category</th>
              <th scope="col" className={`${cell} text-right`}>Units</th>
              <th scope="col" className={`${cell} text-right`}>At cost</th>
              <th scope="col" className={`${cell} text-right`}>Expired</th>
              <th scope="col" className={`${cell} text-right`}>No cost</th>
            </tr>
          </thead>
          <tbody>
            {value.categories.map((row) => (
              <tr key={row.category ?? '—'} className="border-b border-stone-100">
                <th scope="row" className={`${cell} font-medium`}>{row.category ?? 'No category'}</th>
                <td className={`${cell} text-right`}>{row.units}</td>
                <td className={`${cell} text-right`}>{money(row.value)}</td>
                <td className={`${cell} text-right`}>{row.expired_units ? `${row.expired_units} · ${money(row.expired_value)}` : '—'}</td>
                <td className={`${cell} text-right`}>{row.units_without_cost || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mb-2 font-semibold text-stone-900">By product</h3>
      <ProductList rows={value.products.filter((row) => row.batch_tracked)} testId="stock-products" />
      {untracked.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer py-2 font-medium text-stone-800">
            {untracked.length === 1 ? '1 product is' : `${untracked.length} products are`} not kept by batch: no cost ({untracked.reduce((sum, row) => sum + row.units, 0)} units)
          </summary>
          <ProductList rows={untracked} testId="stock-untracked" />
        </details>
      ) : null}
    </>
  );
}

function MarginTable({ report }: { report: MarginReport }) {
  const { totals } = report;
  if (report.products.length === 0) return <p className="text-stone-700">Nothing was sold in these days.</p>;
  return (
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm tabular-nums" data-testid="margin">
        <thead>
          <tr className="border-b border-stone-300 text-xs text-stone-700">
            <th scope="col" className={cell}>Product</th>
            <th scope="col" className={`${cell} text-right`}>Units</th>
            <th scope="col" className={`${cell} text-right`}>Sales before GST</th>
            <th scope="col" className={`${cell} text-right`}>Cost</th>
            <th scope="col" className={`${cell} text-right`}>Margin</th>
          </tr>
        </thead>
        <tbody>
          {report.products.map((row) => (
            <tr key={row.product_id} className="border-b border-stone-100 align-top">
              <th scope="row" className={`${cell} font-medium`}>
                {row.product}
                {row.units_without_cost ? <span className="block text-xs font-normal text-amber-800">{row.units_without_cost} units without a cost</span> : null}
              </th>
              <td className={`${cell} text-right`}>{row.units}</td>
              <td className={`${cell} text-right`}>{money(row.taxable)}</td>
              <td className={`${cell} text-right`}>{money(row.cost)}</td>
              <td className={`${cell} text-right font-semibold`}>{money(row.margin)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-stone-300 font-semibold">
            <th scope="row" className={cell}>Total</th>
            <td className={`${cell} text-right`}>{totals.units}</td>
            <td className={`${cell} text-right`}>{money(totals.taxable)}</td>
            <td className={`${cell} text-right`}>{money(totals.cost)}</td>
            <td className={`${cell} text-right`}>{money(totals.margin)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** /admin/stock-value: the stock at cost by category and product, and the margin on a range's sales. */
export default function StockValueScreen() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const both = from && to ? { from, to } : { from: undefined, to: undefined };
  const value = useStockValue();
  const margin = useMargin(both.from, both.to);
  const set = (name: string) => (event: { target: { value: string } }) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(name, event.target.value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <AdminPage title="Stock value and margin" intro="What the stock cost, batch by batch, and what the sales earned over their cost.">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
        <Panel
          title={value.data ? `Stock at cost on ${indianDate(value.data.as_of)}` : 'Stock at cost'}
          actions={
            <a href={stockValueCsvHref()} download className="btn-secondary">
              <ArrowDownTrayIcon className="size-5" aria-hidden />
              CSV
            </a>
          }
        >
          {value.isPending ? <p role="status">Adding up the batches…</p> : null}
          {value.isError ? <p className="text-red-800">The stock’s value could not be loaded.</p> : null}
          {value.data ? <StockTables value={value.data} /> : null}
        </Panel>
        <Panel
          title="Margin on sales"
          actions={
            <a href={marginCsvHref(both.from, both.to)} download className="btn-secondary">
              <ArrowDownTrayIcon className="size-5" aria-hidden />
              CSV
            </a>
          }
        >
          <form className="mb-3 grid grid-cols-2 gap-3 sm:max-w-md" onSubmit={(event) => event.preventDefault()}>
            <TextField id="margin-from" type="date" label="From" value={from ?? ''} onChange={set('from')} />
            <TextField id="margin-to" type="date" label="To" value={to ?? ''} onChange={set('to')} />
          </form>
          <p className="mb-3 text-sm text-stone-700">
            {margin.data ? `${indianDate(margin.data.range.from)} to ${indianDate(margin.data.range.to)}: ` : ''}
            goods before GST (no delivery charge) less the cost of the units sold, net of cancellations and returns.
          </p>
          {margin.isPending ? <p role="status">Adding up the sales…</p> : null}
          {margin.isError ? <p className="text-red-800">The margin could not be loaded.</p> : null}
          {margin.data ? <MarginTable report={margin.data} /> : null}
        </Panel>
      </div>
    </AdminPage>
  );
}
