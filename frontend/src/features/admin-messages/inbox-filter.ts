// The inbox's filter lives in the address (`?status=handled&page=2`); waiting messages by default.
import type { InboxFilter } from '@/types/day-desk';

export const INBOX_FILTERS: { value: InboxFilter; label: string }[] = [
  { value: 'open', label: 'Waiting' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

export interface InboxState {
  status: InboxFilter;
  page: number;
}

export function inboxStateFromParams(params: URLSearchParams): InboxState {
  const raw = params.get('status');
  const status = INBOX_FILTERS.find((filter) => filter.value === raw)?.value ?? 'open';
  return { status, page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1) };
}

export function paramsFromInboxState({ status, page }: InboxState): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'open') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The first line of a message, cut to `max` characters, for the list. */
export function preview(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
