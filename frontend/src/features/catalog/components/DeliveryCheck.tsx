// "Check delivery": the shopper types a PIN code and reads whether the shop delivers there, in how
// many days and for what fee for this pack (and how many of it). The PIN code is remembered in
// this browser, so the next product answers at once.
import '@/features/catalog/delivery-messages';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { formatRupees, toPaise } from '@/lib/money';
import { useDelivery, validPin, type DeliveryAnswer } from '@/lib/queries/delivery';
import { districtLabel, stateLabel } from '@/lib/queries/states';

export const PIN_KEY = 'storefront.delivery-pin';

function rememberedPin(): string {
  try {
    return window.localStorage.getItem(PIN_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(pin: string): void {
  try {
    window.localStorage.setItem(PIN_KEY, pin);
  } catch {
    // Private browsing without storage: the box still answers, it only forgets.
  }
}

/**
 * Drawn only in the browser, after the page is taken over: the remembered PIN code is this
 * browser's, so the server's drawing of the page (the same for everyone) leaves the box out.
 */
const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

export function DeliveryCheck(props: { variantId: number; quantity: number }) {
  // False on the server and while the app takes the drawn page over, true after: the box reads
  // the remembered PIN code, which the server's page cannot know.
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return mounted ? <DeliveryBox {...props} /> : null;
}

function DeliveryBox({ variantId, quantity }: { variantId: number; quantity: number }) {
  const t = useT();
  const [typed, setTyped] = useState(rememberedPin);
  const [asked, setAsked] = useState<string | null>(() => validPin(rememberedPin()));
  const [invalid, setInvalid] = useState(false);
  const answer = useDelivery(asked === null ? null : { pin: asked, variant: variantId, quantity });

  const check = (event: FormEvent) => {
    event.preventDefault();
    const pin = validPin(typed);
    setInvalid(pin === null);
    if (pin === null) return;
    remember(pin);
    setAsked(pin);
  };

  return (
    <section aria-labelledby="delivery-check-title" className="rounded-xl border border-stone-200 bg-stone-50 p-4">
      <h2 id="delivery-check-title" className="text-base font-bold text-stone-900">
        {t('delivery.title')}
      </h2>
      <form noValidate onSubmit={check} className="mt-2 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor="delivery-pin" className="text-sm font-medium text-stone-800">
            {t('delivery.pin')}
          </label>
          <input
            id="delivery-pin"
            name="pin"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={7}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby="delivery-result"
            className="mt-1 min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base tabular-nums"
          />
        </div>
        <button type="submit" className="btn-secondary min-h-11">
          {answer.isFetching ? t('delivery.checking') : t('delivery.check')}
        </button>
      </form>
      <div id="delivery-result" role="status" aria-live="polite" data-testid="delivery-result" className="mt-2 text-sm">
        {invalid ? <p className="text-red-800">{t('delivery.invalid')}</p> : asked === null ? null : <Result pin={asked} answer={answer.data} error={answer.error} />}
      </div>
    </section>
  );
}

function Result({ pin, answer, error }: { pin: string; answer: DeliveryAnswer | undefined; error: unknown }) {
  const t = useT();
  if (isApiError(error, 404) && !answer) return <p className="text-stone-800">{t('delivery.unknown', { pin })}</p>;
  if (error && !answer) return <p className="text-red-800">{t('delivery.error')}</p>;
  if (!answer) return null;
  const state = stateLabel(t, { name: answer.state, code: answer.state_code });
  const place = [answer.district ? districtLabel(t, answer.district) : null, state].filter(Boolean).join(', ');
  if (!answer.served || !answer.days) return <p className="font-medium text-red-800">{t('delivery.notServed', { place, pin: answer.pin })}</p>;
  const parcel = answer.parcel;
  if (parcel && !parcel.allowed) return <p className="font-medium text-red-800">{t('delivery.restricted', { state })}</p>;
  const fee = parcel?.fee;
  return (
    <>
      <p className="font-medium text-green-900">{t('delivery.served', { place, min: answer.days.min, max: answer.days.max })}</p>
      {parcel && fee !== null && fee !== undefined ? (
        <p className="text-stone-800" data-testid="delivery-fee">
          {fee === 0
            ? t('delivery.free', { quantity: parcel.quantity })
            : t('delivery.fee', { quantity: parcel.quantity, fee: formatRupees(toPaise(fee)) })}
        </p>
      ) : null}
    </>
  );
}
