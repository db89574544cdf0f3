// The last cart the server answered, kept in this browser's own storage so the shopper can still
// read it when the phone is offline (the service worker never keeps /api/cart: it is personal).
// It stays on this device only, is replaced by every answer from the server, and is forgotten at
// sign-out. Offline it is shown as it was; every change to it needs the connection.

const KEY = 'storefront.lastCart';

export function saveCart(cart: unknown): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(cart));
  } catch {
    // Storage full or turned off: the cart is then not readable offline, nothing worse.
  }
}

/** The saved answer, or undefined when there is none (or it cannot be read). */
export function savedCart(): unknown {
  try {
    const text = localStorage.getItem(KEY);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function forgetSavedCart(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
