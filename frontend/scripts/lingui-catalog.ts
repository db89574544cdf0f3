// Compiles the JSON message catalogues (src/locales/*.json, ICU MessageFormat strings) with
// Lingui's own compiler when they are imported, so the browser gets precompiled messages and
// @lingui/core ships without its parser.
import { readFile } from 'node:fs/promises';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]locales[\\/][a-z]{2}(-[A-Z]{2})?\.json$/;

export function compileCatalogue(source: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source).map(([id, message]) => {
      try {
        return [id, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`message "${id}" is not valid ICU MessageFormat: ${(error as Error).message}`, { cause: error });
      }
    }),
  );
}

/** A message's section: the first part of its id (`checkout` for `checkout.place`). */
const sectionOf = (id: string) => id.split('.', 1)[0] ?? id;

/**
 * The messages a catalogue import gets: `?section=a,b` asks for those sections alone; a plain
 * import gets every section but the deferred ones.
 */
export function pickSections(source: Record<string, string>, query: string, deferred: readonly string[]): Record<string, string> {
  const asked = new URLSearchParams(query).get('section');
  const keep = asked === null ? (id: string) => !deferred.includes(sectionOf(id)) : (id: string) => asked.split(',').includes(sectionOf(id));
  return Object.fromEntries(Object.entries(source).filter(([id]) => keep(id)));
}

/**
 * `deferred`: sections of the catalogue kept out of the first download (the app's entry imports
 * the catalogue). The screens that use them import `@/locales/en.json?section=name` instead,
 * which lands in their own lazy chunk, and hand it to `loadMessageSection`.
 */
export function linguiCatalogues({ deferred = [] }: { deferred?: readonly string[] } = {}): Plugin {
  return {
    name: 'storefront:lingui-catalogues',
    enforce: 'pre',
    async load(id) {
      const [file = id, query = ''] = id.split('?');
      if (!CATALOGUE.test(file)) return null;
      this.addWatchFile(file);
      const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const json = JSON.stringify(compileCatalogue(pickSections(source, query, deferred)));
      // With a query the bundler no longer takes the file for JSON: hand it over as a module.
      return query === '' ? json : { code: `export default ${json};`, moduleType: 'js' };
    },
  };
}
