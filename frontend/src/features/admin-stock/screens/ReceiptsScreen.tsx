// Receipts: goods from suppliers, batch by batch. Record one on the short form (a phone is
// enough) or import a supplier's sheet; below, the receipts recorded, each opening to its batches.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { ErrorBox } from '@/components/ErrorBox';
import { formatLocalDateTime } from '@/lib/dates';
import { formatRupees } from '@/lib/money';
import { useReceipt, useReceipts } from '@/features/admin-stock/api/stock';
import { ReceiptForm } from '@/features/admin-stock/components/ReceiptForm';
import { ReceiptSheetImport } from '@/features/admin-stock/components/ReceiptSheetImport';
import { batchDates } from '@/features/admin-stock/batch-words';
import type { ReceiptSummary } from '@/types/stock-desk';

function ReceiptLines({ id }: { id: number }) {
  const receipt = useReceipt(id);
  if (receipt.isError) return <p role="alert">The receipt could not be loaded.</p>;
  if (!receipt.data) return <p role="status">Loading…</p>;
  return (
    <ul className="mt-2 divide-y divide-stone-200 border-t border-stone-200 text-sm">
      {receipt.data.received.map((line) => (
        <li key={`${line.batch.id}-${line.quantity}`} className="py-2">
          <span className="block font-medium break-words text-stone-900">
            {line.batch.product_name}
            {line.batch.variant_name ? ` ${line.batch.variant_name}` : ''} <span className="text-stone-600">{line.batch.sku}</span>
          </span>
          <span className="block text-stone-700">
            Batch {line.batch.number} · {line.quantity} units at {formatRupees(line.unit_cost_paise)} · {batchDates(line.batch)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ReceiptItem({ receipt }: { receipt: ReceiptSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-3">
      <button type="button" className="flex w-full items-start justify-between gap-3 text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="min-w-0">
          <span className="block font-semibold break-words text-green-900">
            #{receipt.id} · {receipt.supplier}
          </span>
          <span className="block text-sm text-stone-600">
            Invoice {receipt.supplier_invoice} of {receipt.invoice_date} · recorded {formatLocalDateTime(receipt.created_at)}
            {receipt.recorded_by ? ` by ${receipt.recorded_by}` : ''}
          </span>
        </span>
        <span className="shrink-0 text-right text-sm tabular-nums">
          <span className="block font-semibold text-stone-900">{receipt.units} units</span>
          <span className="block text-stone-600">{formatRupees(receipt.cost_paise)}</span>
        </span>
      </button>
      {open ? <ReceiptLines id={receipt.id} /> : null}
    </li>
  );
}

export default function ReceiptsScreen() {
  const [params, setParams] = useSearchParams();
  const way = params.get('way') === 'sheet' ? 'sheet' : 'form';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const receipts = useReceipts(page);
  const go = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };

  return (
    <AdminPage title="Receipts" intro="Goods from suppliers, batch by batch: each batch's number, dates, units and cost, as the law asks them kept.">
      <div className="space-y-5">
        <Panel title="Record a receipt">
          <div role="group" aria-label="How" className="mb-4 flex flex-wrap gap-2">
            <button type="button" className={way === 'form' ? 'btn-primary' : 'btn-secondary'} aria-pressed={way === 'form'} onClick={() => go({ way: undefined })}>
              Type it in
            </button>
            <button type="button" className={way === 'sheet' ? 'btn-primary' : 'btn-secondary'} aria-pressed={way === 'sheet'} onClick={() => go({ way: 'sheet' })}>
              Import a CSV sheet
            </button>
          </div>
          {way === 'form' ? <ReceiptForm /> : <ReceiptSheetImport />}
        </Panel>
        <Panel title="Recent receipts">
          {receipts.isError && !receipts.data ? (
            <ErrorBox onRetry={() => void receipts.refetch()}>The receipts could not be loaded.</ErrorBox>
          ) : !receipts.data ? (
            <p role="status">Loading…</p>
          ) : receipts.data.data.length === 0 ? (
            <p className="text-stone-700">No receipts yet.</p>
          ) : (
            <>
              <ul className="-mt-3 divide-y divide-stone-200" aria-label="Receipts">
                {receipts.data.data.map((receipt) => (
                  <ReceiptItem key={receipt.id} receipt={receipt} />
                ))}
              </ul>
              {page > 1 || receipts.data.has_more ? (
                <div className="mt-3 flex gap-3">
                  {page > 1 ? (
                    <button type="button" className="btn-secondary" onClick={() => go({ page: page === 2 ? undefined : String(page - 1) })}>
                      Newer
                    </button>
                  ) : null}
                  {receipts.data.has_more ? (
                    <button type="button" className="btn-secondary" onClick={() => go({ page: String(page + 1) })}>
                      Older
                    </button>
                  ) : null}
                </div>
              ) : null}
            </>
          )}
        </Panel>
      </div>
    </AdminPage>
  );
}
