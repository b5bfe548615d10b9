import { Outlet } from 'react-router';
import { SiteLayout } from '../../components/layout/site-layout';

/** The marketing pages (landing, about, for artists, contact, policies) in the site layout; the player's pages are in ShellRoot. */
export function SiteRoot() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
