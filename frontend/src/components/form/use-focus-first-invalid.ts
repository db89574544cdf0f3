import { useEffect, type RefObject } from 'react';

/** After a failed submission, puts focus on the first field the server found fault with. */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, error: unknown): void {
  useEffect(() => {
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, error]);
}
