// Starts the service worker (/sw.js, src/sw/service-worker.ts) in a production build, once the page
// has loaded (it never competes with the first paint), and only from the shop's public pages: the
// back office and the account neither need it offline nor fetch its files on their first visit.
import { isPublicPage } from '@/sw/cache-rules';

export function registerServiceWorker(): void {
  // The release's name, when the build was given one (VITE_RELEASE): which code a phone runs.
  if (import.meta.env.VITE_RELEASE) document.documentElement.dataset.release = import.meta.env.VITE_RELEASE;
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !isPublicPage(window.location.pathname)) return;
  const register = () => {
    // updateViaCache 'none': every check for a new release asks the server, past any HTTP cache.
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('The offline copy could not be set up', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
