import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';
import type { StateOption } from '@/types/orders';

export const getStates = (signal?: AbortSignal) => api<StateOption[]>('/api/states', { signal });

/** India's states and union territories with their GST codes: fixed, so fetched once. */
export const statesQuery = queryOptions({
  queryKey: ['states'],
  queryFn: ({ signal }) => getStates(signal),
  staleTime: Infinity,
});

export const useStates = () => useQuery(statesQuery);

/**
 * A state's name in the reader's language (`state.<GST code>` in the catalogues); its listed name,
 * which the API takes, stays the option's value.
 */
export function stateLabel(t: (id: MessageId) => string, state: StateOption): string {
  const id = `state.${state.code}` as MessageId;
  const label = t(id);
  return label === id ? state.name : label;
}

/**
 * A district's name (as India Post's directory writes it, in English) in the reader's language:
 * `state.district.<name in lower case, dashed>` in the catalogues, which name Kerala's and Tamil
 * Nadu's districts; any other stays as the directory writes it.
 */
export function districtLabel(t: (id: MessageId) => string, district: string): string {
  const id = `state.district.${district.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}` as MessageId;
  const label = t(id);
  return label === id ? district : label;
}
