// Goods that come back after shipping: a form to count what came back of each line (and whether
// it goes back on the shelf, whether the delivery share is refunded, and why), then the returns
// so far with their credit notes. Past the time limit of CGST Act s. 34(2) a return gets no
// credit note; the desk says so.
import '@/lib/desk-messages';
import { useState, type FormEvent } from 'react';
import { CheckboxField } from '@/components/form/CheckboxField';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { formatDay } from '@/components/order-paper/order-format';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import type { ReturnBody, StaffOrder } from '@/types/orders-desk';
import { useTakeReturn } from '@/features/admin-orders/api/orders-desk';
import { returnBody, returnErrorsByPosition, unitsLeft, type ReturnDraft } from '@/features/admin-orders/return-form';

const money = (rupees: number) => formatRupees(toPaise(rupees));

function TakeBackForm({ order }: { order: StaffOrder }) {
  const t = useT();
  const toast = useToast();
  const take = useTakeReturn(order.number);
  const open = order.lines.filter((line) => unitsLeft(line) > 0);
  const [draft, setDraft] = useState<ReturnDraft>(() => ({
    quantities: Object.fromEntries(open.map((line) => [line.position, '0'])),
    restock: Object.fromEntries(open.map((line) => [line.position, true])),
    refundDelivery: false,
    reason: '',
  }));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<ReturnBody | null>(null);
  const server = sent ? returnErrorsByPosition(fieldErrors(take.error), sent) : {};
  const errors = { ...server, ...problems };
  // Every 422 field is placed (a line's beside it, the rest above); other failures say why above.
  const alert = formError(take.error, Object.keys(fieldErrors(take.error)), t('desk.unreachable'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = returnBody(draft, order);
    if (!built.ok) {
      setProblems(Object.fromEntries(Object.entries(built.errors).map(([field, id]) => [field, t(id)])));
      return;
    }
    setProblems({});
    setSent(built.body);
    take.mutate(built.body, {
      onSuccess: (answer) => {
        const notes = answer.return.credit_notes;
        toast.success(
          t('desk.returns.done'),
          notes.length > 0 ? t('desk.returns.doneCredit', { numbers: notes.join(', ') }) : t('desk.returns.noCredit', { date: formatDay(answer.last_day_to_credit) }),
        );
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('desk.returns.title')} className="space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-3">
      <h3 className="font-semibold text-stone-900">{t('desk.returns.title')}</h3>
      <p className="text-sm text-stone-700">{t('desk.returns.intro')}</p>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {errors.lines ? <FormAlert>{errors.lines}</FormAlert> : null}
      <ul className="space-y-3">
        {open.map((line) => {
          const left = unitsLeft(line);
          const id = `return-${line.position}`;
          return (
            <li key={line.position} className="rounded-lg border border-stone-200 bg-white p-3" data-testid="return-line">
              <p className="font-semibold text-stone-900">
                {line.product_name}
                {line.variant_name ? ` – ${line.variant_name}` : ''}
              </p>
              <p className="text-sm text-stone-700">{t('desk.returns.line', { sold: line.quantity, back: line.returned, left })}</p>
              <div className="mt-2 grid gap-2 sm:grid-cols-2 sm:items-start">
                <TextField
                  id={`${id}-quantity`}
                  label={t('desk.returns.quantity', { left })}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  step={1}
                  value={draft.quantities[line.position] ?? '0'}
                  onChange={(event) => setDraft({ ...draft, quantities: { ...draft.quantities, [line.position]: event.target.value } })}
                  error={errors[`${line.position}.quantity`]}
                />
                <div className="sm:pt-6">
                  <CheckboxField
                    id={`${id}-restock`}
                    label={t('desk.returns.restock')}
                    checked={draft.restock[line.position] ?? true}
                    onChange={(checked) => setDraft({ ...draft, restock: { ...draft.restock, [line.position]: checked } })}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <CheckboxField
        id="return-refund-delivery"
        label={t('desk.returns.refundDelivery')}
        hint={t('desk.returns.refundDeliveryHint')}
        checked={draft.refundDelivery}
        onChange={(checked) => setDraft({ ...draft, refundDelivery: checked })}
      />
      <TextField
        id="return-reason"
        label={t('desk.returns.reason')}
        maxLength={300}
        value={draft.reason}
        onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
        error={errors.reason}
        required
      />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={take.isPending}>
        {t('desk.returns.submit')}
      </button>
    </form>
  );
}

function ReturnsList({ order }: { order: StaffOrder }) {
  const t = useT();
  const nameOf = (position: number) => {
    const line = order.lines.find((sold) => sold.position === position);
    return line ? `${line.product_name}${line.variant_name ? ` – ${line.variant_name}` : ''}` : `#${position + 1}`;
  };
  return (
    <ul className="divide-y divide-stone-200" data-testid="returns">
      {order.returns.map((back) => (
        <li key={back.id} className="py-3 text-sm">
          <p className="flex justify-between gap-3 font-medium text-stone-900">
            <span>{formatDay(back.date)}</span>
            <span className="tabular-nums">{money(back.value)}</span>
          </p>
          <ul className="mt-1 text-stone-800">
            {back.lines.map((line) => (
              <li key={line.position}>
                {t('desk.returns.lineBack', { quantity: line.quantity, name: nameOf(line.position) })} · {line.restocked ? t('desk.returns.restocked') : t('desk.returns.notRestocked')}
              </li>
            ))}
          </ul>
          <p className="text-stone-700">
            {back.reason}
            {back.refund_delivery ? ` · ${t('desk.returns.withDelivery')}` : ''}
          </p>
          <p className="mt-1 font-medium text-stone-900" data-testid="return-credit">
            {back.credit_notes.length > 0
              ? t('desk.returns.creditNotes', { numbers: back.credit_notes.join(', ') })
              : order.last_day_to_credit
                ? t('desk.returns.noCredit', { date: formatDay(order.last_day_to_credit) })
                : t('desk.returns.noCreditUndated')}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ReturnsPanel({ order }: { order: StaffOrder }) {
  return (
    <div className="space-y-4">
      {order.returns.length > 0 ? <ReturnsList order={order} /> : null}
      {/* A fresh form after each return: what is left has changed. */}
      {order.can_return ? <TakeBackForm key={order.returns.length} order={order} /> : null}
    </div>
  );
}
