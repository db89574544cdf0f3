// `virtual:country-flags`: the address of every country's flag picture (country-flag-icons' 3:2
// SVGs), by two-letter code. A build makes each flag a hashed file of its own under assets/ (never
// inlined: the map would carry every flag); the dev server and the unit tests point at the package's
// files instead, so a test run does not turn 250 pictures into modules.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:country-flags';
const RESOLVED = `\0${ID}`;

/** The package's folder of 3:2 flags, and its two-letter codes. */
export function flagFiles(): { dir: string; codes: string[] } {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('country-flag-icons/package.json')), '3x2');
  const codes = readdirSync(dir)
    .filter((file) => /^[A-Z]{2}\.svg$/.test(file))
    .map((file) => file.slice(0, 2))
    .sort();
  return { dir, codes };
}

export function countryFlags(): Plugin {
  let build = false;
  return {
    name: 'storefront:country-flags',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const { dir, codes } = flagFiles();
      if (!build) return `export default ${JSON.stringify(Object.fromEntries(codes.map((code) => [code, `/@fs${join(dir, `${code}.svg`)}`])))};`;
      const imports = codes.map((code) => `import ${code} from ${JSON.stringify(`${join(dir, code)}.svg?no-inline`)};`);
      return `${imports.join('\n')}\nexport default {${codes.join(',')}};`;
    },
  };
}
