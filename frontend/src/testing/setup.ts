import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadToastStack } from '@/components/toast/ToastViewport';
import { forgetToken } from '@/lib/api-client';

// In a browser the toasts' code comes once the page is idle (ToastViewport): by a shopper's first
// toast it is there, and so it is here before a test's first.
beforeAll(async () => {
  await loadToastStack();
});

// Failures the app only logs (spec section 8) would flood the output.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.documentElement.style.overflow = '';
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  forgetToken();
});

// jsdom has no modal dialogs: enough of <dialog> for our Dialog component.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

window.scrollTo = () => undefined;

// Layout observers do nothing in jsdom; tests that need them stub their own.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (!('IntersectionObserver' in window)) Object.assign(window, { IntersectionObserver: NoopObserver });
if (!('ResizeObserver' in window)) Object.assign(window, { ResizeObserver: NoopObserver });
