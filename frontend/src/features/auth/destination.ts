import { useLocation, useSearchParams } from 'react-router';
import type { User } from '@/types/api';
import { paths } from '@/lib/paths';
import { adminPaths } from '@/lib/admin-paths';

/** Screens that must not be gone back to after signing in (they would only lead on again). */
const LOOPING: readonly string[] = [paths.signIn.path, paths.register.path];

/** A path of this shop (not another site's `//host/...`), else nothing. */
export function localPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  return LOOPING.includes(path.split(/[?#]/)[0] ?? '') ? undefined : path;
}

/** Where someone signed in goes when nothing else was asked for: staff to the back office. */
export const homeOf = (user: User): string => (user.role === 'staff' || user.role === 'admin' ? adminPaths.dashboard.getHref() : paths.account.getHref());

/**
 * Where the shopper goes once signed in: the page they came from, as `?next=/checkout` in the URL
 * (it survives a reload and the way between Sign in and Register) or as the router state `from`;
 * else the user area. `next` is that page alone, when there is one.
 */
export function useDestination(): { to: string; next: string | undefined; search: string } {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { from?: string } | null };
  const next = localPath(params.get('next')) ?? localPath(state?.from);
  return { to: next ?? paths.account.getHref(), next, search: next ? `?${new URLSearchParams({ next })}` : '' };
}
