// Staff notes on the order (never shown to the customer), with their author and time.
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { TextAreaField } from '@/components/form/TextAreaField';
import { formatDateTime } from '@/components/order-paper/order-format';
import { fieldErrors, formError } from '@/lib/form-errors';
import type { StaffOrder } from '@/types/orders-desk';
import { useAddNote } from '@/features/admin-orders/api/orders-desk';

export function NotesPanel({ order }: { order: StaffOrder }) {
  const add = useAddNote(order.number);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const errors = fieldErrors(add.error);
  const alert = formError(add.error, ['body'], 'The shop could not be reached. Try again.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setProblem('Write the note first.');
      return;
    }
    setProblem(undefined);
    add.mutate({ body: body.trim() }, { onSuccess: () => setBody('') });
  };
  return (
    <div className="space-y-4">
      {order.staff_notes.length === 0 ? <p className="text-stone-600">No notes yet.</p> : null}
      <ul className="space-y-3">
        {order.staff_notes.map((note) => (
          <li key={note.id} className="rounded-lg bg-amber-50 p-3">
            <p className="whitespace-pre-line text-stone-900">{note.body}</p>
            <p className="mt-1 text-sm text-stone-600">
              {note.author ?? 'Someone'} · {formatDateTime(note.at)}
            </p>
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={submit} aria-label="Add a note" className="space-y-2">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextAreaField id="note-body" label="New note" rows={3} value={body} onChange={(event) => setBody(event.target.value)} error={problem ?? errors.body} maxLength={2000} />
        <button type="submit" className="btn-secondary" disabled={add.isPending}>
          Add note
        </button>
      </form>
    </div>
  );
}
