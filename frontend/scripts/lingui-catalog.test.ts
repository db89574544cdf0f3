import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, pickSections } from './lingui-catalog';

const locales = resolve(process.cwd(), 'src/locales');

describe('message catalogues', () => {
  const files = readdirSync(locales).filter((file) => file.endsWith('.json'));

  it('include English', () => {
    expect(files).toContain('en.json');
  });

  it.each(files)('%s compiles with Lingui and has the keys of en.json', (file) => {
    const source = JSON.parse(readFileSync(resolve(locales, file), 'utf8')) as Record<string, string>;
    const english = JSON.parse(readFileSync(resolve(locales, 'en.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(source).sort()).toEqual(Object.keys(english).sort());
    expect(() => compileCatalogue(source)).not.toThrow();
  });

  it('rejects a broken message with its id', () => {
    expect(() => compileCatalogue({ 'x.broken': 'Total: {count' })).toThrow(/x\.broken/);
  });

  it('keeps deferred sections out of a plain import and gives a section import only its sections', () => {
    const source = { 'nav.home': 'Home', 'checkout.place': 'Place order', 'order.total': 'Total', 'invoice.title': 'Tax Invoice' };
    expect(Object.keys(pickSections(source, '', ['checkout', 'order']))).toEqual(['nav.home', 'invoice.title']);
    expect(Object.keys(pickSections(source, 'section=checkout', ['checkout', 'order']))).toEqual(['checkout.place']);
    expect(Object.keys(pickSections(source, 'section=order,invoice', []))).toEqual(['order.total', 'invoice.title']);
    expect(Object.keys(pickSections(source, '', []))).toHaveLength(4);
  });
});
