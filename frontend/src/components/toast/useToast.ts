import { createContext, use } from 'react';

/** Shows a short notice that closes by itself: a heading and an optional message. */
export interface ToastApi {
  success(heading: string, message?: string): void;
  error(heading: string, message?: string): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const toast = use(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider');
  return toast;
}
