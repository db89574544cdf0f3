import { useId, useRef } from 'react';
import { Dialog } from '@/components/Dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence the staff member can check before saying yes. */
  message: string;
  confirmLabel: string;
  /** A red button for what cannot be undone (removing, disabling). */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive or lossy action; "Cancel" has the focus, so Enter does no harm. */
export function ConfirmDialog({ open, title, message, confirmLabel, destructive, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={titleId} initialFocus={cancel} className="fixed inset-x-4 top-1/3 mx-auto max-w-md rounded-xl p-5 shadow-xl">
      <h2 id={titleId} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      <p className="mt-2 text-stone-700">{message}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button ref={cancel} type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={destructive ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
          disabled={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
