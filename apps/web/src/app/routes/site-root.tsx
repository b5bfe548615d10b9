import { Outlet, useLocation } from 'react-router';
import { BottomNav } from '../../components/layout/bottom-nav';
import { SiteLayout } from '../../components/layout/site-layout';
import { paths } from '../../config/paths';

/** The player's own pages in the site layout: on narrow screens they keep /home's bottom navigation. */
const PLAYER_PAGES = ['/track/', '/artist/', paths.artistDashboard.path];

export function SiteRoot() {
  const { pathname } = useLocation();
  const playerPage = PLAYER_PAGES.some((page) => pathname.startsWith(page));
  return (
    <>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
      {playerPage && <BottomNav current={pathname === paths.artistDashboard.path ? 'menu' : null} />}
    </>
  );
}
