// The periods a GST return is filed for: a month, or a quarter of the financial year (April to
// June, July to September, October to December, January to March), named by their first month
// as the API takes them (`2026-11`, `2026-10`).

export type PeriodKind = 'month' | 'quarter';

export interface Period {
  kind: PeriodKind;
  /** `YYYY-MM` of the period's first month. */
  first: string;
}

const monthName = (year: number, month: number, style: 'long' | 'short') =>
  new Intl.DateTimeFormat('en-IN', { month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));

const yyyymm = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** `[year, month]` of a `YYYY-MM`. */
const parts = (first: string): [number, number] => {
  const [year = 0, month = 0] = first.split('-').map(Number);
  return [year, month];
};

/** Today's month in India. */
export const thisMonth = (today: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(today);

/** The month before today's in India: the return usually filed now. */
export function lastMonth(today: Date = new Date()): string {
  const [year, month] = parts(thisMonth(today));
  return month === 1 ? yyyymm(year - 1, 12) : yyyymm(year, month - 1);
}

/** The first month of the quarter holding `month`. */
export function quarterOf(month: string): string {
  const [year, m] = parts(month);
  return yyyymm(year, m - ((m - 1) % 3));
}

/** The `count` periods of this kind ending with the one holding `latest`, newest first. */
export function recentPeriods(kind: PeriodKind, latest: string, count: number): Period[] {
  const step = kind === 'month' ? 1 : 3;
  let [year, month] = parts(kind === 'month' ? latest : quarterOf(latest));
  const periods: Period[] = [];
  for (let i = 0; i < count; i += 1) {
    periods.push({ kind, first: yyyymm(year, month) });
    month -= step;
    if (month < 1) {
      month += 12;
      year -= 1;
    }
  }
  return periods;
}

/** `November 2026`, or `Oct – Dec 2026 (Q3 of 2026-27)` for a quarter. */
export function periodLabel({ kind, first }: Period): string {
  const [year, month] = parts(first);
  if (kind === 'month') return monthName(year, month, 'long');
  const last = month + 2;
  const fyStart = month >= 4 ? year : year - 1;
  const quarter = month >= 4 ? (month - 1) / 3 : 4;
  const span = `${monthName(year, month, 'short').split(' ')[0]} – ${monthName(year, last, 'short')}`;
  return `${span} (Q${quarter} of ${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')})`;
}

/** The API's query for the period. */
export const periodQuery = ({ kind, first }: Period): Record<string, string> => ({ [kind]: first });
