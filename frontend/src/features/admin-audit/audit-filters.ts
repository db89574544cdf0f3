// The audit log's filters live in the address (`?actor=anu&area=products&page=2`), so a
// filtered list can be bookmarked, shared and gone back to: by the staff member's name, by the
// part of the shop that changed and by dates, never by a numeric id. Dates there are the viewer's local
// days; the API takes UTC times, so each day becomes the UTC span of that local day.

/** The parts of the shop the log filters by (`area`), with their words' ids. */
export const AREAS = ['products', 'stock', 'orders', 'payments', 'staff', 'customers', 'messages', 'shop'] as const;

export const FILTER_KEYS = ['actor', 'area', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type AuditFilters = Partial<Record<FilterKey, string>> & { page: number };

export const PER_PAGE = 25;

export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = { page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1) };
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The address's search for these filters: empty ones and the first page are left out. */
export function paramsFromFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

const LOCAL_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC instant a local day starts at (`end`: the last millisecond of that day); other text as it is. */
export function localDayToUtc(day: string, end: boolean): string {
  const match = LOCAL_DAY.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const instant = end ? new Date(year, month - 1, date + 1).getTime() - 1 : new Date(year, month - 1, date).getTime();
  return new Date(instant).toISOString();
}

/** GET /api/admin/audit's query for these filters. */
export function apiQuery(filters: AuditFilters): Record<string, string | number | undefined> {
  return {
    actor: filters.actor,
    area: filters.area,
    from: filters.from && localDayToUtc(filters.from, false),
    to: filters.to && localDayToUtc(filters.to, true),
    page: filters.page,
    per_page: PER_PAGE,
  };
}
