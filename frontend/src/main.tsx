import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { seedInitialData } from '@/app/initial-data';
import { createQueryClient } from '@/app/query-client';
import { preloadScreen } from '@/app/router';
import { activateLocale } from '@/lib/i18n';
import { whenIdle } from '@/lib/idle';
import { localeOfPath, pathWithoutLocale, type Locale } from '@/lib/locales';
import { shopQuery } from '@/lib/queries/shop';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// A public page comes drawn by the server (crates/server/src/prerender/): the app takes
// over that HTML instead of drawing it again.
const drawn = root.hasChildNodes();

/** How long the first render waits for the opening screen's code and the shop profile. */
const FIRST_RENDER_WAIT_MS = 3000;
/** How long it waits for the page's language (/ml/, /ta/) before it shows the shop in English. */
const LANGUAGE_WAIT_MS = 10_000;

/** Each language's letters, for phones without them (only that language's pages load its file). */
const fonts: Partial<Record<Locale, () => Promise<unknown>>> = {
  ml: () => import('@/styles/fonts-ml.css'),
  ta: () => import('@/styles/fonts-ta.css'),
};

const locale = localeOfPath(window.location.pathname);
// The font faces are declared before the first render: text drawn before its @font-face rule
// exists may stay drawn as empty boxes.
const language =
  locale === 'en'
    ? Promise.resolve()
    : Promise.race([Promise.all([activateLocale(locale), fonts[locale]?.()]), new Promise((resolve) => setTimeout(resolve, LANGUAGE_WAIT_MS))]).catch((error: unknown) => {
        console.warn(`The ${locale} catalogue did not load; the shop shows English`, error);
      });

const queryClient = createQueryClient();
// The server embeds the opening page's data: the screen renders from it without asking again.
seedInitialData(queryClient);
const ready = Promise.all([preloadScreen(pathWithoutLocale(window.location.pathname)), queryClient.prefetchQuery(shopQuery)]);

const app = (
  <StrictMode>
    <App queryClient={queryClient} locale={locale} />
  </StrictMode>
);

if (drawn) {
  // The page is on screen already: the app takes it over as soon as it has the page's words, and
  // a screen whose code is still on its way keeps the server's HTML until it arrives (a tap there
  // meanwhile is replayed once it has). Nothing is drawn twice. As a transition, the takeover
  // yields to the browser every few milliseconds: a tap or a scroll meanwhile is not held up.
  void language.then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // The first paint shows the opening screen itself, with the shop's name and tagline, rather than
  // placeholders replaced a moment later, unless those are slow to come; and in the page's language
  // from its first word. As a transition, that render yields to the browser every few milliseconds
  // instead of blocking it in one long task.
  void language
    .then(() => Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]))
    .catch(() => undefined)
    .then(() => startTransition(() => createRoot(root).render(app)));
}

// The release's name, when the build was given one (VITE_RELEASE): which code a phone runs.
if (import.meta.env.VITE_RELEASE) document.documentElement.dataset.release = import.meta.env.VITE_RELEASE;
// The offline copy (README, "Offline"): its code comes once the page has loaded and the browser is
// idle (its install fetches the app's code and fonts: on a slow line that must not compete with
// what the page needs first), and only in a production build.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenIdle(() => void import('@/lib/service-worker').then((module) => module.registerServiceWorker()));
}
