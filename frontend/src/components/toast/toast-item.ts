// What a toast is, kept apart from how it is drawn: the provider (in every page's first download)
// needs these, the drawing code comes when the first toast shows.
export type ToastVariant = 'success' | 'error';

export interface ToastItem {
  id: number;
  variant: ToastVariant;
  heading: string;
  message?: string;
  /** When it closes by itself (Date.now() time), unless held. */
  closesAt: number;
}

/** The spec's auto-close delay. */
export const TOAST_DURATION_MS = 3000;
/** The fade-out before a closed toast leaves the DOM (matches the transition below). */
export const TOAST_FADE_MS = 200;
