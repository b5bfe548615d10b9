import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';
import { AppProviders } from './providers';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
