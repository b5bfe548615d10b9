import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { paths, type HomeTabId } from '../../config/paths';
import { HomeBottomNav } from './home/home-nav';
import { HomeSidebar } from './home/home-sidebar';
import { parseHomeTab } from './home/home-tabs';
import { HomeTopBar } from './home/home-top-bar';
import './home/home.css';

/** Which of the shell's sections a page belongs to: /home's tab, the studio for the dashboard, none for a public page. */
function useShellTab(): HomeTabId | null {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  if (pathname === paths.home.path) return parseHomeTab(search);
  if (pathname === paths.artistDashboard.path) return 'menu';
  return null;
}

/**
 * The player's one shell, around /home and every public page of the player (a track, an artist, a
 * release, a tag, the artist dashboard): wide screens, the sidebar beside a top bar and the page;
 * narrow screens, the top bar (logo, account), the page and the fixed bottom navigation under the
 * docked player. A layout route: its chrome stays mounted from page to page, and the player (in
 * AppRoot above it) never stops for a navigation. Marketing pages keep the site layout (SiteRoot).
 */
export function ShellRoot() {
  const { t } = useTranslation();
  const tab = useShellTab();
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        {t('common.skipToContent')}
      </a>
      <HomeTopBar />
      <HomeSidebar tab={tab} />
      <main id="content" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <HomeBottomNav tab={tab} />
    </div>
  );
}
