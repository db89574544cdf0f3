// Links that open WhatsApp with a message written for the shopper, who still has to press Send:
// nothing leaves the phone without their tap. wa.me opens the app on a phone and WhatsApp Web on
// a computer.

import { useSyncExternalStore } from 'react';
import { pathIn, type Locale } from '@/lib/locales';

/** A chat with `phone` (any writing of the number, e.g. `+91 94470 20071`) about `text`. */
export function whatsappChatHref(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** WhatsApp's own "send to…" screen with `text`: the shopper picks whom to send it to. */
export function whatsappShareHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The page at `path` as an absolute address in `locale`, for a message read elsewhere. */
export function absoluteUrl(locale: Locale, path: string, origin: string): string {
  return `${origin}${pathIn(locale, path)}`;
}

const noSubscription = () => () => undefined;

/**
 * The shop's origin in the browser; empty while the server renders the page (no `window` there),
 * after which hydration renders again with the browser's.
 */
export const useOrigin = (): string =>
  useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );

/** Whether this browser has a share sheet (most phones; few desktop browsers). */
export const canShareNatively = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';
