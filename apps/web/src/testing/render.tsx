import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import '../testing/i18n';

/**
 * A query client whose cache the test fills up front; nothing is stale, so components render
 * from the cache. Server behaviour itself is covered by the end-to-end journeys, not faked here.
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false },
      mutations: { retry: false },
    },
  });
}

export interface RenderOptions {
  route?: string;
  queryClient?: QueryClient;
}

let lastLocation = '';

function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    lastLocation = `${location.pathname}${location.search}`;
  }, [location]);
  return null;
}

/** The current path and search of the router the last `renderApp` created. */
export const currentLocation = () => lastLocation;

export function renderApp(ui: ReactElement, { route = '/', queryClient = createTestQueryClient() }: RenderOptions = {}) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
