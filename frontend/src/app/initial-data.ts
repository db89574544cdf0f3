import type { QueryClient } from '@tanstack/react-query';
import { fromPaged } from '@/lib/paging';
import type { Paged } from '@/types/api';

/** One query's first data as the server embeds it: the API's answer, or the first page of a list. */
interface InitialQuery {
  key: readonly unknown[];
  data?: unknown;
  page?: Paged<unknown>;
}

/**
 * Starts the query cache with the data the server embedded in the page (`#initial-data`: exactly
 * what the API would answer for the opening route), so the first screen renders without asking
 * for it again; then removes the element, whose data now lives in the cache.
 */
export function seedInitialData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById('initial-data');
  if (!element) return;
  element.remove();
  try {
    seedQueries(queryClient, element.textContent ?? '');
  } catch (error) {
    console.warn('Could not read the data embedded in the page', error);
  }
}

/** Puts the embedded queries (`{"queries":[...]}`, as the server writes them) into the cache. */
export function seedQueries(queryClient: QueryClient, json: string): void {
  const { queries } = JSON.parse(json) as { queries: InitialQuery[] };
  for (const { key, data, page } of queries) {
    if (page) queryClient.setQueryData(key, { pages: [fromPaged(page)], pageParams: [1] });
    else if (data !== undefined) queryClient.setQueryData(key, data);
  }
}
