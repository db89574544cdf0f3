import { describe, expect, it } from 'vitest';
import { precacheList } from './service-worker.ts';

describe('the files a new service worker fetches at install', () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) => ({ type: 'chunk' as const, fileName, facadeModuleId, imports, isEntry });
  const asset = (fileName: string) => ({ type: 'asset' as const, fileName });
  const bundle = Object.fromEntries(
    [
      chunk('assets/index-A.js', '/f/index.html', ['assets/runtime-R.js'], true),
      chunk('assets/runtime-R.js', null),
      chunk('assets/product-P.js', '/f/src/app/routes/product.tsx', ['assets/Price-Q.js']),
      chunk('assets/Price-Q.js', null),
      chunk('assets/admin-D.js', '/f/src/app/routes/admin.tsx', ['assets/Desk-E.js']),
      chunk('assets/Desk-E.js', null),
      chunk('assets/user-U.js', '/f/src/app/routes/user.tsx'),
      asset('assets/index-C.css'),
      asset('assets/noto-sans-malayalam-400-F.woff2'),
      asset('assets/IN-G.svg'),
      asset('.vite/manifest.json'),
    ].map((item) => [item.fileName, item]),
  );

  it('holds the entry, the public screens with their imports, the styles and the fonts', () => {
    expect(precacheList(bundle)).toEqual([
      '/assets/Price-Q.js',
      '/assets/index-A.js',
      '/assets/index-C.css',
      '/assets/noto-sans-malayalam-400-F.woff2',
      '/assets/product-P.js',
      '/assets/runtime-R.js',
    ]);
  });
});
