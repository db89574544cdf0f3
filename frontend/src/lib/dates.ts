// The API's timestamps are UTC, written without an offset (`2026-11-22T09:30:00.123456`).
import { intlFormat } from '@/lib/i18n';

/** An API timestamp as a Date (one with an offset or a Z is taken as it is). */
export const parseApiDate = (timestamp: string): Date => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(timestamp) ? timestamp : `${timestamp}Z`);

/** `22 Nov 2026, 3:00 pm` in the viewer's own time zone (the back office's staff are where they are). */
export const formatLocalDateTime = (timestamp: string): string =>
  intlFormat('date', { dateStyle: 'medium', timeStyle: 'short' }).format(parseApiDate(timestamp));

/** `22 Nov 2026` in the viewer's own time zone. */
export const formatLocalDate = (timestamp: string): string => intlFormat('date', { dateStyle: 'medium' }).format(parseApiDate(timestamp));
