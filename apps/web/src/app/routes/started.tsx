import { StartedPage } from '../../features/marketing/components/started-page';

export function StartedRoute() {
  return <StartedPage />;
}
