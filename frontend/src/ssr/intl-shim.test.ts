import { describe, expect, it } from 'vitest';
import { serverIntl } from '@/ssr/intl-shim';

// The server's Intl must write exactly what the browser's does, or a drawn page would not match
// the app that takes it over. Node's Intl (full ICU, like Chromium's) is the reference here.
const LOCALES = ['en-IN', 'ml-IN', 'ta-IN'];

describe('the server Intl', () => {
  for (const locale of LOCALES) {
    it(`writes plain numbers as the browser does in ${locale}`, () => {
      const ours = new serverIntl.NumberFormat(locale, {});
      const theirs = new Intl.NumberFormat(locale, {});
      for (const value of [0, 1, 7, 150, 1000, 9999, 12345, 1234567, 2.5, 0.1234]) {
        expect(ours.format(value)).toBe(theirs.format(value));
      }
    });

    it(`writes percentages as the browser does in ${locale}`, () => {
      for (const options of [{ maximumFractionDigits: 2 }, { minimumFractionDigits: 2, maximumFractionDigits: 2 }]) {
        const ours = new serverIntl.NumberFormat(locale, options);
        const theirs = new Intl.NumberFormat(locale, options);
        for (const value of [12.5, 7, 33.333, 0.005, 99.995]) expect(ours.format(value)).toBe(theirs.format(value));
      }
    });

    it(`chooses plural forms as the browser does in ${locale}`, () => {
      const ours = new serverIntl.PluralRules(locale);
      const theirs = new Intl.PluralRules(locale);
      for (const value of [0, 1, 2, 5, 21, 100]) expect(ours.select(value)).toBe(theirs.select(value));
    });

    it(`writes a year as the browser does in ${locale}`, () => {
      const date = new Date('2026-11-26T10:00:00Z');
      expect(new serverIntl.DateTimeFormat(locale, { year: 'numeric' }).format(date)).toBe(new Intl.DateTimeFormat(locale, { year: 'numeric' }).format(date));
    });
  }

  it('refuses what it cannot write the browser’s way, so the page is drawn in the browser instead', () => {
    expect(() => new serverIntl.NumberFormat('en-IN', { style: 'percent' })).toThrow();
    // Rupees are the app's own (lib/money.ts, checked against Intl in pricing.test.ts).
    expect(() => new serverIntl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })).toThrow();
    expect(() => new serverIntl.NumberFormat('de-DE', {})).toThrow();
    expect(() => new serverIntl.DateTimeFormat('en-IN', { dateStyle: 'medium' })).toThrow();
  });
});
