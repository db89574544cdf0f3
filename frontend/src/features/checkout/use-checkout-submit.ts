// Placing the order from the checkout form: the form's own checks first, then the request with its
// Idempotency-Key; a failure becomes field errors and the problem banner (classify-error.ts), and
// the focus goes to the first field to correct, or else to the banner.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast/useToast';
import { useT } from '@/lib/i18n';
import { stateLabel, useStates } from '@/lib/queries/states';
import type { Order, SavedAddress, SavedAddressInput } from '@/types/orders';
import { addressesQuery, saveAddress } from '@/features/checkout/api/addresses';
import { usePlaceOrder } from '@/features/checkout/api/place-order';
import { toCheckoutInput, toPostalAddress, validateCheckout } from '@/features/checkout/checkout-form';
import { classifyCheckoutError, type CheckoutFailure, type Problem } from '@/features/checkout/classify-error';
import type { CheckoutFormState } from '@/features/checkout/use-checkout-form';
import type { IdempotencyKey } from '@/features/checkout/use-idempotency-key';
import { gstinStateMismatch } from '@/features/checkout/gstin-state';

interface CheckoutSubmitOptions {
  state: CheckoutFormState;
  idempotencyKey: IdempotencyKey;
  signedIn: boolean;
  /** The signed-in shopper's address book (empty for a visitor). */
  savedAddresses: readonly SavedAddress[];
  onPlaced: (order: Order) => void;
  onCartOutdated?: () => void;
}

/** The first element (in page order) among the ids with an error. */
function firstInvalid(ids: readonly string[]): HTMLElement | undefined {
  return ids
    .map((id) => document.getElementById(id))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}

/** The form shows a field for an API field path when an element has that path for its id. */
const formShows = (path: string) => document.getElementById(path) !== null;

export function useCheckoutSubmit({ state, idempotencyKey, signedIn, savedAddresses, onPlaced, onCartOutdated }: CheckoutSubmitOptions) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const placeOrder = usePlaceOrder();
  const states = useStates().data;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const problemRef = useRef<HTMLDivElement>(null);
  const { form, errors, savedId } = state;

  // After a failed attempt: the first field to correct, or else the message, gets the focus.
  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    (firstInvalid(Object.keys(errors)) ?? problemRef.current)?.focus();
    // Only a new request moves the focus, not later edits of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const fail = ({ problem: next, fieldErrors }: Pick<CheckoutFailure, 'problem' | 'fieldErrors'>) => {
    state.showErrors(fieldErrors);
    setProblem(next);
    setFocusRequest((n) => n + 1);
  };

  const onError = (error: unknown) => {
    idempotencyKey.failed();
    const failure = classifyCheckoutError(error, formShows);
    if (failure.cartOutdated) onCartOutdated?.();
    if (failure.renewKey) idempotencyKey.renew();
    fail(failure);
  };

  // The checkout screen is gone by the time this answers (the confirmation opens at once), so it is
  // a plain request whose toasts and refresh do not depend on the screen, not a mutation of it.
  const keepAddress = (input: SavedAddressInput) =>
    saveAddress(input)
      .then(() => {
        toast.success(t('checkout.saved.done'));
        return queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey });
      })
      .catch(() => toast.error(t('checkout.saved.failed')));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (placeOrder.isPending) return;
    const invalid: Record<string, string> = Object.fromEntries(Object.entries(validateCheckout(form)).map(([path, id]) => [path, t(id)]));
    const mismatch = invalid.gstin ? null : gstinStateMismatch(form, states ?? []);
    if (mismatch) {
      const registered = stateLabel(t, mismatch.registered);
      invalid.gstin = t('checkout.error.gstinState', { gstinState: registered, code: mismatch.registered.code, billingState: stateLabel(t, mismatch.billing) });
    }
    const count = Object.keys(invalid).length;
    if (count > 0) {
      fail({ problem: { kind: 'fields', count, general: [] }, fieldErrors: invalid });
      return;
    }
    setProblem(null);
    const keep = signedIn && savedId === null && form.saveAddress;
    placeOrder.mutate(
      { input: toCheckoutInput(form), idempotencyKey: idempotencyKey.current() },
      {
        onSuccess: (order) => {
          if (keep) void keepAddress({ ...toPostalAddress(form.shipping), is_default: savedAddresses.length === 0 });
          onPlaced(order);
        },
        onError,
      },
    );
  };

  return { submit, pending: placeOrder.isPending, problem, problemRef };
}
