/** The Indian month now, as `2026-11`. */
export function thisIndianMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** `2026-11` as "November 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** `2026-11-05` as "05-11-2026", as the registers print dates. */
export function indianDate(day: string | null | undefined): string {
  if (!day) return '—';
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}
