// Where the toasts stack, newest last. A modal <dialog> makes the rest of the page inert and
// covers it, so while one is open the stack is rendered inside it, where it can be seen, read
// out and closed.
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '@/lib/i18n';
import { Toast } from '@/components/toast/Toast';
import type { ToastItem } from '@/components/toast/toast-item';

function openDialog(): HTMLDialogElement | null {
  const open = document.querySelectorAll('dialog[open]');
  return open.length > 0 ? (open[open.length - 1] as HTMLDialogElement) : null;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
}

export interface ToastStackProps {
  toasts: ToastItem[];
  onRemove: (id: number) => void;
}

// Mounted only while toasts show, so the page is watched for dialogs only then.
export default function ToastStack({ toasts, onRemove }: ToastStackProps) {
  const t = useT();
  const dialog = useSyncExternalStore(subscribe, openDialog, () => null);
  // Below the sticky header (65 px; 101 px from lg, with its language bar), so a toast never
  // covers the menu, search or cart buttons.
  const stack = (
    <section aria-label={t('toast.region')} className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-[100] flex justify-center px-4 lg:top-[6.75rem]">
      <div className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onRemove={onRemove} />
        ))}
      </div>
    </section>
  );
  return createPortal(stack, dialog ?? document.body);
}
