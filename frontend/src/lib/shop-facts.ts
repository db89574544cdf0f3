import type { ShopProfile } from '@/types/api';

/** The address as lines, from the street to the country. */
export function addressLines(address: ShopProfile['address']): string[] {
  return [
    address.line1,
    address.line2,
    [address.city, address.district].filter(Boolean).join(', '),
    [address.state, address.pincode].filter(Boolean).join(' – '),
    address.country,
  ].filter((line): line is string => Boolean(line));
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The shop's WhatsApp chat: its configured link, else a wa.me link to its number. */
export const whatsappHref = (shop: ShopProfile) => shop.social.whatsapp_chat || `https://wa.me/${shop.whatsapp.replace(/\D/g, '')}`;
