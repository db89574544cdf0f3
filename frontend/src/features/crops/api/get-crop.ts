import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { choiceParams, listKey, NO_CHOICE, type ListChoice } from '@/lib/list-filters';
import type { Crop } from '@/types/api';

export const getCrop = (slug: string, choice: ListChoice, signal?: AbortSignal) =>
  api<Crop>(`/api/crops/${encodeURIComponent(slug)}`, { query: choiceParams(choice), signal });

/** The key the server's drawn page seeds (crates/pages/src/page/crop.rs), so the app takes it over without asking again. */
export const cropQuery = (slug: string, choice: ListChoice = NO_CHOICE) =>
  queryOptions({
    queryKey: listKey(['crops', slug], choice),
    queryFn: ({ signal }) => getCrop(slug, choice, signal),
    // Another choice on the same crop keeps its page shown until the answer comes; another crop does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === slug ? previous : undefined),
  });

export const useCrop = (slug: string, choice?: ListChoice) => useQuery(cropQuery(slug, choice));
