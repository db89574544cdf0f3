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

export function linguiCatalogues(): Plugin {
  return {
    name: 'storefront:lingui-catalogues',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!CATALOGUE.test(file)) return null;
      this.addWatchFile(file);
      const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      return JSON.stringify(compileCatalogue(source));
    },
  };
}
