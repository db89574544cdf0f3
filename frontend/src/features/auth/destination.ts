import { useLocation, useSearchParams } from 'react-router';

/** Screens that must not be gone back to after signing in (they would only lead on again). */
const LOOPING = ['/sign-in', '/register'];

/** A path of this shop (not another site's `//host/...`), else nothing. */
export function localPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  return LOOPING.includes(path.split(/[?#]/)[0] ?? '') ? undefined : path;
}

/**
 * Where the shopper goes once signed in: the page they came from, as `?next=/checkout` in the URL
 * (it survives a reload and the way between Sign in and Register) or as the router state `from`;
 * else the user area.
 */
export function useDestination(): { to: string; search: string } {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { from?: string } | null };
  const next = localPath(params.get('next')) ?? localPath(state?.from);
  return { to: next ?? '/user', search: next ? `?${new URLSearchParams({ next })}` : '' };
}
