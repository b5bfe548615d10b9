import { Outlet } from 'react-router';
import { SiteLayout } from '../../components/layout/site-layout';

export function SiteRoot() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
