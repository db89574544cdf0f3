import { describe, expect, it } from 'vitest';
import { basenameFor, localeOfPath, pathIn, pathWithoutLocale, rememberLocale } from '@/lib/locales';

describe('languages in the address', () => {
  it('reads the language from the first segment only', () => {
    expect(localeOfPath('/ml/dealer/wellroot')).toBe('ml');
    expect(localeOfPath('/ta')).toBe('ta');
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/en/search')).toBe('en');
    expect(localeOfPath('/mlx/search')).toBe('en');
    expect(localeOfPath('/search/ml')).toBe('en');
  });

  it('moves a page between languages, keeping its query', () => {
    expect(pathWithoutLocale('/ml/search')).toBe('/search');
    expect(pathWithoutLocale('/ml')).toBe('/');
    expect(pathIn('ml', '/dealer/wellroot/neem-oil')).toBe('/ml/dealer/wellroot/neem-oil');
    expect(pathIn('ta', '/ml/search', '?q=elam')).toBe('/ta/search?q=elam');
    expect(pathIn('en', '/ta/category/fertilisers')).toBe('/category/fertilisers');
    expect(pathIn('ml', '/')).toBe('/ml/');
    expect(pathIn('en', '/ml')).toBe('/');
    expect(basenameFor('en')).toBeUndefined();
    expect(basenameFor('ta')).toBe('/ta');
  });

  it('remembers the choice in a cookie the server can read', () => {
    rememberLocale('ta');
    expect(document.cookie).toContain('lang=ta');
  });
});
