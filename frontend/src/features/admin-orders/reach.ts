// What really happens when the desk moves an order: who tells the customer, and how (the order's
// `reach`). Nobody reaches a customer without an e-mail address when the shop has no phone channel
// or the customer did not say yes to messages: then staff send it themselves with the timeline's
// "Send on WhatsApp".
import type { CustomerReach } from '@/types/orders-desk';

const PHONE_NAMES = { whatsapp: 'a WhatsApp message', sms: 'an SMS' } as const;

/** The phone message the customer gets, if any. */
function phoneMessage(reach: CustomerReach): string | null {
  if (reach.phone_channel === 'none' || !reach.phone_consent) return null;
  return PHONE_NAMES[reach.phone_channel];
}

/** The sentence staff read beside a move, a payment or a refund. */
export function reachSentence(reach: CustomerReach): string {
  const phone = phoneMessage(reach);
  if (reach.email && phone) return `The customer gets an e-mail and ${phone}.`;
  if (reach.email) return 'The customer gets an e-mail.';
  if (phone) return `The customer gets ${phone}.`;
  return 'No e-mail or phone channel: send it yourself with “Send on WhatsApp” in the timeline.';
}

/** What a move's button does besides the move: "e-mail the customer", or nothing to add. */
export function moveButton(move: string, reach: CustomerReach): string {
  const phone = phoneMessage(reach);
  if (reach.email && phone) return `${move} and tell the customer`;
  if (reach.email) return `${move} and e-mail the customer`;
  if (phone) return `${move} and message the customer`;
  return move;
}

