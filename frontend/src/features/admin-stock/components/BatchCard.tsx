// One batch with what staff do to it: give it dates (the undated opening batch, a seed lot
// re-tested, a typing mistake), dispose of it once expired (with how), or adjust its units.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form/FormAlert';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { useToast } from '@/components/toast/useToast';
import { adminPaths } from '@/lib/admin-paths';
import { fieldErrors, formError } from '@/lib/form-errors';
import { formatRupees } from '@/lib/money';
import { useAdjustBatch, useDispose, useRedate } from '@/features/admin-stock/api/stock';
import { batchDates, daysLeft } from '@/features/admin-stock/batch-words';
import type { BatchRow } from '@/types/stock-desk';

const UNREACHABLE = 'The shop could not be reached. Nothing was changed; try again.';
type Action = 'dates' | 'dispose' | 'adjust' | null;

function DatesForm({ batch, onDone }: { batch: BatchRow; onDone: () => void }) {
  const toast = useToast();
  const redate = useRedate();
  const seed = batch.regulated_as === 'seed';
  const [made, setMade] = useState(batch.manufactured_on ?? '');
  const [expires, setExpires] = useState(batch.expires_on ?? '');
  const [tested, setTested] = useState(batch.tested_on ?? '');
  const [note, setNote] = useState('');
  const errors = fieldErrors(redate.error);
  const alert = formError(redate.error, ['manufactured_on', 'expires_on', 'tested_on', 'note'], UNREACHABLE);
  const id = `batch-${batch.id}-dates`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    redate.mutate(
      { id: batch.id, manufactured_on: made || null, expires_on: expires || null, tested_on: seed ? tested || null : null, note: note.trim() || null },
      {
        onSuccess: (row) => {
          toast.success(`Batch ${row.number} dated`, row.expired ? 'It is past its date: withdrawn from sale.' : batchDates(row));
          onDone();
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3" aria-label={`Dates of batch ${batch.number}`}>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField id={`${id}-made`} type="date" label="Manufactured" optional value={made} onChange={(event) => setMade(event.target.value)} error={errors.manufactured_on} />
        {seed ? <TextField id={`${id}-tested`} type="date" label="Tested on" value={tested} onChange={(event) => setTested(event.target.value)} error={errors.tested_on} /> : null}
        <TextField id={`${id}-expires`} type="date" label={seed ? 'Valid until' : 'Expires'} value={expires} onChange={(event) => setExpires(event.target.value)} error={errors.expires_on} />
      </div>
      <TextField id={`${id}-note`} label="Why" optional value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} hint="Re-test report number, label read again…" />
      <button type="submit" className="btn-primary" disabled={redate.isPending}>
        {redate.isPending ? 'Saving…' : 'Save the dates'}
      </button>
    </form>
  );
}

function DisposeForm({ batch, onDone }: { batch: BatchRow; onDone: () => void }) {
  const toast = useToast();
  const dispose = useDispose();
  const [note, setNote] = useState('');
  const errors = fieldErrors(dispose.error);
  const alert = formError(dispose.error, ['note'], UNREACHABLE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispose.mutate(
      { id: batch.id, note },
      {
        onSuccess: () => {
          toast.success(`Batch ${batch.number} disposed of`, `${batch.quantity} units left the shop.`);
          onDone();
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3" aria-label={`Dispose of batch ${batch.number}`}>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <p className="text-red-950">
        All {batch.quantity} units of batch {batch.number} leave the stock for good.
      </p>
      <TextField
        id={`batch-${batch.id}-disposal`}
        label="How it was disposed of"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
        hint="Returned to the manufacturer (challan number), destroyed as the label says…"
      />
      <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={dispose.isPending}>
        {dispose.isPending ? 'Saving…' : `Dispose of ${batch.quantity} units`}
      </button>
    </form>
  );
}

const REASONS: Record<string, string> = { damaged: 'Damaged', correction: 'Correction', returned: 'Returned by a customer', received: 'Received' };

function AdjustForm({ batch, onDone }: { batch: BatchRow; onDone: () => void }) {
  const toast = useToast();
  const adjust = useAdjustBatch();
  const [direction, setDirection] = useState<'remove' | 'add'>('remove');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('damaged');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const errors = fieldErrors(adjust.error);
  const alert = formError(adjust.error, ['delta', 'reason', 'note'], UNREACHABLE);
  const id = `batch-${batch.id}-adjust`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{1,6}$/.test(units.trim()) || Number(units) === 0) {
      setProblem('Enter how many units, 1 or more.');
      return;
    }
    setProblem(undefined);
    const delta = direction === 'add' ? Number(units) : -Number(units);
    adjust.mutate(
      { variantId: batch.variant_id, batch_id: batch.id, delta, reason, note: note.trim() || null },
      {
        onSuccess: () => {
          toast.success(`Batch ${batch.number} adjusted`, `${delta > 0 ? '+' : ''}${delta} units`);
          onDone();
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3" aria-label={`Adjust batch ${batch.number}`}>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <fieldset>
        <legend className="font-medium text-stone-900">Change</legend>
        <div className="flex flex-wrap gap-x-4">
          {(['remove', 'add'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-direction`} checked={direction === value} onChange={() => setDirection(value)} className="size-5 accent-green-800" />
              {value === 'add' ? 'Add units' : 'Take units away'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <TextField id={`${id}-units`} label="Units" inputMode="numeric" value={units} onChange={(event) => setUnits(event.target.value)} error={problem ?? errors.delta} />
        <SelectField id={`${id}-reason`} label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason}>
          {Object.entries(REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField id={`${id}-note`} label="Note" optional value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} />
      <button type="submit" className="btn-primary" disabled={adjust.isPending}>
        {adjust.isPending ? 'Saving…' : 'Save adjustment'}
      </button>
    </form>
  );
}

/** A batch; `showProduct` names its product (the expiry lists), linking to it. */
export function BatchCard({ batch, showProduct = false }: { batch: BatchRow; showProduct?: boolean }) {
  const [action, setAction] = useState<Action>(null);
  const left = daysLeft(batch);
  const toggle = (next: Action) => setAction(action === next ? null : next);
  const soon = !batch.expired && batch.days_left !== null && batch.days_left <= 60;
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {showProduct ? (
            <Link to={adminPaths.product.getHref(batch.product_id)} className="block font-semibold break-words text-green-900 underline">
              {batch.product_name}
              {batch.variant_name ? ` ${batch.variant_name}` : ''}
            </Link>
          ) : null}
          <span className="block font-semibold text-stone-900">
            Batch {batch.number}
            {showProduct ? null : <span className="font-normal text-stone-600"> · {batch.variant_name ?? batch.sku}</span>}
          </span>
          <span className="block text-sm text-stone-700">{batchDates(batch)}</span>
          <span className="block text-sm text-stone-600">
            {batch.unit_cost_paise !== null ? `${formatRupees(batch.unit_cost_paise)} a unit` : 'cost not known'}
            {batch.supplier ? ` · from ${batch.supplier}` : ''}
          </span>
          {left ? <span className={`mt-1 inline-block rounded px-2 py-0.5 text-sm font-medium ${batch.expired ? 'bg-red-100 text-red-900' : soon ? 'bg-amber-100 text-amber-900' : 'bg-stone-100 text-stone-700'}`}>{left}</span> : null}
        </div>
        <span className="shrink-0 text-right tabular-nums">
          <span className="block text-lg font-bold text-stone-900">{batch.quantity}</span>
          <span className="block text-xs text-stone-600">units</span>
        </span>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" aria-expanded={action === 'dates'} onClick={() => toggle('dates')}>
          {batch.expires_on ? 'Change dates' : 'Give its dates'}
        </button>
        {batch.expired && batch.quantity > 0 ? (
          <button type="button" className="btn-secondary" aria-expanded={action === 'dispose'} onClick={() => toggle('dispose')}>
            Dispose of it
          </button>
        ) : null}
        {!batch.expired ? (
          <button type="button" className="btn-secondary" aria-expanded={action === 'adjust'} onClick={() => toggle('adjust')}>
            Adjust units
          </button>
        ) : null}
        <Link to={adminPaths.batchRecall.getHref(batch.id)} className="btn-secondary">
          Who bought it
        </Link>
      </div>
      {action === 'dates' ? <DatesForm batch={batch} onDone={() => setAction(null)} /> : null}
      {action === 'dispose' ? <DisposeForm batch={batch} onDone={() => setAction(null)} /> : null}
      {action === 'adjust' ? <AdjustForm batch={batch} onDone={() => setAction(null)} /> : null}
    </li>
  );
}
