// The moves the order may make now, each a button; a shipment asks for its carrier and tracking
// number, a cancellation for its reason (and says the stock goes back), any move for a note.
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { useToast } from '@/components/toast/useToast';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useShop } from '@/lib/queries/shop';
import type { OrderStatus } from '@/types/orders';
import type { StaffOrder } from '@/types/orders-desk';
import { useMoveOrder } from '@/features/admin-orders/api/orders-desk';
import { MOVE_NAMES, STATUS_NAMES } from '@/features/admin-orders/labels';
import { emptyMove, moveBody, moveProblems, type MoveFields } from '@/features/admin-orders/move-form';
import { moveButton, reachSentence } from '@/features/admin-orders/reach';

/** Goods worth more than this travel with an e-way bill. */
const EWAY_BILL_ABOVE_RUPEES = 50_000;

export function MovePanel({ order }: { order: StaffOrder }) {
  // The shop profile's carriers, each with its tracking page.
  const carriers = useShop().data?.carriers ?? [];
  const toast = useToast();
  const move = useMoveOrder(order.number);
  const [chosen, setChosen] = useState<OrderStatus | null>(null);
  const [fields, setFields] = useState<MoveFields>(emptyMove);
  const [problems, setProblems] = useState<Record<string, string>>({});

  if (order.next_statuses.length === 0) {
    return <p className="text-stone-700">This order is {STATUS_NAMES[order.status].toLowerCase()}: it moves no further.</p>;
  }
  const errors = { ...fieldErrors(move.error), ...problems };
  const alert = formError(move.error, ['carrier', 'tracking_number', 'eway_bill_number', 'reason', 'note'], 'The shop could not be reached. Try again.');
  // The server decides on the goods' value less exempt lines; the total is a fair first guess.
  const ewayLikely = order.totals.total > EWAY_BILL_ABOVE_RUPEES;
  const set = (name: keyof MoveFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const choose = (status: OrderStatus) => {
    move.reset();
    setProblems({});
    setChosen(status);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const found = moveProblems(chosen, fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    move.mutate(moveBody(chosen, fields), {
      onSuccess: (moved) => {
        toast.success(`Order ${STATUS_NAMES[chosen].toLowerCase()}`, reachSentence(moved.reach));
        setChosen(null);
        setFields(emptyMove);
      },
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {order.next_statuses.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={chosen === status}
            onClick={() => choose(status)}
            className={status === 'cancelled' ? 'btn-secondary text-red-800' : chosen === status ? 'btn-primary' : 'btn-secondary'}
          >
            {MOVE_NAMES[status]}
          </button>
        ))}
      </div>
      {chosen ? (
        <form noValidate onSubmit={submit} aria-label={MOVE_NAMES[chosen]} className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          {chosen === 'shipped' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                id="move-carrier"
                label="Carrier"
                value={fields.carrier}
                onChange={set('carrier')}
                error={errors.carrier}
                hint="Pick one of the shop's carriers and the customer gets its tracking link; any other name is sent without one."
                list="carriers"
                required
              />
              <datalist id="carriers">
                {carriers.map((carrier) => (
                  <option key={carrier.name} value={carrier.name} />
                ))}
              </datalist>
              <TextField id="move-tracking" label="Tracking number" value={fields.trackingNumber} onChange={set('trackingNumber')} error={errors.tracking_number} autoCapitalize="characters" required />
              <TextField
                id="move-eway-bill"
                label="E-way bill number"
                optional={!ewayLikely}
                required={ewayLikely}
                inputMode="numeric"
                value={fields.ewayBill}
                onChange={set('ewayBill')}
                error={errors.eway_bill_number}
                hint="12 digits, from ewaybillgst.gov.in. Needed when the goods are worth over ₹50,000; printed on the packing slip."
              />
            </div>
          ) : null}
          {chosen === 'cancelled' ? (
            <TextField id="move-reason" label="Reason for cancelling" value={fields.reason} onChange={set('reason')} error={errors.reason} hint="Kept on the order. Its stock goes back on the shelf." required />
          ) : null}
          <TextField id="move-note" label="Note" optional value={fields.note} onChange={set('note')} error={errors.note} hint="Shown in the timeline, not to the customer." />
          <p className="text-sm text-stone-700" data-testid="move-reach">
            {reachSentence(order.reach)}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={chosen === 'cancelled' ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'} disabled={move.isPending}>
              {moveButton(chosen === 'cancelled' ? 'Cancel the order' : MOVE_NAMES[chosen], order.reach)}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setChosen(null)}>
              Back
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
