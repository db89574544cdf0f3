// A modal dialog on the native <dialog> element: the page behind is inert, Tab stays inside,
// Escape and a click on the backdrop close it, and focus returns where it was.
import { useEffect, useRef, type CSSProperties, type ReactNode, type KeyboardEvent, type MouseEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  className?: string;
  /** Where a placement class reads its position from (CSS variables). */
  style?: CSSProperties;
  children: ReactNode;
  /** Element to focus first; defaults to the first focusable element. */
  initialFocus?: React.RefObject<HTMLElement | null>;
}

export function Dialog({ open, onClose, labelledBy, className = '', style, children, initialFocus }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      document.documentElement.style.overflow = 'hidden';
      (initialFocus?.current ?? focusableWithin(dialog)[0])?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  useEffect(
    () => () => {
      document.documentElement.style.overflow = '';
    },
    [],
  );

  const handleClose = () => {
    document.documentElement.style.overflow = '';
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      ref.current?.close();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = focusableWithin(ref.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click whose target is the <dialog> itself landed on the backdrop, outside the content.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === ref.current) ref.current.close();
  };

  return (
    <dialog ref={ref} aria-labelledby={labelledBy} className={className} style={style} onClose={handleClose} onKeyDown={onKeyDown} onClick={onClick}>
      {open ? children : null}
    </dialog>
  );
}
