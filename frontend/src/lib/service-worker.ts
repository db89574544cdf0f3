// Starts the service worker (/sw.js, src/sw/service-worker.ts), only from the shop's public pages:
// the back office and the account neither need it offline nor fetch its files on their first
// visit. Loaded by src/main.tsx once the page has loaded, in a production build.
import { isPublicPage } from '@/sw/cache-rules';

export function registerServiceWorker(): void {
  if (!isPublicPage(window.location.pathname)) return;
  // updateViaCache 'none': every check for a new release asks the server, past any HTTP cache.
  navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
    console.warn('The offline copy could not be set up', error);
  });
}
