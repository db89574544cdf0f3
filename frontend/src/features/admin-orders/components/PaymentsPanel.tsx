// Money in and out: the payments recorded so far, then a form to mark the order paid (how the
// money came, and its reference as the shop's books write it: a cash book's receipt number, a
// cheque's number, a transfer's UTR, a UPI transaction ID) or, for a paid order cancelled or
// partly returned, to record its refund (what is owed, by default).
import '@/lib/desk-messages';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { formatDate } from '@/components/order-paper/order-format';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { formatRupees, toPaise } from '@/lib/money';
import { useT } from '@/lib/i18n';
import type { ReceivedVia, RefundMethod, StaffOrder } from '@/types/orders-desk';
import { useRecordPayment, useRecordRefund } from '@/features/admin-orders/api/orders-desk';
import { METHOD_NAMES, PAYMENT_STATE_NAMES, REFUND_METHOD_NAMES, paymentTone } from '@/features/admin-orders/labels';
import { parseRupees, todayInIndia } from '@/features/admin-orders/move-form';
import { reachSentence } from '@/features/admin-orders/reach';

const money = (rupees: number) => formatRupees(toPaise(rupees));
const UNREACHABLE = 'The shop could not be reached. Try again.';

const RECEIVED_VIA: ReceivedVia[] = ['cash', 'cheque', 'upi', 'bank_transfer'];

function PaymentForm({ order }: { order: StaffOrder }) {
  const t = useT();
  const toast = useToast();
  const pay = useRecordPayment(order.number);
  const bank = order.payment_method === 'bank_transfer';
  const [amount, setAmount] = useState(String(order.totals.total));
  const [paidOn, setPaidOn] = useState(todayInIndia());
  const [via, setVia] = useState<ReceivedVia>(bank ? 'bank_transfer' : 'cash');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const errors = fieldErrors(pay.error);
  const alert = formError(pay.error, ['amount', 'paid_on', 'method', 'reference'], t('desk.unreachable'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rupees = parseRupees(amount);
    if (rupees === undefined) {
      setProblem('Enter the amount in rupees, such as 1250.50.');
      return;
    }
    setProblem(undefined);
    pay.mutate(
      { amount: rupees, paid_on: paidOn, method: via, reference: reference.trim() || null },
      { onSuccess: (paid) => toast.success('Payment recorded', paid.status === 'confirmed' && order.status === 'awaiting_payment' ? `The order is confirmed. ${reachSentence(paid.reach)}` : undefined) },
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-label={bank ? 'Mark the transfer received' : 'Mark the cash collected'} className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
      <h3 className="font-semibold text-stone-900">{bank ? 'Bank transfer received' : 'Cash on delivery collected'}</h3>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="grid gap-3">
        <TextField id="pay-amount" label="Amount (₹)" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} error={problem ?? errors.amount} required />
        <TextField id="pay-date" label={bank ? 'Received on' : 'Collected on'} type="date" max={todayInIndia()} value={paidOn} onChange={(event) => setPaidOn(event.target.value)} error={errors.paid_on} required />
        <SelectField id="pay-method" label={t('desk.pay.method')} value={via} onChange={(event) => setVia(event.target.value as ReceivedVia)} error={errors.method}>
          {RECEIVED_VIA.map((value) => (
            <option key={value} value={value}>
              {t(`desk.pay.method.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="pay-reference"
          label={t(`desk.pay.reference.${via}`)}
          hint={via === 'cash' ? t('desk.pay.receiptHint') : undefined}
          optional={via === 'cash'}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={errors.reference}
          autoCapitalize="characters"
          inputMode={via === 'upi' || via === 'cheque' ? 'numeric' : undefined}
          required={via !== 'cash'}
        />
      </div>
      {order.status === 'awaiting_payment' ? <p className="text-sm text-stone-700">The order is then confirmed. {reachSentence(order.reach)}</p> : null}
      <button type="submit" className="btn-primary" disabled={pay.isPending}>
        Mark paid
      </button>
    </form>
  );
}

function RefundForm({ order }: { order: StaffOrder }) {
  const toast = useToast();
  const refund = useRecordRefund(order.number);
  const [amount, setAmount] = useState(String(order.refund_owed));
  const [method, setMethod] = useState<RefundMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(todayInIndia());
  const [problem, setProblem] = useState<string | undefined>();
  const errors = fieldErrors(refund.error);
  const alert = formError(refund.error, ['amount', 'method', 'reference', 'paid_on'], UNREACHABLE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rupees = parseRupees(amount);
    if (rupees === undefined) {
      setProblem('Enter the amount in rupees, such as 1250.50.');
      return;
    }
    setProblem(undefined);
    refund.mutate({ amount: rupees, method, reference: reference.trim() || null, paid_on: paidOn }, { onSuccess: (refunded) => toast.success('Refund recorded', reachSentence(refunded.reach)) });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Record the refund" className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
      <h3 className="font-semibold text-stone-900">Refund</h3>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="grid gap-3">
        <TextField id="refund-amount" label="Amount (₹)" hint={`At most ${money(order.paid)}`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} error={problem ?? errors.amount} required />
        <SelectField id="refund-method" label="Paid back by" value={method} onChange={(event) => setMethod(event.target.value as RefundMethod)} error={errors.method}>
          {(Object.keys(REFUND_METHOD_NAMES) as RefundMethod[]).map((value) => (
            <option key={value} value={value}>
              {REFUND_METHOD_NAMES[value]}
            </option>
          ))}
        </SelectField>
        <TextField id="refund-reference" label="Reference" optional={method === 'cash'} value={reference} onChange={(event) => setReference(event.target.value)} error={errors.reference} />
        <TextField id="refund-date" label="Paid on" type="date" max={todayInIndia()} value={paidOn} onChange={(event) => setPaidOn(event.target.value)} error={errors.paid_on} required />
      </div>
      <p className="text-sm text-stone-700">{reachSentence(order.reach)}</p>
      <button type="submit" className="btn-primary" disabled={refund.isPending}>
        Record refund
      </button>
    </form>
  );
}

const isVia = (method: string): method is ReceivedVia => (RECEIVED_VIA as string[]).includes(method);

export function PaymentsPanel({ order }: { order: StaffOrder }) {
  const t = useT();
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2">
        {METHOD_NAMES[order.payment_method]}
        <span className={`rounded px-2 py-0.5 text-sm font-semibold ${paymentTone(order.payment_state)}`}>{PAYMENT_STATE_NAMES[order.payment_state]}</span>
      </p>
      {order.payments.length > 0 ? (
        <ul className="divide-y divide-stone-200">
          {order.payments.map((payment) => (
            <li key={payment.id} className="py-2 text-sm">
              <span className="flex justify-between gap-3 font-medium text-stone-900">
                <span>{payment.kind === 'refund' ? 'Refunded' : 'Received'}</span>
                <span className="tabular-nums">{money(payment.amount)}</span>
              </span>
              <span className="block text-stone-700">
                {payment.method === 'cod' ? 'Cash on delivery' : isVia(payment.method) ? t(`desk.pay.method.${payment.method}`) : payment.method.replace('_', ' ')} · {formatDate(payment.paid_on)}
                {payment.reference ? ` · ${payment.reference}` : ''}
              </span>
              {payment.recorded_by ? <span className="block text-stone-600">Recorded by {payment.recorded_by}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {order.can_record_payment ? <PaymentForm order={order} /> : null}
      {/* A fresh form when what is owed changes (goods came back). */}
      {order.can_refund ? <RefundForm key={order.refund_owed} order={order} /> : null}
    </div>
  );
}
