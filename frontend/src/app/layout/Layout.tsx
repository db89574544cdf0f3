import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { useT } from '@/lib/i18n';
import { Header } from '@/app/layout/Header';
import { OfflineBanner } from '@/app/layout/OfflineBanner';
import { isAccountPath } from '@/app/layout/layout-rules';
import { later } from '@/lib/later';

const Footer = later(() => import('@/app/layout/Footer').then((module) => module.Footer));

/**
 * Marks the document (`data-ready` on <html>) once the screen has been drawn or, on a page drawn by
 * the server, taken over by the app: from then on its buttons answer. Browser tests wait for it
 * before they tap.
 */
function ScreenReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

export function Layout() {
  const t = useT();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const chrome = !isAccountPath(pathname);

  // A new page starts at its top; going back leaves the browser's position alone.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t('nav.skipToContent')}
      </a>
      <OfflineBanner />
      {chrome ? <Header /> : null}
      {/* Keyed on the path: every page change remounts the content. */}
      <main id="main" key={pathname} tabIndex={-1} className={`flex-1 focus:outline-none ${chrome ? 'mt-4 min-h-dvh sm:mt-6' : ''}`} data-chrome={chrome}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <ScreenReady />
        </Suspense>
      </main>
      {chrome ? <Footer /> : null}
    </div>
  );
}
