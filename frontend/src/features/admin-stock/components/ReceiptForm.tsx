// "Record a receipt": the supplier's invoice, then one line per batch of a pack size. Short
// enough for a phone at the godown door; the server checks every rule and names each bad field
// (`lines[N].field`), shown beside it.
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useRecordReceipt } from '@/features/admin-stock/api/stock';
import { PackPicker, type Pack } from '@/features/admin-stock/components/PackPicker';

interface Line {
  key: number;
  pack: Pack | null;
  seed: boolean;
  number: string;
  manufactured_on: string;
  expires_on: string;
  tested_on: string;
  quantity: string;
  unit_cost: string;
}

let nextKey = 1;
const blankLine = (): Line => ({ key: nextKey++, pack: null, seed: false, number: '', manufactured_on: '', expires_on: '', tested_on: '', quantity: '', unit_cost: '' });

const HEADER_FIELDS = ['supplier', 'supplier_invoice', 'invoice_date', 'note', 'lines'];

const orNull = (value: string) => value.trim() || null;

function LineFields({ line, index, errors, onChange, onRemove }: { line: Line; index: number; errors: Record<string, string>; onChange: (line: Line) => void; onRemove?: () => void }) {
  const id = `receipt-line-${line.key}`;
  const error = (field: string) => errors[`lines[${index}].${field}`];
  const set = (field: keyof Line) => (event: { target: { value: string } }) => onChange({ ...line, [field]: event.target.value });
  return (
    <fieldset className="rounded-lg border border-stone-200 p-3 sm:p-4" aria-label={`Line ${index + 1}`}>
      <legend className="px-1 font-semibold text-stone-900">Line {index + 1}</legend>
      <div className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <PackPicker id={`${id}-pack`} pack={line.pack} onPick={(pack) => onChange({ ...line, pack })} error={error('variant_id')} />
          <TextField id={`${id}-number`} label="Batch number" value={line.number} onChange={set('number')} error={error('number')} autoCapitalize="characters" />
        </div>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-5 accent-green-800" checked={line.seed} onChange={(event) => onChange({ ...line, seed: event.target.checked })} />
          Seed lot (test date and validity instead of expiry)
        </label>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField id={`${id}-made`} type="date" label="Manufactured" optional value={line.manufactured_on} onChange={set('manufactured_on')} error={error('manufactured_on')} />
          {line.seed ? <TextField id={`${id}-tested`} type="date" label="Tested on" value={line.tested_on} onChange={set('tested_on')} error={error('tested_on')} /> : null}
          <TextField
            id={`${id}-expires`}
            type="date"
            label={line.seed ? 'Valid until' : 'Expires'}
            hint={line.seed ? undefined : 'Leave empty only for a chemical fertiliser'}
            value={line.expires_on}
            onChange={set('expires_on')}
            error={error('expires_on')}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <TextField id={`${id}-quantity`} label="Units" inputMode="numeric" value={line.quantity} onChange={set('quantity')} error={error('quantity')} />
          <TextField id={`${id}-cost`} label="Unit cost (₹)" inputMode="decimal" value={line.unit_cost} onChange={set('unit_cost')} error={error('unit_cost')} />
        </div>
        {error('tested_on') && !line.seed ? <p className="text-sm font-medium text-red-800">{error('tested_on')}</p> : null}
        {onRemove ? (
          <button type="button" className="btn-secondary" onClick={onRemove}>
            Remove line {index + 1}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

export function ReceiptForm({ onDone }: { onDone?: () => void }) {
  const toast = useToast();
  const record = useRecordReceipt();
  const [supplier, setSupplier] = useState('');
  const [invoice, setInvoice] = useState('');
  const [invoiceDate, setInvoiceDate] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>(() => [blankLine()]);
  const errors = fieldErrors(record.error);
  const alert = formError(
    record.error,
    [...HEADER_FIELDS, ...lines.flatMap((_, i) => ['variant_id', 'number', 'manufactured_on', 'expires_on', 'tested_on', 'quantity', 'unit_cost'].map((f) => `lines[${i}].${f}`))],
    'The shop could not be reached. Nothing was recorded; try again.',
  );

  const change = (index: number, line: Line) => setLines((all) => all.map((l, i) => (i === index ? line : l)));
  const remove = (index: number) => {
    // The server's errors name lines by position: they no longer fit once a line goes.
    record.reset();
    setLines((all) => all.filter((_, i) => i !== index));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate(
      {
        supplier: orNull(supplier),
        supplier_invoice: orNull(invoice),
        invoice_date: orNull(invoiceDate),
        note: orNull(note),
        lines: lines.map((line) => ({
          variant_id: line.pack?.variant_id ?? null,
          number: orNull(line.number),
          manufactured_on: orNull(line.manufactured_on),
          expires_on: orNull(line.expires_on),
          tested_on: line.seed ? orNull(line.tested_on) : null,
          quantity: /^\d{1,9}$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : null,
          unit_cost: orNull(line.unit_cost),
        })),
      },
      {
        onSuccess: (receipt) => {
          const units = receipt.lines.reduce((sum, line) => sum + line.quantity, 0);
          toast.success(`Receipt #${receipt.id} recorded`, `${units} units from ${receipt.supplier}, invoice ${receipt.supplier_invoice}.`);
          setSupplier('');
          setInvoice('');
          setInvoiceDate('');
          setNote('');
          setLines([blankLine()]);
          onDone?.();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Record a receipt">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="receipt-supplier" label="Supplier" value={supplier} onChange={(event) => setSupplier(event.target.value)} error={errors.supplier} autoComplete="organization" />
        <TextField id="receipt-invoice" label="Supplier's invoice number" value={invoice} onChange={(event) => setInvoice(event.target.value)} error={errors.supplier_invoice} />
        <TextField id="receipt-invoice-date" type="date" label="Invoice date" value={invoiceDate} onChange={(event) => setInvoiceDate(event.target.value)} error={errors.invoice_date} />
        <TextField id="receipt-note" label="Note" optional value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} hint="Transport, who checked the goods…" />
      </div>
      {errors.lines ? <FormAlert>{errors.lines}</FormAlert> : null}
      <div className="space-y-3">
        {lines.map((line, index) => (
          <LineFields key={line.key} line={line} index={index} errors={errors} onChange={(next) => change(index, next)} onRemove={lines.length > 1 ? () => remove(index) : undefined} />
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" onClick={() => setLines((all) => [...all, blankLine()])}>
          Add a line
        </button>
        <button type="submit" className="btn-primary" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : 'Record the receipt'}
        </button>
      </div>
    </form>
  );
}
