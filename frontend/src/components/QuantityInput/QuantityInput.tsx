// The quantity of the product page and the cart: minus, a field to type in (a numeric keyboard on
// phones) and plus. Minus is disabled at 1 and nothing goes below 1 (spec section 5); above what
// is in stock it steps down to that (lib/quantity.ts). A typed quantity counts once committed
// (Enter, or leaving the field); until then, and while it is not a quantity that can be bought,
// the field says why beside it and nothing is sent. The arrow keys step it like a number field's;
// on a page drawn by the server, minus, plus and the arrows work before the app has come (the
// page's loader steps the field, and the app adopts what it holds).
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import '@/components/QuantityInput/messages';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useWhatTheShopperLeft } from '@/lib/before-the-app';
import { t, useT } from '@/lib/i18n';
import { quantityLimit, readQuantity, stepQuantity, type QuantityProblem } from '@/lib/quantity';

/** What the shopper reads about a quantity that cannot be used. */
export function quantityMessage(problem: QuantityProblem): string {
  switch (problem.kind) {
    case 'empty':
      return t('quantity.empty');
    case 'notWhole':
      return t('quantity.notWhole');
    case 'belowOne':
      return t('quantity.belowOne');
    case 'soldOut':
      return t('stock.outOfStock');
    case 'overStock':
      return t('quantity.overStock', { count: problem.available });
    case 'overLimit':
      return t('quantity.overLimit', { max: problem.max });
  }
}

interface QuantityInputProps {
  /** The quantity as it stands (committed). */
  value: number;
  /** Told of a new quantity: a step, or a typed one once committed and valid. */
  onChange: (value: number) => void;
  /** How many are in stock. */
  available: number;
  /** Names what the quantity is of, for screen readers. */
  label: string;
  disabled?: boolean;
  /** The field's name in the form it sits in (a drawn page's Add to cart form). */
  name?: string;
  /** What sits beside the field (an Add to cart button), told whether the typed text is unusable. */
  children?: (state: { invalid: boolean }) => ReactNode;
}

export function QuantityInput({ value, onChange, available, label, disabled = false, name, children }: QuantityInputProps) {
  useT();
  const messageId = useId();
  // What the shopper is typing, until it is committed; null shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  // An empty field is only called out once the shopper tries to use it, not while retyping.
  const [committed, setCommitted] = useState(false);

  // A quantity typed on the server's page before the app came counts as if typed now: one that
  // can be bought is taken at once (she sees it in the field, so Add to cart must use it).
  const field = useWhatTheShopperLeft<HTMLInputElement>((input) => {
    const typed = input.value;
    if (typed === String(value)) return;
    const early = readQuantity(typed, available);
    if (early.ok) {
      if (early.quantity !== value) onChange(early.quantity);
    } else {
      setDraft(typed);
      setCommitted(early.problem.kind !== 'empty');
    }
  });

  const reading = draft === null ? null : readQuantity(draft, available);
  const problem = reading && !reading.ok ? reading.problem : null;
  const shown = problem && (problem.kind !== 'empty' || committed) ? problem : null;
  const current = reading?.ok ? reading.quantity : value;

  const commit = () => {
    if (!reading) return;
    setCommitted(true);
    if (!reading.ok) return;
    setDraft(null);
    if (reading.quantity !== value) onChange(reading.quantity);
  };
  const step = (by: 1 | -1) => {
    const next = stepQuantity(current, by, available);
    if (next === null) return;
    setDraft(null);
    onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      // As in a number field: the arrows step the quantity.
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    } else if (event.key === 'Enter') {
      // Never submits a form the field sits in.
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== null) {
      event.stopPropagation();
      setDraft(null);
    }
  };

  return (
    <div className="flex flex-col">
      <div className="flex flex-wrap items-center gap-3">
        <div className="inline-flex items-center rounded-lg border border-stone-300 bg-white" role="group" aria-label={label}>
          <button type="button" className="icon-btn" data-step="-1" onClick={() => step(-1)} disabled={disabled || stepQuantity(current, -1, available) === null} aria-label={t('quantity.decrease')}>
            <Icon name="minus" className="size-5" />
          </button>
          <input
            ref={field}
            name={name}
            // Read by the page's loader (crates/pages/src/app_loader.rs), which steps the quantity
            // on a drawn page before the app has come.
            data-quantity=""
            data-max={quantityLimit(available)}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            enterKeyHint="done"
            // 9,999 is four digits; a fifth lets "10000" say what the limit is.
            maxLength={5}
            autoComplete="off"
            aria-label={label}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? messageId : undefined}
            disabled={disabled}
            value={draft ?? String(value)}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => {
              setDraft(event.target.value);
              setCommitted(false);
            }}
            onBlur={commit}
            onKeyDown={onKeyDown}
            className={`h-11 w-16 min-w-0 rounded-md border-2 bg-white text-center text-base font-semibold tabular-nums text-stone-900 focus-visible:outline-none disabled:text-stone-500 ${shown ? 'border-red-700' : 'border-transparent focus:border-green-700'}`}
          />
          <button type="button" className="icon-btn" data-step="1" onClick={() => step(1)} disabled={disabled || stepQuantity(current, 1, available) === null} aria-label={t('quantity.increase')}>
            <Icon name="plus" className="size-5" />
          </button>
        </div>
        {children?.({ invalid: problem !== null })}
      </div>
      <p id={messageId} className="mt-2 text-sm font-medium text-red-800 empty:mt-0" aria-live="polite">
        {shown ? quantityMessage(shown) : ''}
      </p>
    </div>
  );
}
