import ArrowDownTrayIcon from '@heroicons/react/24/outline/ArrowDownTrayIcon';
import PrinterIcon from '@heroicons/react/24/outline/PrinterIcon';
import { useSearchParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { TextField } from '@/components/form/TextField';
import { registerCsvHref, useMonthlyReturn, useSalesRecord } from '@/features/admin-registers/api/registers';
import { indianDate, monthLabel, thisIndianMonth } from '@/features/admin-registers/month';
import type { Figure, MonthlyReturn, SalesRecord } from '@/types/registers';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const cell = 'px-2 py-2';

function SalesTable({ record }: { record: SalesRecord }) {
  if (record.rows.length === 0) return <p className="text-stone-700">No insecticide was sold or returned this month.</p>;
  return (
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 print:overflow-visible">
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm print:min-w-0 print:text-xs" data-testid="sales-record">
        <thead>
          <tr className="border-b border-stone-300 text-xs text-stone-700">
            <th scope="col" className={cell}>Date</th>
            <th scope="col" className={cell}>Buyer and address</th>
            <th scope="col" className={cell}>Insecticide</th>
            <th scope="col" className={cell}>Reg. no. (CIB&amp;RC)</th>
            <th scope="col" className={cell}>Batch</th>
            <th scope="col" className={cell}>Mfd / Exp</th>
            <th scope="col" className={`${cell} text-right`}>Packs</th>
            <th scope="col" className={`${cell} text-right`}>Quantity</th>
            <th scope="col" className={cell}>Invoice</th>
          </tr>
        </thead>
        <tbody>
          {record.rows.map((row, index) => (
            <tr key={`${row.order_number}-${row.batch}-${row.kind}-${index}`} className={`border-b border-stone-100 align-top ${row.kind === 'return' ? 'bg-amber-50' : ''}`}>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>
                {indianDate(row.date)}
                {row.kind === 'return' ? <span className="block text-xs font-semibold text-amber-800">Return</span> : null}
              </td>
              <td className={cell}>
                <span className="font-medium">{row.buyer}</span>
                <span className="block text-stone-600">{row.buyer_address}</span>
              </td>
              <td className={cell}>{row.product}</td>
              <td className={`${cell} break-all`}>{row.registration_number ?? '—'}</td>
              <td className={`${cell} font-mono`}>{row.batch}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>
                {indianDate(row.manufactured_on)}
                <span className="block">{indianDate(row.expires_on)}</span>
              </td>
              <td className={`${cell} text-right tabular-nums`}>{row.units}</td>
              <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>{row.measured ? `${row.measured.quantity} ${row.measured.unit}` : '—'}</td>
              <td className={cell}>
                {row.document ?? '—'}
                <span className="block text-xs text-stone-600">{row.order_number}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const figure = (f: Figure) => (f.measured ? `${f.measured.quantity} ${f.measured.unit}` : `${f.units} packs`);

function ReturnTable({ report }: { report: MonthlyReturn }) {
  if (report.rows.length === 0) return <p className="text-stone-700">No insecticide held or moved stock by this month.</p>;
  const columns: [keyof Pick<MonthlyReturn['rows'][number], 'opening' | 'received' | 'sold' | 'other' | 'closing'>, string][] = [
    ['opening', 'Opening'],
    ['received', 'Received'],
    ['sold', 'Sold'],
    ['other', 'Other'],
    ['closing', 'Closing'],
  ];
  return (
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 print:overflow-visible">
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm print:min-w-0 print:text-xs" data-testid="monthly-return">
        <thead>
          <tr className="border-b border-stone-300 text-xs text-stone-700">
            <th scope="col" className={cell}>Insecticide and pack</th>
            <th scope="col" className={cell}>Reg. no. (CIB&amp;RC)</th>
            {columns.map(([key, label]) => (
              <th key={key} scope="col" className={`${cell} text-right`}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.sku} className="border-b border-stone-100 align-top">
              <th scope="row" className={`${cell} font-medium`}>
                {row.product}
                {row.pack ? <span className="block font-normal text-stone-600">{row.pack}</span> : null}
              </th>
              <td className={`${cell} break-all`}>{row.registration_number ?? '—'}</td>
              {columns.map(([key]) => (
                <td key={key} className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                  {figure(row[key])}
                  {row[key].measured ? <span className="block text-xs text-stone-600">{row[key].units} packs</span> : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/registers: the insecticide sales record and the monthly return of a month, to download or print. */
export default function RegistersScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : thisIndianMonth();
  const record = useSalesRecord(month);
  const report = useMonthlyReturn(month);
  return (
    <AdminPage
      title="Insecticide registers"
      intro={`${monthLabel(month)}: every sale entered insecticide-wise and the monthly return of sales (Insecticides Rules 1971, r. 15).`}
      actions={
        <button type="button" className="btn-secondary print:hidden" onClick={() => window.print()}>
          <PrinterIcon className="size-5" aria-hidden />
          Print
        </button>
      }
    >
      <form className="mb-4 flex flex-wrap items-end gap-3 print:hidden" onSubmit={(event) => event.preventDefault()}>
        <TextField
          id="register-month"
          type="month"
          label="Month"
          value={month}
          min="2017-07"
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (MONTH.test(event.target.value)) next.set('month', event.target.value);
            else next.delete('month');
            setParams(next, { replace: true });
          }}
        />
      </form>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
        <Panel
          title="Sales record"
          actions={
            <a href={registerCsvHref('insecticide-sales', month)} download className="btn-secondary print:hidden">
              <ArrowDownTrayIcon className="size-5" aria-hidden />
              CSV
            </a>
          }
        >
          <p className="mb-3 text-sm text-stone-700">
            One row per batch of each sale, dated the day the order was confirmed. Goods returned after delivery are rows of their own (shaded, packs negative) on the day they came back. Cancelled orders are left out.
          </p>
          {record.isPending ? <p role="status">Reading the month’s sales…</p> : null}
          {record.isError ? <p className="text-red-800">The sales record could not be loaded.</p> : null}
          {record.data ? <SalesTable record={record.data} /> : null}
        </Panel>
        <Panel
          title="Monthly return of sales"
          actions={
            <a href={registerCsvHref('monthly-return', month)} download className="btn-secondary print:hidden">
              <ArrowDownTrayIcon className="size-5" aria-hidden />
              CSV
            </a>
          }
        >
          <p className="mb-3 text-sm text-stone-700">
            Per pack of each insecticide, in kilograms or litres. Other: expired stock disposed of, stock counts and returns not put back on the shelf. To be filed within 15 days of the month’s close.
          </p>
          {report.isPending ? <p role="status">Adding up the month…</p> : null}
          {report.isError ? <p className="text-red-800">The monthly return could not be loaded.</p> : null}
          {report.data ? <ReturnTable report={report.data} /> : null}
        </Panel>
      </div>
    </AdminPage>
  );
}
