// Bulk edits: the catalogue out as a CSV sheet, and a sheet back in. An import is previewed first
// (every change, every bad row by its line), then applied all at once, or not at all.
import { useState, type ChangeEvent } from 'react';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { useUnsavedChanges } from '@/components/admin/unsaved-changes';
import { FormAlert } from '@/components/form/FormAlert';
import '@/lib/desk-messages';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { EXPORT_URL, useApplyImport, usePreviewImport, type Sheet } from '@/features/admin-catalog/api/bulk';
import type { ImportPreview, PlannedRow, RowProblem } from '@/types/desk';
import { useT } from '@/lib/i18n';

/** How many changes are listed before "Show all" (a supplier's list may change thousands). */
const FIRST_CHANGES = 100;
const UNREACHABLE = 'The shop could not be reached. Nothing was changed; try again.';

const FIELD_NAMES: Record<string, string> = {
  price: 'Price',
  mrp: 'MRP',
  stock: 'Stock',
  weight: 'Weight',
  active: 'On sale',
  variant_name: 'Variant',
};

/** A cell as the owner reads it: on sale "yes" or "no" rather than true or false. */
const shown = (value: string) => (value === 'true' ? 'yes' : value === 'false' ? 'no' : value);

function Problems({ problems }: { problems: RowProblem[] }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-950">
      <p className="font-semibold">
        {problems.length === 1 ? 'One row cannot be applied' : `${problems.length} rows cannot be applied`}, so nothing will be. Correct the sheet and choose it again.
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {problems.map((problem, index) => (
          <li key={`${problem.line}-${index}`}>
            <span className="font-semibold">Line {problem.line}</span>
            {problem.sku ? ` (SKU ${problem.sku})` : ''}: {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A row whose stock moved since the export: what each reading of the sheet leaves, and a choice. */
function Drift({ row, onChoose }: { row: PlannedRow; onChoose: (sku: string, count: boolean) => void }) {
  const drift = row.stock_drift;
  if (!drift) return null;
  const name = `drift-${row.sku}`;
  return (
    <fieldset className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <legend className="px-1 font-semibold text-amber-950">Stock moved since the export</legend>
      <p className="text-stone-800">
        Exported at {drift.exported}, {drift.now} now (sales or other changes); the sheet says {drift.sheet}.
      </p>
      <label className="mt-2 flex min-h-11 items-center gap-2">
        <input type="radio" name={name} checked={drift.chosen === 'difference'} onChange={() => onChoose(row.sku, false)} />
        <span>
          Apply the difference ({drift.sheet - drift.exported > 0 ? '+' : ''}
          {drift.sheet - drift.exported}): {drift.with_difference}
        </span>
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="radio" name={name} checked={drift.chosen === 'count'} onChange={() => onChoose(row.sku, true)} />
        <span>Set the count: {drift.with_count}</span>
      </label>
    </fieldset>
  );
}

function Change({ row, onChoose }: { row: PlannedRow; onChoose: (sku: string, count: boolean) => void }) {
  return (
    <li className="py-2 text-sm">
      <span className="font-semibold text-stone-900">
        Line {row.line} · {row.sku}
      </span>
      <span className="text-stone-600">
        {' '}
        · {row.product_name}
        {row.action === 'create' ? ' · new variant' : ''}
      </span>
      <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {row.changes.map((change) => (
          <span key={change.field} className="tabular-nums">
            {FIELD_NAMES[change.field] ?? change.field}: {change.before !== null ? <span className="text-stone-500 line-through">{shown(change.before)}</span> : null}
            {change.before !== null ? ' → ' : ' '}
            <span className="font-medium text-green-900">{shown(change.after)}</span>
          </span>
        ))}
      </span>
      {row.warnings.map((warning) => (
        <span key={warning} className="mt-1 block font-medium text-amber-900">
          ⚠ {warning}
        </span>
      ))}
      <Drift row={row} onChoose={onChoose} />
    </li>
  );
}

interface PreviewProps {
  filename: string;
  preview: ImportPreview;
  showAll: boolean;
  onShowAll: () => void;
  onChoose: (sku: string, count: boolean) => void;
}

function PreviewPanel({ filename, preview, showAll, onShowAll, onChoose }: PreviewProps) {
  const created = preview.changes.filter((row) => row.action === 'create').length;
  const drifted = preview.changes.filter((row) => row.stock_drift).length;
  // Rows whose stock moved come first: they need a choice.
  const ordered = [...preview.changes].sort((a, b) => Number(Boolean(b.stock_drift)) - Number(Boolean(a.stock_drift)));
  const listed = showAll ? ordered : ordered.slice(0, FIRST_CHANGES);
  return (
    <div className="space-y-4">
      <p className="text-stone-800" role="status">
        <span className="font-semibold">{filename}</span>: {preview.rows} rows read, {preview.changes.length - created} variants change, {created} new, {preview.unchanged} unchanged
        {preview.problems.length > 0 ? `, ${preview.problems.length} cannot be applied` : ''}.
      </p>
      {preview.problems.length > 0 ? <Problems problems={preview.problems} /> : null}
      {drifted > 0 ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          The stock of {drifted === 1 ? 'one row' : `${drifted} rows`} moved since the sheet was downloaded. For each, choose whether the sheet&apos;s change applies to
          today&apos;s stock (no sale is undone) or the sheet&apos;s number is a count of the shelf.
        </p>
      ) : null}
      {preview.changes.length > 0 ? (
        <div>
          <h3 className="font-semibold text-stone-900">Changes</h3>
          <ul className="divide-y divide-stone-200" aria-label="Changes">
            {listed.map((row) => (
              <Change key={row.line} row={row} onChoose={onChoose} />
            ))}
          </ul>
          {listed.length < preview.changes.length ? (
            <button type="button" className="btn-secondary mt-2" onClick={onShowAll}>
              Show all {preview.changes.length} changes
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export default function BulkEditScreen() {
  const t = useT();
  const toast = useToast();
  const previewImport = usePreviewImport();
  const applyImport = useApplyImport();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [showAll, setShowAll] = useState(false);
  // The last preview stays on screen while a changed choice is previewed again.
  const [lastPreview, setLastPreview] = useState<ImportPreview | undefined>(undefined);
  if (previewImport.data && previewImport.data !== lastPreview) setLastPreview(previewImport.data);
  const preview = sheet ? (previewImport.data ?? (previewImport.isPending ? lastPreview : undefined)) : undefined;
  const applicable = preview !== undefined && preview.problems.length === 0 && preview.changes.length > 0;
  useUnsavedChanges(applicable && !applyImport.isSuccess);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const chosen = { filename: file.name, content: await file.text() };
    setSheet(chosen);
    setShowAll(false);
    applyImport.reset();
    previewImport.mutate(chosen);
  };

  const chooseCount = (sku: string, count: boolean) => {
    if (!sheet) return;
    const setCount = new Set(sheet.setCount ?? []);
    if (count) setCount.add(sku);
    else setCount.delete(sku);
    const chosen = { ...sheet, setCount: [...setCount] };
    setSheet(chosen);
    previewImport.mutate(chosen);
  };

  const apply = () => {
    if (!sheet) return;
    applyImport.mutate(sheet, {
      onSuccess: (applied) => {
        toast.success(`Import #${applied.id} applied`, `${applied.updated} variants changed, ${applied.created} added.`);
        setSheet(null);
        previewImport.reset();
      },
    });
  };

  const previewError = previewImport.error ? (isApiError(previewImport.error) ? previewImport.error.message : UNREACHABLE) : undefined;
  const applyError = applyImport.error;
  const applyProblems: RowProblem[] = isApiError(applyError, 422)
    ? Object.entries(applyError.errors).map(([line, messages]) => ({ line: Number(line.replace('line ', '')) || 0, sku: null, message: messages.join(' ') }))
    : [];

  return (
    <AdminPage title="Bulk edits" intro="Change many prices and stock levels at once with a spreadsheet.">
      <div className="space-y-5">
        <Panel title="1. Download the catalogue">
          <p className="text-stone-700">
            One row per variant: sku, product_slug, product_name, brand, variant_name, mrp, price, stock, stock_when_exported, weight, active. Edit prices (2800 or
            ₹2,800), MRP, stock, weight with its unit (25.2 kg or 500 g; 0 g for a service) and active; a row with a new SKU and an existing product_slug adds a
            variant. Leave stock_when_exported as it is: if sales move the stock before you import, the preview shows each such row and lets you choose.
          </p>
          <p className="mt-2 text-stone-700">{t('desk.catalog.sheetGstColumns')}</p>
          <a href={EXPORT_URL} download className="btn-secondary mt-3">
            Download CSV
          </a>
        </Panel>
        <Panel title="2. Import the edited sheet">
          <label htmlFor="import-file" className="block font-medium text-stone-900">
            Choose a CSV file
          </label>
          <p id="import-file-hint" className="text-sm text-stone-600">
            Nothing changes until you have seen what will and press Apply.
          </p>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            onChange={(event) => void choose(event)}
            className="mt-2 block w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-green-800 file:bg-white file:px-4 file:font-semibold file:text-green-900"
          />
          <div className="mt-4 space-y-4">
            {sheet && previewImport.isPending ? <p role="status">Reading {sheet.filename}…</p> : null}
            {previewError ? <FormAlert>{previewError}</FormAlert> : null}
            {preview && sheet ? <PreviewPanel filename={sheet.filename} preview={preview} showAll={showAll} onShowAll={() => setShowAll(true)} onChoose={chooseCount} /> : null}
            {applyError ? (
              applyProblems.length > 0 ? (
                <Problems problems={applyProblems} />
              ) : (
                <FormAlert>{isApiError(applyError) ? applyError.message : UNREACHABLE}</FormAlert>
              )
            ) : null}
            {preview && preview.changes.length === 0 && preview.problems.length === 0 ? <p className="text-stone-700">The sheet changes nothing.</p> : null}
            {applicable ? (
              <div className="flex flex-wrap gap-3">
                <button type="button" className="btn-primary" disabled={applyImport.isPending} onClick={apply}>
                  {applyImport.isPending ? 'Applying…' : `Apply ${preview.changes.length} ${preview.changes.length === 1 ? 'change' : 'changes'}`}
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    setSheet(null);
                    previewImport.reset();
                  }}
                >
                  Cancel
                </button>
              </div>
            ) : null}
          </div>
        </Panel>
      </div>
    </AdminPage>
  );
}
