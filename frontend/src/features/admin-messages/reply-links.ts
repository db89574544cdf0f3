// Ways to answer a contact message from the phone or desk in hand: mail (with the subject quoted),
// a call, and WhatsApp when a phone number was given.
import type { InboxMessage } from '@/types/day-desk';

export interface ReplyLink {
  label: string;
  href: string;
  /** Opens another site (WhatsApp) in a new tab. */
  external: boolean;
}

/** `Re: <subject>` for the mail's subject line; `Re: your message to <shop>` without one. */
export function replySubject(subject: string | null, shopName: string): string {
  const trimmed = subject?.trim();
  if (!trimmed) return `Re: your message to ${shopName}`;
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/** wa.me wants the number's digits with the country code; Indian numbers are stored with +91. */
export function whatsappDigits(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 10) digits = `91${digits}`;
  return digits.length >= 11 && digits.length <= 15 ? digits : null;
}

export function replyLinks(message: Pick<InboxMessage, 'email' | 'phone' | 'subject'>, shopName: string): ReplyLink[] {
  const links: ReplyLink[] = [
    { label: 'Reply by e-mail', href: `mailto:${message.email}?subject=${encodeURIComponent(replySubject(message.subject, shopName))}`, external: false },
  ];
  const phone = message.phone?.trim();
  if (phone) {
    links.push({ label: 'Call', href: `tel:${phone.replace(/[^\d+]/g, '')}`, external: false });
    const digits = whatsappDigits(phone);
    if (digits) links.push({ label: 'WhatsApp', href: `https://wa.me/${digits}`, external: true });
  }
  return links;
}
