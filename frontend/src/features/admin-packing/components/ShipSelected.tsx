// The selected packed orders handed to one carrier: each parcel's tracking number beside its
// order, each order shipped through the packing desk's own move, one after another, and what
// became of each shown (one refused order does not stop the others).
import CheckCircleIcon from '@heroicons/react/24/solid/CheckCircleIcon';
import ExclamationTriangleIcon from '@heroicons/react/24/solid/ExclamationTriangleIcon';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '@/components/admin/AdminPage';
import { TextField } from '@/components/form/TextField';
import { api, isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { segment } from '@/lib/paths';
import { useShop } from '@/lib/queries/shop';
import '@/lib/desk-messages';

interface Outcome {
  number: string;
  shipped: boolean;
  message?: string;
}

/** The server's reason for one refused order, in its own words where it gave them. */
const reason = (error: unknown, fallback: string) => (isApiError(error) ? (Object.values(error.errors)[0]?.[0] ?? error.message) : fallback);

export function ShipSelected({ numbers, onDone }: { numbers: string[]; onDone: (shipped: string[]) => void }) {
  const t = useT();
  const listId = useId();
  const client = useQueryClient();
  const carriers = useShop().data?.carriers ?? [];
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!carrier.trim()) found.carrier = t('desk.bulk.needCarrier');
    for (const number of numbers) if (!(tracking[number] ?? '').trim()) found[number] = t('desk.bulk.needTracking');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    const done: Outcome[] = [];
    for (const number of numbers) {
      try {
        await api(`/api/admin/packing/orders/${segment(number)}/shipped`, {
          method: 'POST',
          body: { carrier: carrier.trim(), tracking_number: (tracking[number] ?? '').replace(/\s/g, ''), eway_bill_number: null },
        });
        done.push({ number, shipped: true });
      } catch (error) {
        done.push({ number, shipped: false, message: reason(error, t('admin.packing.unreachable')) });
      }
    }
    setSending(false);
    setOutcomes(done);
    void client.invalidateQueries({ queryKey: ['admin', 'packing'] });
    onDone(done.filter((outcome) => outcome.shipped).map((outcome) => outcome.number));
  };

  if (outcomes) {
    const shipped = outcomes.filter((outcome) => outcome.shipped).length;
    return (
      <Panel title={t('desk.bulk.ship')}>
        <div role="status" className="space-y-3">
          <p className="font-semibold">{t('desk.bulk.result', { moved: shipped, refused: outcomes.length - shipped })}</p>
          <ul className="divide-y divide-stone-200">
            {outcomes.map((outcome) => (
              <li key={outcome.number} className="flex items-start gap-2 py-2">
                {outcome.shipped ? <CheckCircleIcon className="size-6 shrink-0 text-green-800" aria-hidden /> : <ExclamationTriangleIcon className="size-6 shrink-0 text-amber-700" aria-hidden />}
                <span>
                  <span className="font-semibold">{outcome.number}</span>
                  <span className="block text-sm">{outcome.shipped ? t('desk.bulk.shipped') : t('desk.bulk.notShipped', { message: outcome.message ?? '' })}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </Panel>
    );
  }
  return (
    <Panel title={t('desk.bulk.ship')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3" aria-label={t('desk.bulk.ship')}>
        <TextField id="pack-ship-carrier" label={t('desk.bulk.carrier')} list={listId} value={carrier} onChange={(event) => setCarrier(event.target.value)} error={problems.carrier} required />
        <datalist id={listId}>
          {carriers.map((known) => (
            <option key={known.name} value={known.name} />
          ))}
        </datalist>
        {numbers.map((number, index) => (
          <TextField
            key={number}
            id={`pack-ship-tracking-${index}`}
            label={t('desk.bulk.tracking', { number })}
            value={tracking[number] ?? ''}
            onChange={(event) => setTracking((current) => ({ ...current, [number]: event.target.value }))}
            error={problems[number]}
            autoCapitalize="characters"
            required
          />
        ))}
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
          {t('desk.bulk.shipAll', { count: numbers.length })}
        </button>
      </form>
    </Panel>
  );
}
