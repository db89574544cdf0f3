// A receipt from a CSV sheet, as the bulk editor imports one: the invoice, then the sheet; a
// preview of every batch and every bad cell (line and column); then all of it received, or none.
import { useState, type ChangeEvent } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { formatRupees, toPaise } from '@/lib/money';
import { useApplyReceiptSheet, usePreviewReceiptSheet, type ReceiptSheet } from '@/features/admin-stock/api/stock';
import type { CellProblem, SheetPreview } from '@/types/stock-desk';

const UNREACHABLE = 'The shop could not be reached. Nothing was received; try again.';
const COLUMNS = 'sku, batch, manufactured_on, expires_on, tested_on, quantity, unit_cost';
const INVOICE_FIELDS = ['supplier', 'supplier_invoice', 'invoice_date'];

function Problems({ problems }: { problems: CellProblem[] }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">
        {problems.length === 1 ? 'One cell needs putting right' : `${problems.length} cells need putting right`}, so nothing will be received. Correct the sheet and choose it again.
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {problems.map((problem, index) => (
          <li key={`${problem.line}-${problem.column}-${index}`}>
            <span className="font-semibold">{problem.line > 0 ? `Line ${problem.line}, ${problem.column}` : problem.column}</span>: {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Planned({ preview }: { preview: SheetPreview }) {
  return (
    <div>
      <p role="status" className="text-stone-800">
        {preview.lines.length} {preview.lines.length === 1 ? 'batch' : 'batches'}, {preview.units} units, costing {formatRupees(toPaise(preview.cost))}.
      </p>
      <ul className="mt-2 divide-y divide-stone-200" aria-label="Batches to receive">
        {preview.lines.map((line) => (
          <li key={line.line} className="py-2 text-sm">
            <span className="font-semibold text-stone-900">
              Line {line.line} · {line.sku}
            </span>
            <span className="block break-words text-stone-700">{line.item}</span>
            <span className="block text-stone-700">
              Batch {line.number} {line.new_batch ? '(new)' : '(adds to the batch held)'} · {line.quantity} units · {line.expires_on ? `expires ${line.expires_on}` : 'no expiry'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Splits a refused apply's `line N: column` errors back into cells. */
function refusedCells(error: unknown): CellProblem[] {
  if (!isApiError(error, 422)) return [];
  return Object.entries(error.errors).map(([key, messages]) => {
    const match = /^line (\d+): (.+)$/.exec(key);
    return { line: match ? Number(match[1]) : 0, column: match ? (match[2] ?? key) : key, message: messages.join(' ') };
  });
}

export function ReceiptSheetImport() {
  const toast = useToast();
  const preview = usePreviewReceiptSheet();
  const apply = useApplyReceiptSheet();
  const [supplier, setSupplier] = useState('');
  const [invoice, setInvoice] = useState('');
  const [invoiceDate, setInvoiceDate] = useState('');
  const [sheet, setSheet] = useState<ReceiptSheet | null>(null);

  const invoiceOf = () => ({ supplier: supplier.trim(), supplier_invoice: invoice.trim(), invoice_date: invoiceDate });
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const chosen = { ...invoiceOf(), filename: file.name, content: await file.text() };
    setSheet(chosen);
    apply.reset();
    preview.mutate(chosen);
  };

  const receive = () => {
    if (!sheet) return;
    const sent = { ...sheet, ...invoiceOf() };
    apply.mutate(sent, {
      onSuccess: (receipt) => {
        toast.success(`Receipt #${receipt.id} recorded`, `${receipt.lines.length} batches from ${receipt.supplier}.`);
        setSheet(null);
        preview.reset();
      },
    });
  };

  const previewErrors = fieldErrors(preview.error);
  const previewAlert = preview.error
    ? isApiError(preview.error)
      ? Object.keys(previewErrors).some((f) => INVOICE_FIELDS.includes(f))
        ? undefined
        : preview.error.message
      : UNREACHABLE
    : undefined;
  const applyErrors = fieldErrors(apply.error);
  const errors = { ...previewErrors, ...applyErrors };
  const shown = sheet ? preview.data : undefined;
  const problems = shown?.problems ?? [];
  const refused = refusedCells(apply.error).filter((p) => p.line > 0 || !INVOICE_FIELDS.includes(p.column));
  const ready = shown !== undefined && problems.length === 0 && shown.lines.length > 0;

  return (
    <div className="space-y-4">
      <p className="text-stone-700">
        One row per batch, with the columns {COLUMNS}. Dates as 2026-12-31, 31-12-2026 or 31/12/2026; costs in rupees (412.50). Nothing is received until you have
        seen the preview and press Receive.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField id="sheet-supplier" label="Supplier" value={supplier} onChange={(event) => setSupplier(event.target.value)} error={errors.supplier} />
        <TextField id="sheet-invoice" label="Supplier's invoice number" value={invoice} onChange={(event) => setInvoice(event.target.value)} error={errors.supplier_invoice} />
        <TextField id="sheet-invoice-date" type="date" label="Invoice date" value={invoiceDate} onChange={(event) => setInvoiceDate(event.target.value)} error={errors.invoice_date} />
      </div>
      <div>
        <label htmlFor="receipt-file" className="block font-medium text-stone-900">
          Choose a CSV file
        </label>
        <input
          id="receipt-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event)}
          className="mt-2 block w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-green-800 file:bg-white file:px-4 file:font-semibold file:text-green-900"
        />
      </div>
      {sheet && preview.isPending ? <p role="status">Reading {sheet.filename}…</p> : null}
      {previewAlert ? <FormAlert>{previewAlert}</FormAlert> : null}
      {problems.length > 0 ? <Problems problems={problems} /> : null}
      {shown && shown.lines.length > 0 ? <Planned preview={shown} /> : null}
      {apply.error ? refused.length > 0 ? <Problems problems={refused} /> : isApiError(apply.error, 422) ? null : <FormAlert>{isApiError(apply.error) ? apply.error.message : UNREACHABLE}</FormAlert> : null}
      {ready ? (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary" disabled={apply.isPending} onClick={receive}>
            {apply.isPending ? 'Receiving…' : `Receive ${shown.lines.length} ${shown.lines.length === 1 ? 'batch' : 'batches'}`}
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setSheet(null);
              preview.reset();
            }}
          >
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}
