import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/lib/locales';
import { compileCatalogue, pickSections } from './lingui-catalog';

/**
 * The argument names a message uses (`{count, plural, ...}` gives `count`). A plural or select
 * branch (`=0 {Filters}`, `other {Filters (#)}`) is text, not an argument, even when it is one word.
 */
const placeholders = (message: string) =>
  new Set([...message.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other)\s*)\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((match) => match[1]));

/** Messages that read the same in every language: names, codes and terms shoppers use as they are. */
const SAME_IN_EVERY_LANGUAGE = new Set(['GSTIN', 'GST', 'MRP', 'HSN', 'SKU', 'CGST', 'SGST', 'IGST', 'UPI', 'UTR', 'WhatsApp', 'Facebook', 'Instagram', 'IFSC', '#', '{state} ({code})', '{number} of {date}', '{quantity, number} × {price}']);

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

  it.each(LOCALES)('the shop has a catalogue for %s', (locale) => {
    expect(files).toContain(`${locale}.json`);
  });

  it.each(files.filter((file) => file !== 'en.json'))('%s keeps every placeholder and leaves no message in English', (file) => {
    const source = JSON.parse(readFileSync(resolve(locales, file), 'utf8')) as Record<string, string>;
    const english = JSON.parse(readFileSync(resolve(locales, 'en.json'), 'utf8')) as Record<string, string>;
    for (const [id, message] of Object.entries(english)) {
      const translated = source[id] ?? '';
      expect([...placeholders(message)].filter((name) => !placeholders(translated).has(name)), `${file}: ${id}`).toEqual([]);
      if (translated === message) expect(SAME_IN_EVERY_LANGUAGE, `${file}: ${id} is still English: "${message}"`).toContain(message);
    }
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
