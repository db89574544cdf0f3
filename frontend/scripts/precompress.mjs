// Writes brotli (quality 11) and gzip (level 9) copies of the built JS, CSS and SVG files next to
// them, so the server sends them as they are instead of compressing each response on the fly
// (smaller than on-the-fly compression, and no CPU per request).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('../dist/assets/', import.meta.url).pathname;
let files = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const body = readFileSync(join(dir, name));
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} assets`);
