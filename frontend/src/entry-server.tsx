// The server's render (DESIGN.md, "Server rendering"): the binary runs this bundle in QuickJS
// (crates/render) and calls `render` for a public page with the data it embeds in that page, so the
// HTML arrives with the page drawn and the app hydrates it (`main.tsx`) without fetching again.
// Shopper-specific parts (cart, signed-in state) have no data here, so they draw after hydration.
import '@/ssr/shims';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server.browser';
import { i18n, type Messages } from '@lingui/core';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@/app/App';
import { seedQueries } from '@/app/initial-data';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { basenameFor, localeOfPath } from '@/lib/locales';
import ml from '@/locales/ml.json';
import ta from '@/locales/ta.json';
import { paths } from '@/lib/paths';

i18n.load('ml', ml as unknown as Messages);
i18n.load('ta', ta as unknown as Messages);

/** A boundary the render left to the client (a screen whose code had not arrived). */
const UNFINISHED = '<!--$!';

/**
 * The page at `url` (path and query, with its language prefix) as HTML for `#root`, drawn from
 * `initialData` (the `#initial-data` JSON the server embeds). Throws when the page cannot be drawn
 * whole yet: the caller lets pending jobs run (lazy screens arrive) and asks again, or serves the
 * shell.
 */
function render(url: string, initialData: string): string {
  const locale = localeOfPath(url);
  i18n.activate(locale);
  const queryClient = createQueryClient();
  try {
    seedQueries(queryClient, initialData);
    const html = renderToString(
      <StrictMode>
        <StaticRouter location={url} basename={basenameFor(locale)}>
          <AppProviders queryClient={queryClient}>
            <AppRoutes />
          </AppProviders>
        </StaticRouter>
      </StrictMode>,
    );
    if (html.includes(UNFINISHED)) throw new Error(`UNFINISHED ${url}`);
    return html;
  } finally {
    queryClient.clear();
  }
}

/** One address of each public screen: drawing them once starts loading every screen's code. */
const SCREENS = [
  paths.home.getHref(),
  paths.about.getHref(),
  paths.contact.getHref(),
  paths.terms.getHref(),
  paths.privacy.getHref(),
  paths.search.getHref(),
  paths.category.getHref('a'),
  paths.subCategory.getHref('a', 'b'),
  paths.categoryProduct.getHref({ parent: 'a', category: 'b', product: 'c' }),
  paths.brand.getHref('a'),
  paths.product.getHref('a', 'b'),
  paths.crop.getHref('a'),
  '/no-such-page',
];

/** Makes every screen ready before the first real render (its code arrives with the pending jobs). */
function warm(): void {
  for (const url of SCREENS) {
    try {
      render(url, '{"queries":[]}');
    } catch {
      // Unfinished now, ready once the pending jobs have run.
    }
  }
}

Object.assign(globalThis, { render, warm });
