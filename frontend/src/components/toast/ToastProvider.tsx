// Holds the toasts on screen and hands out the useToast() API. Each toast closes itself after
// TOAST_DURATION_MS (held while the pointer or focus is on it), fades out, then leaves the DOM.
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi } from '@/components/toast/useToast';
import { ToastViewport } from '@/components/toast/ToastViewport';
import { TOAST_DURATION_MS, type ToastItem, type ToastVariant } from '@/components/toast/toast-item';

/** The most toasts shown at once; a newer one pushes out the oldest. */
const MAX_TOASTS = 4;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);

  const show = useCallback((variant: ToastVariant, heading: string, message?: string) => {
    const id = ++nextId.current;
    const toast = { id, variant, heading, message, closesAt: Date.now() + TOAST_DURATION_MS };
    setToasts((current) => [...current, toast].slice(-MAX_TOASTS));
  }, []);

  const remove = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (heading, message) => show('success', heading, message),
      error: (heading, message) => show('error', heading, message),
    }),
    [show],
  );

  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport toasts={toasts} onRemove={remove} />
    </ToastContext>
  );
}
