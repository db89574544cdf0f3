import { useEffect, useState } from 'react';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import { TOAST_DURATION_MS, TOAST_FADE_MS, type ToastItem, type ToastVariant } from '@/components/toast/toast-item';

export { TOAST_DURATION_MS, TOAST_FADE_MS, type ToastItem, type ToastVariant } from '@/components/toast/toast-item';

const styles: Record<ToastVariant, { box: string; icon: string }> = {
  success: { box: 'border-green-700', icon: 'text-green-700' },
  error: { box: 'border-red-700', icon: 'text-red-700' },
};

/**
 * One toast. Success is a polite status; an error is an alert, read out at once. The countdown
 * stops while the shopper points at or focuses the toast, so it can be read to the end.
 */
export function Toast({ toast, onRemove }: { toast: ToastItem; onRemove: (id: number) => void }) {
  const t = useT();
  const [closing, setClosing] = useState(false);
  const [held, setHeld] = useState(false);
  // Kept from the toast, not from this mount: the stack moves into a dialog that opens, which
  // mounts it again, and that must not restart the clock.
  const [closesAt, setClosesAt] = useState(toast.closesAt);
  const { id } = toast;

  useEffect(() => {
    if (closing) {
      const timer = setTimeout(() => onRemove(id), TOAST_FADE_MS);
      return () => clearTimeout(timer);
    }
    if (held) return;
    const timer = setTimeout(() => setClosing(true), Math.max(0, closesAt - Date.now()));
    return () => clearTimeout(timer);
  }, [closing, held, closesAt, id, onRemove]);

  const hold = () => setHeld(true);
  const release = () => {
    setHeld(false);
    setClosesAt(Date.now() + TOAST_DURATION_MS);
  };

  const style = styles[toast.variant];
  return (
    <div
      role={toast.variant === 'error' ? 'alert' : 'status'}
      aria-live={toast.variant === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-closing={closing || undefined}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 bg-white p-4 shadow-lg ring-1 ring-stone-900/10 transition-opacity duration-200 motion-reduce:transition-none ${style.box} ${closing ? 'opacity-0' : 'opacity-100'}`}
      onMouseEnter={hold}
      onMouseLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      <Icon name={toast.variant === 'error' ? 'exclamation-triangle' : 'check-circle'} className={`mt-0.5 size-6 shrink-0 ${style.icon}`} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">{toast.heading}</p>
        {toast.message ? <p className="mt-1 text-sm text-stone-700">{toast.message}</p> : null}
      </div>
      <button type="button" className="icon-btn -m-2 size-10" onClick={() => setClosing(true)} aria-label={t('toast.close')}>
        <Icon name="x-mark" className="size-5" />
      </button>
    </div>
  );
}
