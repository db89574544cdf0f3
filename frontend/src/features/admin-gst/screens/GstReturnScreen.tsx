import ArrowDownTrayIcon from '@heroicons/react/24/outline/ArrowDownTrayIcon';
import { useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { isApiError } from '@/lib/api-client';
import { formatRupees, toPaise } from '@/lib/money';
import { downloadUrl, gstr3bCsvUrl, registerCsvUrl, useGstReturn, useGstr3b, type Gstr1Overview, type Gstr3bOverview } from '@/features/admin-gst/api/gst-return';
import { lastMonth, periodLabel, quarterOf, recentPeriods, thisMonth, type Period, type PeriodKind } from '@/features/admin-gst/periods';

/** What each file of the return holds, for the accountant. */
const FILES: Record<string, string> = {
  b2b: 'Invoices to registered buyers (with a GSTIN), by rate',
  b2cl: 'Inter-state invoices to consumers over ₹1,00,000',
  b2cs: 'Other sales to consumers, by state and rate, less their credit notes',
  cdnr: 'Credit notes to registered buyers',
  cdnur: 'Credit notes on large inter-state consumer invoices',
  exemp: 'Nil-rated, exempt and non-GST supplies, by registered and unregistered buyers',
  hsn_b2b: 'HSN summary of sales to registered buyers',
  hsn_b2c: 'HSN summary of sales to consumers',
  docs: 'Invoice, bill-of-supply and credit-note numbers issued',
};

/** The periods offered: this one (still open) and those before it, two years back. */
const choicesFor = (kind: PeriodKind) => recentPeriods(kind, thisMonth(), kind === 'month' ? 25 : 9);

/** The period the address names; else the month (or quarter) just ended, the one filed now. */
function periodFrom(params: URLSearchParams): Period {
  const kind: PeriodKind = params.get('kind') === 'quarter' ? 'quarter' : 'month';
  const named = choicesFor(kind).find((choice) => choice.first === params.get('period'));
  if (named) return named;
  const filedNow = kind === 'month' ? lastMonth() : quarterOf(recentPeriods('quarter', thisMonth(), 2)[1]?.first ?? lastMonth());
  return { kind, first: filedNow };
}

function Figures({ overview }: { overview: Gstr1Overview }) {
  const { totals } = overview;
  const money = (rupees: number) => formatRupees(toPaise(rupees));
  const rows: [string, string][] = [
    ['Invoices issued', String(totals.invoices)],
    ['Credit notes issued', String(totals.credit_notes)],
    ['Taxable value (net of credit notes)', money(totals.taxable)],
    ['CGST', money(totals.cgst)],
    ['SGST', money(totals.sgst)],
    ['IGST', money(totals.igst)],
    ['Value invoiced, GST included (net)', money(totals.value)],
  ];
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <section aria-labelledby="gst-figures" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
        <h2 id="gst-figures" className="text-lg font-semibold text-stone-900">
          The period’s figures
        </h2>
        <dl className="mt-3 divide-y divide-stone-100" data-testid="gst-figures">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-stone-700">{label}</dt>
              <dd className="font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="gst-files" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
        <h2 id="gst-files" className="text-lg font-semibold text-stone-900">
          The files
        </h2>
        <ul className="mt-3 divide-y divide-stone-100">
          {overview.files.map((file) => (
            <li key={file.name} className="flex items-baseline justify-between gap-4 py-2">
              <span>
                <span className="font-mono font-semibold">{file.name}.csv</span>
                <span className="block text-sm text-stone-600">{FILES[file.name]}</span>
              </span>
              <span className="shrink-0 tabular-nums text-stone-700">{file.rows === 1 ? '1 row' : `${file.rows} rows`}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const MONEY_CELLS = ['taxable', 'igst', 'cgst', 'sgst'] as const;

/** GSTR-3B's tables 3.1 and 3.2 as the portal should fill them in, and the accountant's CSVs. */
function Gstr3b({ period }: { period: Period }) {
  const figures = useGstr3b(period);
  const money = (rupees: number | null) => (rupees === null ? '—' : formatRupees(toPaise(rupees)));
  return (
    <section aria-labelledby="gstr3b" className="mt-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id="gstr3b" className="text-lg font-semibold text-stone-900">
        GSTR-3B check
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        The portal fills GSTR-3B’s table 3 from GSTR-1 and locks it: a difference is corrected in GSTR-1A (the same month, before 3B is filed) or by amending GSTR-1 in a later month. These are the figures it should show.
      </p>
      {figures.isPending ? <p role="status" className="mt-3">Adding up {periodLabel(period)}…</p> : null}
      {figures.isError ? <p className="mt-3 text-red-800">The GSTR-3B figures could not be loaded.</p> : null}
      {figures.data ? <Gstr3bTable overview={figures.data} money={money} /> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={gstr3bCsvUrl(period)} download className="btn-secondary">
          <ArrowDownTrayIcon className="size-5" aria-hidden />
          GSTR-3B figures (CSV)
        </a>
        <a href={registerCsvUrl(period)} download className="btn-secondary">
          <ArrowDownTrayIcon className="size-5" aria-hidden />
          Invoice register (CSV)
        </a>
      </div>
    </section>
  );
}

function Gstr3bTable({ overview, money }: { overview: Gstr3bOverview; money: (rupees: number | null) => string }) {
  return (
    <div className="-mx-4 mt-3 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm tabular-nums" data-testid="gstr3b">
        <thead>
          <tr className="border-b border-stone-300 text-xs text-stone-700">
            <th scope="col" className="py-2 pr-2">
              Table
            </th>
            <th scope="col" className="px-2 py-2">
              Supplies
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Taxable value
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              IGST
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              CGST
            </th>
            <th scope="col" className="py-2 pl-2 text-right">
              SGST
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.rows.map((row) => (
            <tr key={`${row.section}-${row.place_of_supply ?? ''}`} className="border-b border-stone-100 align-top">
              <th scope="row" className="py-2 pr-2 font-mono font-semibold">
                {row.section}
              </th>
              <td className="px-2 py-2">
                {row.description}
                {row.place_of_supply ? <span className="block text-stone-600">{row.place_of_supply}</span> : null}
              </td>
              {MONEY_CELLS.map((cell, index) => (
                <td key={cell} className={`py-2 text-right ${index === MONEY_CELLS.length - 1 ? 'pl-2' : 'px-2'}`}>
                  {money(row[cell])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/gst (admins only): a month's or quarter's GSTR-1, at a glance and as the offline tool's files. */
export default function GstReturnScreen() {
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params);
  const overview = useGstReturn(period);
  const choices = choicesFor(period.kind);
  const choose = (next: Period) => setParams({ kind: next.kind, period: next.first }, { replace: true });

  return (
    <AdminPage
      title="GST returns"
      intro="GSTR-1 for a month, or a quarter if the shop files quarterly: the invoices and credit notes issued in it, as the GST offline tool imports them."
    >
      <section aria-label="Period" className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
        <fieldset>
          <legend className="font-semibold text-stone-900">The shop files</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(['month', 'quarter'] as const).map((kind) => (
              <label key={kind} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  checked={period.kind === kind}
                  onChange={() => choose(periodFrom(new URLSearchParams({ kind })))}
                  className="size-5 accent-green-700"
                />
                {kind === 'month' ? 'Monthly' : 'Quarterly'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="block grow sm:max-w-sm">
            <span className="block font-medium text-stone-900">{period.kind === 'month' ? 'Month' : 'Quarter'}</span>
            <select
              className="mt-1 min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
              value={period.first}
              onChange={(event) => choose({ kind: period.kind, first: event.target.value })}
            >
              {choices.map((choice) => (
                <option key={choice.first} value={choice.first}>
                  {periodLabel(choice)}
                </option>
              ))}
            </select>
          </label>
          <a href={downloadUrl(period)} download className="btn-primary">
            <ArrowDownTrayIcon className="size-5" aria-hidden />
            Download GSTR-1 files (ZIP)
          </a>
        </div>
      </section>
      <div className="mt-5" aria-live="polite">
        {overview.isPending ? <p role="status">Adding up {periodLabel(period)}…</p> : null}
        {overview.isError ? (
          <ErrorBox onRetry={isApiError(overview.error, 403) ? undefined : () => void overview.refetch()}>
            {isApiError(overview.error, 403) ? 'Only admins see the GST returns.' : 'The figures could not be loaded.'}
          </ErrorBox>
        ) : null}
        {overview.data ? <Figures overview={overview.data} /> : null}
      </div>
      {overview.isError && isApiError(overview.error, 403) ? null : <Gstr3b period={period} />}
      <p className="mt-5 text-sm text-stone-600">
        Each document (tax invoice, bill of supply) is numbered when its order is confirmed; an invoiced order cancelled later, or goods taken back, get a credit note in its own series, reported in the month it is issued. Import the CSV files into the GST offline tool, check, then upload.
      </p>
    </AdminPage>
  );
}
