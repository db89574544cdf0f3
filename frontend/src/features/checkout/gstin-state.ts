// A GSTIN names its state in its first two digits (the GST state code), and a registered buyer's
// place of supply is that state (IGST Act s. 10(1)(b)): the billing address must be in it. The
// server refuses the order otherwise (422 on `gstin`); this says so before sending.
import type { StateOption } from '@/types/orders';
import type { CheckoutForm } from '@/features/checkout/checkout-form';

export interface GstinStateMismatch {
  /** The state the GSTIN is registered in. */
  registered: StateOption;
  /** The billing address's state. */
  billing: StateOption;
}

/** The GSTIN's state and the billing address's when they differ; none when they agree, when no
 * GSTIN is asked for, or when either is not yet known (the field's own checks speak then). */
export function gstinStateMismatch(form: Pick<CheckoutForm, 'gstInvoice' | 'gstin' | 'billingSame' | 'billing' | 'shipping'>, states: readonly StateOption[]): GstinStateMismatch | null {
  if (!form.gstInvoice) return null;
  const code = /^\d{2}/.exec(form.gstin.trim())?.[0];
  const billingName = (form.billingSame ? form.shipping : form.billing).state;
  const registered = states.find((state) => state.code === code);
  const billing = states.find((state) => state.name === billingName);
  if (!registered || !billing || registered.code === billing.code) return null;
  return { registered, billing };
}

/** The state the order is supplied in (IGST Act s. 10): the GSTIN's for a registered buyer, once
 * its first two digits name a state; else the delivery address's. */
export function supplyStateName(form: Pick<CheckoutForm, 'gstInvoice' | 'gstin' | 'shipping'>, states: readonly StateOption[]): string {
  const code = form.gstInvoice ? /^\d{2}/.exec(form.gstin.trim())?.[0] : undefined;
  return states.find((state) => state.code === code)?.name ?? form.shipping.state;
}
