// A batch's dates and state in the desk's words.
import type { BatchRow } from '@/types/stock-desk';

type Dated = Pick<BatchRow, 'manufactured_on' | 'expires_on' | 'tested_on' | 'regulated_as'>;

/** "made 2026-01-10 · expires 2027-01-09", a seed lot's "tested … · valid until …". */
export function batchDates(batch: Dated): string {
  const parts: string[] = [];
  if (batch.manufactured_on) parts.push(`made ${batch.manufactured_on}`);
  if (batch.tested_on) parts.push(`tested ${batch.tested_on}`);
  const seed = batch.regulated_as === 'seed';
  parts.push(batch.expires_on ? `${seed ? 'valid until' : 'expires'} ${batch.expires_on}` : 'expiry not given');
  return parts.join(' · ');
}

/** How long it has left, or how long ago it expired. */
export function daysLeft(batch: Pick<BatchRow, 'days_left' | 'expired'>): string | null {
  const days = batch.days_left;
  if (days === null) return null;
  if (batch.expired) return `expired ${-days} ${days === -1 ? 'day' : 'days'} ago`;
  if (days === 0) return 'expires today';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}
