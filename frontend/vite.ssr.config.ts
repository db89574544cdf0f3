// The server bundle (`src/entry-server.tsx`, run by the binary in QuickJS): one self-contained
// script, every screen and catalogue in it, no CSS.
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiCatalogues } from './scripts/lingui-catalog.ts';

export default defineConfig({
  plugins: [linguiCatalogues(), react()],
  resolve: {
    alias: [
      // The back office is never rendered on the server: its screens stay out of the bundle.
      { find: '@/app/routes/admin', replacement: fileURLToPath(new URL('./src/ssr/no-back-office.tsx', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'webworker' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    rolldownOptions: {
      output: { format: 'iife', entryFileNames: 'render.js' },
    },
  },
});
