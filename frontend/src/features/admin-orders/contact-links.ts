// Reaching a customer from an order: a call (tel:) and a WhatsApp chat (wa.me takes the number's
// digits with its country code, no plus sign or spaces).

/** `tel:+919847012345` from a number as stored (E.164) or typed with spaces. */
export const telLink = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** `https://wa.me/919847012345`; a 10-digit Indian mobile number gains its 91. */
export function whatsAppLink(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 10) digits = `91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) digits = `91${digits.slice(1)}`;
  return `https://wa.me/${digits}`;
}
