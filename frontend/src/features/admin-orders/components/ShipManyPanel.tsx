// Several orders shipped at once with one carrier: each parcel's tracking number typed beside its
// order. The server moves each order as it would alone and says what became of each; the panel
// then shows which shipped and which did not, and why.
import '@/lib/desk-messages';
import CheckCircleIcon from '@heroicons/react/24/solid/CheckCircleIcon';
import ExclamationTriangleIcon from '@heroicons/react/24/solid/ExclamationTriangleIcon';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '@/components/admin/AdminPage';
import { FormAlert } from '@/components/form/FormAlert';
import { TextField } from '@/components/form/TextField';
import { fieldErrors, formError } from '@/lib/form-errors';
import { useT } from '@/lib/i18n';
import { useShop } from '@/lib/queries/shop';
import type { BulkMoveAnswer } from '@/types/orders-desk';
import { useMoveOrders } from '@/features/admin-orders/api/orders-desk';

/** The body for shipping `numbers` with `carrier`, each parcel's number without its spaces. */
export function shipManyBody(carrier: string, numbers: string[], tracking: Record<string, string>) {
  return {
    status: 'shipped' as const,
    carrier: carrier.trim(),
    orders: numbers.map((number) => ({ number, tracking_number: (tracking[number] ?? '').replace(/\s/g, '') })),
  };
}

export function ShipManyPanel({ numbers, onDone }: { numbers: string[]; onDone: (answer: BulkMoveAnswer) => void }) {
  const t = useT();
  const listId = useId();
  const carriers = useShop().data?.carriers ?? [];
  const ship = useMoveOrders();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const errors = fieldErrors(ship.error);
  const alert = formError(ship.error, ['carrier', 'orders', ...numbers.map((_, index) => `orders.${index}.tracking_number`)], t('desk.unreachable'));
  const answer = ship.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!carrier.trim()) found.carrier = t('desk.bulk.needCarrier');
    for (const number of numbers) if (!(tracking[number] ?? '').trim()) found[number] = t('desk.bulk.needTracking');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    ship.mutate(shipManyBody(carrier, numbers, tracking), { onSuccess: onDone });
  };

  return (
    <Panel title={t('desk.bulk.ship')}>
      {answer ? (
        <div role="status" className="space-y-3">
          <p className="font-semibold">{t('desk.bulk.result', { moved: answer.moved, refused: answer.refused })}</p>
          <ul className="divide-y divide-stone-200">
            {answer.results.map((result) => (
              <li key={result.number} className="flex items-start gap-2 py-2" data-testid={`ship-result-${result.number}`}>
                {result.moved ? <CheckCircleIcon className="size-6 shrink-0 text-green-800" aria-hidden /> : <ExclamationTriangleIcon className="size-6 shrink-0 text-amber-700" aria-hidden />}
                <span>
                  <span className="font-semibold">{result.number}</span>
                  <span className="block text-sm">{result.moved ? t('desk.bulk.shipped') : t('desk.bulk.notShipped', { message: result.message ?? '' })}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-3" aria-label={t('desk.bulk.ship')}>
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <TextField id="ship-many-carrier" label={t('desk.bulk.carrier')} list={listId} value={carrier} onChange={(event) => setCarrier(event.target.value)} error={problems.carrier ?? errors.carrier} required />
          <datalist id={listId}>
            {carriers.map((known) => (
              <option key={known.name} value={known.name} />
            ))}
          </datalist>
          {numbers.map((number, index) => (
            <TextField
              key={number}
              id={`ship-many-tracking-${index}`}
              label={t('desk.bulk.tracking', { number })}
              value={tracking[number] ?? ''}
              onChange={(event) => setTracking((current) => ({ ...current, [number]: event.target.value }))}
              error={problems[number] ?? errors[`orders.${index}.tracking_number`]}
              autoCapitalize="characters"
              autoComplete="off"
              required
            />
          ))}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={ship.isPending}>
            {t('desk.bulk.shipAll', { count: numbers.length })}
          </button>
        </form>
      )}
    </Panel>
  );
}
