import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n';

/** Whether the browser lets the page write to the clipboard (it does on HTTPS). */
export const canCopy = (): boolean => typeof navigator !== 'undefined' && Boolean(navigator.clipboard);

/** Copies a value (an account number, a UPI ID) for pasting into a banking app. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!canCopy()) return null;
  return (
    <button
      type="button"
      className="inline-flex min-h-11 min-w-16 items-center justify-center rounded-md px-2 text-sm font-medium text-green-800 underline underline-offset-2 hover:bg-green-50 print:hidden"
      aria-label={copied ? t('order.payment.copied') : t('order.payment.copy', { label })}
      onClick={() => void navigator.clipboard.writeText(value).then(() => setCopied(true), () => undefined)}
    >
      <span aria-hidden>{copied ? t('order.payment.copied') : t('order.payment.copyShort')}</span>
    </button>
  );
}
