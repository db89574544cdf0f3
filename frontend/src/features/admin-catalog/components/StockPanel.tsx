import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { useToast } from '@/components/toast/useToast';
import { formatLocalDateTime } from '@/lib/dates';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useAdjustStock, useSetCounted, useStockMovements } from '@/features/admin-catalog/api/products';
import type { StaffVariant, StockMovement } from '@/types/desk';

const REASONS: Record<string, string> = {
  received: 'Received from a supplier',
  damaged: 'Damaged or expired',
  returned: 'Returned by a customer',
  correction: 'Correction',
  stocktake: 'Stocktake (set to the counted quantity)',
  sold: 'Sold',
  cancelled: 'Order cancelled',
};

function History({ movements }: { movements: StockMovement[] }) {
  if (movements.length === 0) return <p className="text-stone-600">No stock movements yet.</p>;
  return (
    <ol className="divide-y divide-stone-200">
      {movements.map((movement) => (
        <li key={movement.id} className="flex items-start justify-between gap-3 py-2 text-sm">
          <span>
            <span className="block font-medium text-stone-900">{REASONS[movement.reason] ?? movement.reason}</span>
            <span className="block text-stone-600">
              {formatLocalDateTime(movement.created_at)}
              {movement.order_id !== null ? ` · order #${movement.order_id}` : ''}
            </span>
            {movement.note ? <span className="block text-stone-700">{movement.note}</span> : null}
          </span>
          <span className={`shrink-0 font-semibold tabular-nums ${movement.delta < 0 ? 'text-red-800' : 'text-green-800'}`}>
            {movement.delta > 0 ? `+${movement.delta}` : movement.delta}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Adjust a variant's stock with a reason, and read every movement that made it what it is. */
export function StockPanel({ variant }: { variant: StaffVariant }) {
  const toast = useToast();
  const adjust = useAdjustStock(variant.id);
  const count = useSetCounted();
  const movements = useStockMovements(variant.id);
  const [direction, setDirection] = useState<'add' | 'remove' | 'count'>('add');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('received');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const failed = direction === 'count' ? count.error : adjust.error;
  const errors = fieldErrors(failed);
  const alert = formError(failed, ['delta', 'reason', 'note', 'counts.0.counted'], 'The shop could not be reached. Try again.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const units = Number(quantity.trim());
    if (direction === 'count') {
      if (!/^\d{1,8}$/.test(quantity.trim())) {
        setProblem('Enter the units counted on the shelf, 0 or more.');
        return;
      }
      setProblem(undefined);
      count.mutate(
        { counts: [{ variant_id: variant.id, counted: units, stock_seen: variant.stock }], note: note.trim() || null },
        {
          onSuccess: (answer) => {
            const [line] = answer.data;
            toast.success('Stock counted', line && line.difference !== 0 ? `${line.before} → ${line.counted} for ${variant.sku}` : `${variant.sku} matched the count.`);
            setQuantity('');
            setNote('');
          },
        },
      );
      return;
    }
    if (!/^\d{1,6}$/.test(quantity.trim()) || units === 0) {
      setProblem('Enter how many units, 1 or more.');
      return;
    }
    setProblem(undefined);
    const delta = direction === 'add' ? units : -units;
    adjust.mutate(
      { delta, reason, note: note.trim() || null },
      {
        onSuccess: () => {
          toast.success('Stock adjusted', `${delta > 0 ? '+' : ''}${delta} for ${variant.sku}`);
          setQuantity('');
          setNote('');
        },
      },
    );
  };

  const id = `stock-${variant.id}`;
  return (
    <div className="space-y-4">
      <form noValidate onSubmit={submit} className="space-y-3" aria-label={`Adjust the stock of ${variant.sku}`}>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <fieldset>
          <legend className="font-medium text-stone-900">Change</legend>
          <div className="mt-1 flex flex-wrap gap-x-4">
            {(['add', 'remove', 'count'] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input type="radio" name={`${id}-direction`} value={value} checked={direction === value} onChange={() => setDirection(value)} className="size-5 accent-green-800" />
                {value === 'add' ? 'Add units' : value === 'remove' ? 'Take units away' : 'Set to counted quantity'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-quantity`}
            label={direction === 'count' ? 'Units counted' : 'Units'}
            hint={direction === 'count' ? `In stock now: ${variant.stock}` : undefined}
            inputMode="numeric"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            error={problem ?? errors.delta ?? errors['counts.0.counted']}
            required
          />
          {direction === 'count' ? null : (
            <SelectField id={`${id}-reason`} label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason}>
              {['received', 'damaged', 'returned', 'correction'].map((value) => (
                <option key={value} value={value}>
                  {REASONS[value]}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <TextField id={`${id}-note`} label="Note" optional value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} hint="Invoice number, what was damaged…" />
        <button type="submit" className="btn-primary" disabled={adjust.isPending || count.isPending}>
          {adjust.isPending || count.isPending ? 'Saving…' : direction === 'count' ? 'Set to counted quantity' : 'Save adjustment'}
        </button>
      </form>
      <div>
        <h4 className="font-semibold text-stone-900">History</h4>
        {movements.data ? <History movements={movements.data.data} /> : movements.isError ? <p role="alert">The history could not be loaded.</p> : <p role="status">Loading…</p>}
      </div>
    </div>
  );
}
