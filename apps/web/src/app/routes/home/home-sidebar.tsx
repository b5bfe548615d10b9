import { Suspense, useId, useState, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountIcon, AdminIcon, HeartIcon, HistoryIcon, HomeIcon, NewsIcon, PlaylistIcon, SavedIcon, SearchIcon, StudioIcon } from '../../../components/icons';
import { AppLogo } from '../../../components/layout/app-logo';
import { HOME_TABS, paths, type HomeTab, type HomeTabId } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import { AuthPanel } from '../../../features/auth/components/auth-panel';
import { BellIcon, UnreadBadge } from '../../../features/notifications/components/unread-badge';
import { InstallButton } from '../../../features/offline/components/install-button';
import { LanguageSwitch } from '../../../features/settings/components/language-switch';
import { lazyNamed } from '../../../lib/lazy-named';

/** The playlists under the Playlists entry are a chunk loaded when the list is first opened. */
const SidebarPlaylists = lazyNamed(() => import('../../../features/playlists/components/sidebar-playlists'), 'SidebarPlaylists');

const TAB_ICONS: Record<HomeTab, ComponentType<SVGProps<SVGSVGElement>>> = {
  home: HomeIcon,
  search: SearchIcon,
  playlists: PlaylistIcon,
  liked: HeartIcon,
  history: HistoryIcon,
  saved: SavedIcon,
  menu: StudioIcon,
  news: NewsIcon,
};

export function HomeSidebar({ tab }: { tab: HomeTabId | null }) {
  const { t } = useTranslation();
  const me = useMe();
  const playlistsId = useId();
  // SPEC 2: the Playlists entry also toggles a list of the listener's playlists under it.
  const [showPlaylists, setShowPlaylists] = useState(false);
  const current = tab === 'playlists-details' ? 'playlists' : tab;
  return (
    <aside className="shell-sidebar" aria-label={t('shell.sidebar')}>
      <div className="shell-sidebar__brand">
        <AppLogo />
      </div>
      <nav className="shell-sidebar__nav" aria-label={t('shell.tabs')}>
        <ul className="shell-tabs">
          {HOME_TABS.map((id) => {
            const Icon = TAB_ICONS[id];
            const isPlaylists = id === 'playlists';
            return (
              <li key={id}>
                <Link
                  className="shell-tab"
                  to={paths.home.getHref(id)}
                  aria-current={id === current ? 'page' : undefined}
                  aria-expanded={isPlaylists ? showPlaylists : undefined}
                  aria-controls={isPlaylists && showPlaylists ? playlistsId : undefined}
                  onClick={isPlaylists ? () => setShowPlaylists((shown) => !shown) : undefined}
                >
                  <Icon className="shell-tab__icon" />
                  <span>{t(`tabs.${id}`)}</span>
                </Link>
                {isPlaylists && showPlaylists && (
                  <Suspense fallback={null}>
                    <SidebarPlaylists id={playlistsId} signedIn={!!me.data} />
                  </Suspense>
                )}
              </li>
            );
          })}
          {me.data && (
            <li>
              <Link className="shell-tab" to={paths.notifications.getHref()} aria-current={tab === 'notifications' ? 'page' : undefined} data-testid="notifications-tab">
                <BellIcon className="shell-tab__icon" />
                <span>{t('tabs.notifications')}</span>
                <UnreadBadge signedIn />
              </Link>
            </li>
          )}
          {me.data && (
            <li>
              <Link className="shell-tab" to={paths.settings.getHref()} aria-current={tab === 'settings' ? 'page' : undefined} data-testid="settings-tab">
                <AccountIcon className="shell-tab__icon" />
                <span>{t('tabs.settings')}</span>
              </Link>
            </li>
          )}
          {me.data?.isAdmin && (
            <li>
              <Link className="shell-tab" to={paths.home.getHref('admin')} aria-current={tab === 'admin' ? 'page' : undefined}>
                <AdminIcon className="shell-tab__icon" />
                <span>{t('tabs.admin')}</span>
              </Link>
            </li>
          )}
        </ul>
      </nav>
      <section className="shell-sidebar__settings">
        <InstallButton />
        <LanguageSwitch />
      </section>
      <section className="shell-sidebar__account">
        <AuthPanel />
      </section>
    </aside>
  );
}
