import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { CartPanelProvider } from '@/app/cart-panel';
import { ToastProvider } from '@/components/toast/ToastProvider';
import { AppRoutes } from '@/app/router';
import { basenameFor, type Locale } from '@/lib/locales';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <CartPanelProvider>{children}</CartPanelProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** The shop in `locale`, whose pages live under its prefix (`/ml/...`); English has none. */
export function App({ queryClient, locale = 'en' }: { queryClient: QueryClient; locale?: Locale }) {
  return (
    <BrowserRouter basename={basenameFor(locale)}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
