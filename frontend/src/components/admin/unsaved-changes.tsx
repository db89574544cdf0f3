// Unsaved changes are not lost by a stray click: while a form differs from what was saved, a
// back-office link asks first, and closing or reloading the tab makes the browser ask.
import { createContext, use, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/admin/ConfirmDialog';

interface UnsavedChanges {
  /** Marks one form as differing from what was saved (or not). */
  mark: (form: string, dirty: boolean) => void;
  /** Runs `leave` at once when nothing is unsaved, else after the staff member agrees to lose it. */
  confirmLeave: (leave: () => void) => void;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dirtyForms = useRef(new Set<string>());
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirtyForms.current.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const mark = useCallback((form: string, dirty: boolean) => {
    if (dirty) dirtyForms.current.add(form);
    else dirtyForms.current.delete(form);
  }, []);
  const confirmLeave = useCallback((leave: () => void) => {
    if (dirtyForms.current.size === 0) leave();
    else setPending(() => leave);
  }, []);
  const value = useMemo(() => ({ mark, confirmLeave }), [mark, confirmLeave]);

  return (
    <UnsavedChangesContext value={value}>
      {children}
      <ConfirmDialog
        open={pending !== null}
        title="Leave without saving?"
        message="Your changes on this screen have not been saved. They will be lost."
        confirmLabel="Leave and lose changes"
        destructive
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const leave = pending;
          dirtyForms.current.clear();
          setPending(null);
          leave?.();
        }}
      />
    </UnsavedChangesContext>
  );
}

export function useUnsavedChangesContext(): UnsavedChanges {
  const context = use(UnsavedChangesContext);
  if (!context) throw new Error('useUnsavedChanges needs an UnsavedChangesProvider');
  return context;
}

/** Declares whether this form holds unsaved changes; forgotten when the form goes away. */
export function useUnsavedChanges(dirty: boolean): void {
  const { mark } = useUnsavedChangesContext();
  const form = useId();
  useEffect(() => {
    mark(form, dirty);
    return () => mark(form, false);
  }, [mark, form, dirty]);
}
