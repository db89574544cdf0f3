import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { seedInitialData } from '@/app/initial-data';
import { createQueryClient } from '@/app/query-client';
import { preloadScreen } from '@/app/router';
import { shopQuery } from '@/lib/queries/shop';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** How long the first render waits for the opening screen's code and the shop profile. */
const FIRST_RENDER_WAIT_MS = 3000;

const queryClient = createQueryClient();
// The server embeds the opening page's data: the screen renders from it without asking again.
seedInitialData(queryClient);
const ready = Promise.all([preloadScreen(window.location.pathname), queryClient.prefetchQuery(shopQuery)]);

// The first paint shows the opening screen itself, with the shop's name and tagline, rather than
// placeholders replaced a moment later, unless those are slow to come. As a transition, that render
// yields to the browser every few milliseconds instead of blocking it in one long task.
void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))])
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    }),
  );
