// The parts of a customer's page shared by accounts and guests: what they bought, staff's note,
// and their rights over their data (a copy to download; erasure, for admins only).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Panel } from '@/components/admin/AdminPage';
import { ConfirmDialog } from '@/components/admin/ConfirmDialog';
import { FormAlert } from '@/components/form/FormAlert';
import { TextAreaField } from '@/components/form/TextAreaField';
import { useToast } from '@/components/toast/useToast';
import { isApiError } from '@/lib/api-client';
import { formatLocalDate } from '@/lib/dates';
import { fieldErrors } from '@/lib/form-errors';
import { formatRupees, toPaise } from '@/lib/money';
import { useUser } from '@/lib/queries/user';
import type { Person } from '@/types/day-desk';
import { exportUrl, useErase, useSaveNote, type CustomerTarget } from '@/features/admin-customers/api/customers';
import { adminPaths } from '@/lib/admin-paths';

/** Orders, what they came to and when the last was placed. */
export function PersonFigures({ person }: { person: Person }) {
  return (
    <dl className="flex flex-wrap gap-3 text-center">
      <div className="min-w-fit flex-1 rounded-lg bg-stone-50 p-3">
        <dt className="text-sm text-stone-600">Orders</dt>
        <dd className="text-xl font-bold tabular-nums text-stone-900">{person.order_count}</dd>
      </div>
      <div className="min-w-fit flex-1 rounded-lg bg-stone-50 p-3">
        <dt className="text-sm text-stone-600">Spent</dt>
        <dd className="text-xl font-bold whitespace-nowrap tabular-nums text-stone-900">{formatRupees(toPaise(person.total_spent))}</dd>
      </div>
      <div className="min-w-fit flex-1 rounded-lg bg-stone-50 p-3">
        <dt className="text-sm text-stone-600">Last order</dt>
        <dd className="font-semibold whitespace-nowrap text-stone-900">{person.last_order_at ? formatLocalDate(person.last_order_at) : '—'}</dd>
      </div>
    </dl>
  );
}

/** Staff's note on the person: read, and edited in place. */
export function NotePanel({ target, note }: { target: CustomerTarget; note: string | null | undefined }) {
  const toast = useToast();
  const save = useSaveNote(target);
  const [editing, setEditing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('note') ?? '');
    save.mutate(text, {
      onSuccess: () => {
        toast.success(text.trim() ? 'Note saved' : 'Note removed');
        setEditing(false);
      },
    });
  };
  return (
    <Panel
      title="Note"
      actions={
        editing ? null : (
          <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
            {note ? 'Edit note' : 'Add a note'}
          </button>
        )
      }
    >
      {editing ? (
        <form onSubmit={submit} className="space-y-3">
          <TextAreaField id="customer-note" name="note" label="Note for staff" hint="Only staff see it. Leave it blank to remove it." rows={4} maxLength={2000} defaultValue={note ?? ''} error={fieldErrors(save.error).note} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save note'}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : note ? (
        <p className="whitespace-pre-wrap break-words text-stone-900">{note}</p>
      ) : (
        <p className="text-stone-600">No note yet.</p>
      )}
    </Panel>
  );
}

/** A copy of the person's data, and (for admins) its erasure, with a dialog that says what stays. */
export function DataRightsPanel({ target, name }: { target: CustomerTarget; name: string }) {
  const { data: user } = useUser();
  const toast = useToast();
  const navigate = useNavigate();
  const erase = useErase(target);
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    erase.mutate(undefined, {
      onSuccess: ({ orders_kept: kept }) => {
        toast.success('Personal data erased', kept.length ? `Orders kept for the tax records: ${kept.join(', ')}` : undefined);
        void navigate(adminPaths.customers.getHref(), { replace: true });
      },
      onSettled: () => setAsking(false),
    });
  return (
    <Panel title="Their data">
      <p className="text-sm text-stone-700">Under India’s data protection law (DPDP Act 2023) a customer may ask for a copy of their data, or for it to be erased.</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href={exportUrl(target)} download className="btn-secondary">
          Download their data
        </a>
        {user?.role === 'admin' ? (
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => setAsking(true)}>
            Erase their data
          </button>
        ) : null}
      </div>
      {erase.isError ? (
        <div className="mt-3">
          <FormAlert>{isApiError(erase.error) ? erase.error.message : 'The shop could not be reached. Please try again.'}</FormAlert>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`Erase ${name}’s data?`}
        message="Their phone, e-mail, password, saved addresses, cart, messages, consents and note are removed, and they can no longer sign in. Their orders and invoices keep the name, billing address, state and GSTIN, as the GST rules require. This cannot be undone."
        confirmLabel="Erase"
        destructive
        pending={erase.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </Panel>
  );
}
