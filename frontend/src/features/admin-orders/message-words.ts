// The desk's words for a message sent about an order: what it was, by which channel, to whom,
// and how far it got.
import type { MessageState, OrderMessage } from '@/types/orders-desk';

const CHANNEL_NAMES: Record<string, string> = {
  mail: 'E-mail',
  smtp: 'E-mail',
  files: 'E-mail (written to a file)',
  phone: 'Phone message',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  file: 'Phone message (written to a file)',
};

/** `order_shipped` reads "Order shipped". */
const templateWords = (template: string) => {
  const words = template.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "WhatsApp to +919847012345: Order shipped"; a mail by its subject. */
export function messageHeadline(message: OrderMessage): string {
  const channel = CHANNEL_NAMES[message.channel] ?? message.channel;
  const what = message.mail ? `“${message.what}”` : templateWords(message.what);
  return `${channel} to ${message.to}: ${what}`;
}

const STATE_NAMES: Record<MessageState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  given_up: 'Refused: not retried',
};

export const messageState = (state: MessageState) => STATE_NAMES[state];

const STATE_TONES: Record<MessageState, string> = {
  queued: 'bg-amber-100 text-amber-900',
  sent: 'bg-stone-200 text-stone-800',
  delivered: 'bg-green-100 text-green-900',
  read: 'bg-green-200 text-green-950',
  failed: 'bg-red-100 text-red-900',
  given_up: 'bg-red-100 text-red-900',
};

/** Red for what did not reach the customer. */
export const stateTone = (state: MessageState) => STATE_TONES[state];
