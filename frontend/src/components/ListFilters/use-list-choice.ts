import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readChoice, searchWith, type ListChoice } from '@/lib/list-filters';

/**
 * The list's filters and order as the address holds them, the link to another choice (a real
 * address, which the server draws for a shopper without the app) and a way to go there.
 */
export function useListChoice({ crops = true }: { crops?: boolean } = {}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const query = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the params' value
  const choice = useMemo(() => readChoice(params, { crops }), [query, crops]);
  const hrefFor = useCallback((next: ListChoice) => `${pathname}${searchWith(new URLSearchParams(query), next)}`, [pathname, query]);
  const choose = useCallback((next: ListChoice) => void navigate(hrefFor(next), { preventScrollReset: true }), [navigate, hrefFor]);
  return { choice, hrefFor, choose };
}
