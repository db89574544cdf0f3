import type { MouseEvent } from 'react';
import { Link, useNavigate, type LinkProps } from 'react-router';
import { useUnsavedChangesContext } from '@/components/admin/unsaved-changes';

/** A link that asks before leaving unsaved changes behind (a plain click only; a new tab keeps them). */
export function GuardedLink({ to, onClick, replace, ...props }: LinkProps) {
  const { confirmLeave } = useUnsavedChangesContext();
  const navigate = useNavigate();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    confirmLeave(() => void navigate(to, { replace }));
  };
  return <Link to={to} replace={replace} onClick={click} {...props} />;
}
