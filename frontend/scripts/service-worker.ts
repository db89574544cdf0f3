// Builds the service worker (src/sw/service-worker.ts) into /sw.js at the end of the app's build,
// with what it needs from this build: its name (a hash of the build's hashed file names, so any
// change to the code names a new cache), the files to fetch when it installs (the code of the
// shop's public pages, its styles and fonts; not the back office's or the account's screens, nor
// the flags), and the offline page's words in each language. Only for the browser's build: the server bundle and the unit tests get none.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'rolldown';
import type { Plugin } from 'vite';

/** The app's sources (read when building: unit tests load this file in a page-like setting). */
const srcDir = () => fileURLToPath(new URL('../src', import.meta.url));

/** The screens of the public pages (src/app/routes/): their code is fetched at install. */
const PUBLIC_SCREENS = ['home', 'category', 'category-child', 'brand', 'product', 'search', 'about', 'contact', 'terms', 'privacy', 'not-found'];

interface BundleItem {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  code?: string;
  source?: string | Uint8Array;
}

/** Parts of every public page whose code comes after the page (the toasts): needed offline too. */
const LATER_PARTS = ['components/toast/ToastStack.tsx'];

const isPublicScreen = (id: string | null | undefined) =>
  PUBLIC_SCREENS.some((screen) => id?.endsWith(`/src/app/routes/${screen}.tsx`)) || LATER_PARTS.some((part) => id?.endsWith(`/src/${part}`));

/**
 * The files to precache, as `/assets/…` addresses, sorted: the entry and the public screens with
 * what they import, the stylesheets and the fonts. Other code (a language's texts for a screen,
 * the account's screens) is kept when first fetched; the back office's never.
 */
export function precacheList(bundle: Record<string, BundleItem>): string[] {
  const files = new Set<string>();
  const add = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of bundle[fileName]?.imports ?? []) add(imported);
  };
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk' && (item.isEntry || isPublicScreen(item.facadeModuleId))) add(item.fileName);
    if (item.type === 'asset' && /\.(css|woff2)$/.test(item.fileName)) files.add(item.fileName);
  }
  return [...files]
    .filter((file) => file.startsWith('assets/'))
    .map((file) => `/${file}`)
    .sort();
}

/** Every script, stylesheet and font of this build: the only files its cache may hold. */
export function buildFiles(bundle: Record<string, BundleItem>): string[] {
  return Object.keys(bundle)
    .filter((file) => file.startsWith('assets/') && /\.(js|css|woff2)$/.test(file))
    .map((file) => `/${file}`)
    .sort();
}

function offlineTexts() {
  const src = srcDir();
  const read = (language: string) => {
    const catalogue = JSON.parse(readFileSync(`${src}/locales/${language}.json`, 'utf8')) as Record<string, string>;
    return { title: catalogue['offlinePage.title'], missing: catalogue['offlinePage.missing'], home: catalogue['offlinePage.home'] };
  };
  return { en: read('en'), ml: read('ml'), ta: read('ta') };
}

export function serviceWorker(): Plugin {
  return {
    name: 'storefront:service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const precache = precacheList(bundle as unknown as Record<string, BundleItem>);
      const buildName = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .update(JSON.stringify(offlineTexts()))
        .digest('hex')
        .slice(0, 12);
      const src = srcDir();
      const output = await build({
        input: `${src}/sw/service-worker.ts`,
        write: false,
        resolve: { alias: { '@': src } },
        transform: {
          define: {
            __BUILD__: JSON.stringify(buildName),
            __PRECACHE__: JSON.stringify(precache),
            __BUILD_FILES__: JSON.stringify(buildFiles(bundle as unknown as Record<string, BundleItem>)),
            __OFFLINE_TEXTS__: JSON.stringify(offlineTexts()),
          },
        },
        output: { format: 'iife', minify: true },
      });
      const code = output.output[0].code;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
      const items = Object.values(bundle as unknown as Record<string, BundleItem>).filter((item) => precache.includes(`/${item.fileName}`));
      const bytes = items.reduce((sum, item) => sum + (item.code?.length ?? item.source?.length ?? 0), 0);
      this.info(`sw.js (cache ${buildName}): ${precache.length} files precached, ${Math.round(bytes / 1000)} kB before compression`);
    },
  };
}
