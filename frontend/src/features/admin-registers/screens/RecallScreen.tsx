import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminPage, Panel } from '@/components/admin/AdminPage';
import { TextField } from '@/components/form/TextField';
import { TextAreaField } from '@/components/form/TextAreaField';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/queries/user';
import { adminPaths } from '@/lib/admin-paths';
import { useRecipients, useSendRecall } from '@/features/admin-registers/api/registers';
import { indianDate } from '@/features/admin-registers/month';
import type { BatchRecipients, Recipient } from '@/types/registers';

const REACH: Record<Recipient['reach'], string> = {
  phone: 'Phone message',
  mail: 'E-mail',
  call: 'Call them',
};

function RecipientList({ recipients }: { recipients: Recipient[] }) {
  if (recipients.length === 0) return <p className="text-stone-700">Nobody holds units of this batch: no order took it, or all of it came back.</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="recipients">
      {recipients.map((r) => (
        <li key={r.order_number} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:gap-4">
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">
              {r.name} <span className="font-normal text-stone-600">· {r.units === 1 ? '1 unit' : `${r.units} units`}</span>
            </p>
            <p>
              <a href={`tel:${r.phone}`} className="font-medium text-emerald-800 underline underline-offset-2">
                {r.phone}
              </a>
              {r.email ? <span className="block break-all text-stone-700">{r.email}</span> : null}
            </p>
            <p className="text-sm text-stone-600">{r.address}</p>
          </div>
          <div className="text-sm sm:text-right">
            <Link to={adminPaths.order.getHref(r.order_number)} className="font-mono font-semibold text-emerald-800 underline underline-offset-2">
              {r.order_number}
            </Link>
            <span className="block text-stone-600">
              {indianDate(r.date)} · {r.status.replace('_', ' ')}
            </span>
            <span className="block text-stone-700">{REACH[r.reach]}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function SendRecall({ batch, data }: { batch: number; data: BatchRecipients }) {
  const send = useSendRecall(batch);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const error = send.error && isApiError(send.error) ? (send.error.errors.reason?.[0] ?? send.error.message) : send.error ? 'The recall could not be sent.' : undefined;
  const toTell = data.recipients.filter((r) => r.reach !== 'call').length;
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!confirming) {
          setConfirming(true);
          return;
        }
        send.mutate(reason.trim(), { onSettled: () => setConfirming(false) });
      }}
    >
      <TextAreaField
        id="recall-reason"
        label="Why is the batch recalled?"
        hint="The manufacturer's notice, kept with the recall and in the audit log (not sent to customers)."
        value={reason}
        maxLength={300}
        rows={3}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setConfirming(false);
        }}
      />
      {confirming ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          This tells {toTell === 1 ? '1 customer' : `${toTell} customers`} now, each in the language of their order, and cannot be undone. Press again to send.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={send.isPending || reason.trim().length < 3}>
          {confirming ? 'Yes, send the recall' : 'Send recall'}
        </button>
        {confirming ? (
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        ) : null}
      </div>
      {send.data ? (
        <p role="status" className="text-emerald-900">
          {send.data.sent_now
            ? `Sent: ${send.data.recall.mails} e-mails and ${send.data.recall.phone_messages} phone messages.`
            : 'This batch was recalled before: nobody was told again.'}
        </p>
      ) : null}
    </form>
  );
}

function BatchRecall({ batch }: { batch: number }) {
  const { data: user } = useUser();
  const found = useRecipients(batch);
  if (found.isPending) return <p role="status">Finding who received the batch…</p>;
  if (found.isError)
    return <p className="text-red-800">{isApiError(found.error, 404) ? 'No batch has this number.' : 'The batch could not be loaded.'}</p>;
  const { batch: b, recipients, recall } = found.data;
  const toCall = recipients.filter((r) => r.reach === 'call').length;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Panel title={`Who received it (${recipients.length})`}>
        <RecipientList recipients={recipients} />
      </Panel>
      <div className="grid content-start gap-5">
        <Panel title="The batch">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">Product</dt>
            <dd>{b.item}</dd>
            <dt className="text-stone-600">Batch</dt>
            <dd className="font-mono">{b.number}</dd>
            <dt className="text-stone-600">Made</dt>
            <dd>{indianDate(b.manufactured_on)}</dd>
            <dt className="text-stone-600">Expires</dt>
            <dd>{indianDate(b.expires_on)}</dd>
            <dt className="text-stone-600">In the shop</dt>
            <dd>{b.in_shop === 1 ? '1 unit' : `${b.in_shop} units`}</dd>
          </dl>
        </Panel>
        <Panel title="Recall">
          {recall ? (
            <div className="grid gap-1 text-sm" data-testid="recall-record">
              <p className="font-semibold text-stone-900">Recalled {new Date(`${recall.at}Z`).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })}{recall.by ? ` by ${recall.by}` : ''}.</p>
              <p>{recall.reason}</p>
              <p>
                Told {recall.recipients} orders: {recall.mails} e-mails, {recall.phone_messages} phone messages.
              </p>
            </div>
          ) : user?.role === 'admin' ? (
            <SendRecall batch={batch} data={found.data} />
          ) : (
            <p className="text-stone-700">Only an admin can send a recall.</p>
          )}
          {toCall > 0 ? <p className="mt-3 text-sm text-amber-900">{toCall === 1 ? '1 customer has' : `${toCall} customers have`} no e-mail and no phone messages: call them.</p> : null}
        </Panel>
      </div>
    </div>
  );
}

/** /admin/recall and /admin/batches/:id/recall: everyone who received a batch, and its recall. */
export default function RecallScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const batch = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const [asked, setAsked] = useState(params.id ?? '');
  return (
    <AdminPage title="Batch recall" intro="Everyone who received a batch, with their phone numbers, and one message to each when its manufacturer recalls it.">
      <form
        className="mb-5 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (/^\d+$/.test(asked.trim())) navigate(adminPaths.batchRecall.getHref(asked.trim()));
        }}
      >
        <TextField id="recall-batch" label="Batch id" inputMode="numeric" value={asked} onChange={(event) => setAsked(event.target.value)} />
        <button type="submit" className="btn-secondary min-h-11">
          Find
        </button>
      </form>
      {batch !== undefined ? <BatchRecall key={batch} batch={batch} /> : null}
    </AdminPage>
  );
}
