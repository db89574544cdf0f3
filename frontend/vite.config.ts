/// <reference types="vitest/config" />
import './scripts/node20-polyfills.mjs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, loadEnv } from 'vite';
import { countryFlags } from './scripts/country-flags.ts';
import { linguiCatalogues } from './scripts/lingui-catalog.ts';
import { serviceWorker } from './scripts/service-worker.ts';

const backend = 'http://127.0.0.1:8080';

/**
 * Message sections only lazy screens use: kept out of the entry's catalogue and loaded with their
 * screens (see scripts/lingui-catalog.ts). Unit tests get the whole catalogue. `head` is the
 * server's alone (the descriptions it writes into drawn pages, crates/pages/src/head_texts.rs):
 * no screen imports it, so the app never downloads it; nor `offlinePage`, the service worker's
 * (built into /sw.js, scripts/service-worker.ts).
 */
const DEFERRED_MESSAGES = process.env.VITEST ? [] : ['checkout', 'state', 'account', 'order', 'invoice', 'twoFactor', 'quantity', 'packs', 'phone', 'contact', 'search', 'searchPage', 'filters', 'stock', 'catalog', 'crop', 'notFound', 'delivery', 'whatsapp', 'auth', 'consent', 'desk', 'audit', 'head', 'admin', 'offlinePage'];

export default defineConfig(({ mode }) => {
  const apiUrl = loadEnv(mode, process.cwd(), 'VITE_').VITE_API_URL ?? '';
  return {
    plugins: [
      linguiCatalogues({ deferred: DEFERRED_MESSAGES }),
      countryFlags(),
      // /sw.js: the app's code and fonts kept for offline use, and the pages seen (README, "Offline").
      serviceWorker(),
      react(),
      tailwindcss(),
      {
        // Start the shop profile request with the HTML: the hero, header and footer all need it.
        name: 'storefront:preload-shop',
        transformIndexHtml: () => [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `${apiUrl}/api/shop`, as: 'fetch', crossorigin: 'use-credentials' },
            injectTo: 'head',
          },
        ],
      },
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: {
      proxy: { '/api': backend, '/media': backend, '/healthz': backend },
    },
    build: {
      manifest: true,
      // Fonts stay files: the CSP allows fonts from the shop itself only (font-src 'self').
      assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
      target: 'es2022',
      cssCodeSplit: true,
      rolldownOptions: {
        output: {
          // Everything the entry needs statically goes into one chunk: fewer requests on slow
          // connections and better compression than many small shared chunks. (Grouping the
          // screens' shared parts too would save requests but add 1.4 kB to the home page.)
          codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      // A form test types and waits for answers in jsdom: about 2 s alone, but past vitest's
      // default of 5 s when the machine's two cores are busy with the Rust build beside it.
      testTimeout: 15_000,
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
      css: false,
      pool: 'threads',
      maxWorkers: 2,
    },
  };
});
