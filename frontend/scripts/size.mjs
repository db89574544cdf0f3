#!/usr/bin/env node
// Reports the gzipped size of the JavaScript and CSS the home page loads before it is interactive:
// the entry chunk and its static imports (the modulepreloads), and the home route's lazy chunk
// and its static imports. Reads dist/.vite/manifest.json (build.manifest); exits 1 over budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET = { js: 110_000, css: 15_000 }; // bytes, gzipped (1 kB = 1000 bytes)
const HOME_ROUTE = 'src/app/routes/home.tsx';

const dist = new URL('../dist/', import.meta.url).pathname;
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('dist/.vite/manifest.json is missing: run `npm run build` first.');
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the manifest has no entry chunk');
if (!manifest[HOME_ROUTE]) throw new Error(`the manifest has no chunk for ${HOME_ROUTE}`);

/** A chunk and everything it imports statically, each once, with the reason it loads. */
function closure(key, reason, seen = new Map()) {
  if (seen.has(key)) return seen;
  seen.set(key, reason);
  for (const child of manifest[key].imports ?? []) closure(child, `${reason} > import`, seen);
  return seen;
}

const chunks = closure(entryKey, 'entry');
for (const [key, reason] of closure(HOME_ROUTE, 'home route')) if (!chunks.has(key)) chunks.set(key, reason);

const rows = [];
const files = new Set();
for (const [key, reason] of chunks) {
  const chunk = manifest[key];
  for (const [file, kind] of [[chunk.file, 'js'], ...(chunk.css ?? []).map((css) => [css, 'css'])]) {
    if (files.has(file)) continue;
    files.add(file);
    const bytes = readFileSync(join(dist, file));
    rows.push({ kind, file, reason, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
}

const kB = (n) => (n / 1000).toFixed(2).padStart(8);
console.log(`${'kind'.padEnd(5)}${'file'.padEnd(44)}${'loaded by'.padEnd(24)}${'raw kB'.padStart(9)}${'gzip kB'.padStart(9)}`);
for (const row of rows.sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip)) {
  console.log(`${row.kind.padEnd(5)}${row.file.padEnd(44)}${row.reason.slice(0, 23).padEnd(24)}${kB(row.raw)} ${kB(row.gzip)}`);
}
let failed = false;
for (const kind of ['js', 'css']) {
  const total = rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.gzip, 0);
  const over = total > BUDGET[kind];
  failed ||= over;
  console.log(`${kind.toUpperCase()} total ${kB(total).trim()} kB gzipped; budget ${BUDGET[kind] / 1000} kB: ${over ? 'OVER BUDGET' : 'ok'}`);
}
process.exit(failed ? 1 : 0);
