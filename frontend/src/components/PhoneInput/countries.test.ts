import { describe, expect, it } from 'vitest';
import { countryOptions, filterCountries } from '@/components/PhoneInput/countries';

const countries = countryOptions('en-IN');
const codes = (query: string) => filterCountries(countries, query).map((country) => country.code);

describe('the country list', () => {
  it('covers about 240 countries and territories, sorted by name, each with a flag picture and a calling code', () => {
    expect(countries.length).toBeGreaterThanOrEqual(235);
    expect(countries.length).toBeLessThanOrEqual(250);
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en-IN').compare));
    for (const country of countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dial_code).toMatch(/^\+\d{1,4}$/);
      expect(country.flag, country.code).toMatch(new RegExp(`/${country.code}(-[\\w-]+)?\\.svg(\\?no-inline)?$`));
      expect(country.name).not.toBe(country.code);
    }
  });

  it('names countries in the interface language, with their flags and codes', () => {
    const byCode = (code: string) => countries.find((country) => country.code === code);
    expect(byCode('IN')).toEqual({ name: 'India', flag: expect.stringMatching(/IN.*\.svg/), code: 'IN', dial_code: '+91', searchTerm: expect.any(String) });
    expect(byCode('GB')).toMatchObject({ name: 'United Kingdom', flag: expect.stringMatching(/GB.*\.svg/), dial_code: '+44', searchTerm: expect.stringContaining('Great Britain') });
    expect(byCode('US')).toMatchObject({ name: 'United States', flag: expect.stringMatching(/US.*\.svg/), dial_code: '+1', searchTerm: expect.stringContaining('USA') });
    expect(byCode('AE')).toMatchObject({ name: 'United Arab Emirates', dial_code: '+971' });
  });

  it('filters by name or alias, the closest matches first', () => {
    expect(codes('UK')[0]).toBe('GB');
    expect(codes('UK')).toContain('UA');
    expect(codes('britain')).toContain('GB');
    expect(codes('England')).toEqual(['GB']);
    expect(codes('America')[0]).toBe('US');
    expect(codes('america')).toContain('AS');
    expect(codes('usa')).toEqual(['US']);
    expect(codes('uae')).toEqual(['AE']);
    expect(codes('ind')[0]).toBe('IN');
  });

  it('ignores case, accents and "&" versus "and"', () => {
    expect(codes('cote d')).toContain('CI');
    expect(codes('ivory coast')).toEqual(['CI']);
    expect(codes('trinidad and tobago')).toEqual(['TT']);
    expect(codes('st kitts')).toEqual(['KN']);
    expect(codes('saint kitts')).toEqual(['KN']);
  });

  it('finds a country by its calling code too, and nothing for nonsense', () => {
    expect(codes('+91')).toContain('IN');
    expect(codes('44')).toContain('GB');
    expect(codes('qqqq')).toEqual([]);
    expect(codes('  ')).toHaveLength(countries.length);
  });
});
