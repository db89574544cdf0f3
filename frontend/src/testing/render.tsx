import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '@/app/App';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Shows the current location, so tests can see where a link led. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface Options {
  route?: string;
  path?: string;
  queryClient?: QueryClient;
}

/** Renders inside the app's providers and a memory router, with a location probe. */
export function renderWithApp(ui: ReactElement, { route = '/', path = '*', queryClient = testQueryClient() }: Options = {}) {
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path={path} element={ui} />
        </Routes>
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}
