import { describe, expect, it } from 'vitest';
import { lastMonth, periodLabel, periodQuery, quarterOf, recentPeriods, thisMonth } from '@/features/admin-gst/periods';

describe('GST return periods', () => {
  it('counts months in India’s time, and the return filed now is last month’s', () => {
    // 20:00 UTC on 31 October is already 1 November in India.
    const evening = new Date(Date.UTC(2026, 9, 31, 20, 0));
    expect(thisMonth(evening)).toBe('2026-11');
    expect(lastMonth(evening)).toBe('2026-10');
    expect(lastMonth(new Date(Date.UTC(2027, 0, 10)))).toBe('2026-12');
  });

  it('knows the financial year’s quarters', () => {
    expect(['2026-04', '2026-06', '2026-07', '2026-11', '2027-02'].map(quarterOf)).toEqual(['2026-04', '2026-04', '2026-07', '2026-10', '2027-01']);
    expect(periodLabel({ kind: 'quarter', first: '2026-10' })).toBe('Oct – Dec 2026 (Q3 of 2026-27)');
    expect(periodLabel({ kind: 'quarter', first: '2027-01' })).toBe('Jan – Mar 2027 (Q4 of 2026-27)');
    expect(periodLabel({ kind: 'quarter', first: '2026-04' })).toBe('Apr – Jun 2026 (Q1 of 2026-27)');
    expect(periodLabel({ kind: 'month', first: '2026-11' })).toBe('November 2026');
  });

  it('lists recent periods newest first, across the year’s turn', () => {
    expect(recentPeriods('month', '2027-02', 4).map((p) => p.first)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
    expect(recentPeriods('quarter', '2027-02', 3).map((p) => p.first)).toEqual(['2027-01', '2026-10', '2026-07']);
    expect(periodQuery({ kind: 'quarter', first: '2026-10' })).toEqual({ quarter: '2026-10' });
  });
});
