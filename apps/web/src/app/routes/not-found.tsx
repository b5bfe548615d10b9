import { NotFoundPage } from '../../features/pages/components/not-found-page';

export function NotFoundRoute() {
  return <NotFoundPage />;
}
