import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon, HistoryIcon, HomeIcon, NewsIcon, PlaylistIcon, SearchIcon, StudioIcon } from '../../../components/icons';
import { paths, type HomeTabId } from '../../../config/paths';
import { SavedIcon } from '../../../features/offline/components/saved-icon';
import { BOTTOM_NAV, destinationOf, LIBRARY_TABS, libraryTabOf, type BottomNavDestination, type LibraryTab } from './home-tabs';
import { LibraryIcon } from './home-icons';

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

const DESTINATIONS = {
  home: { icon: HomeIcon, label: 'tabs.home', href: paths.home.getHref('home') },
  search: { icon: SearchIcon, label: 'tabs.search', href: paths.home.getHref('search') },
  // Library opens on the playlists; its switch (LibrarySwitch) leads to the rest.
  library: { icon: LibraryIcon, label: 'shell.library', href: paths.home.getHref('playlists') },
  menu: { icon: StudioIcon, label: 'tabs.menu', href: paths.home.getHref('menu') },
  news: { icon: NewsIcon, label: 'tabs.news', href: paths.home.getHref('news') },
} as const satisfies Record<BottomNavDestination, { icon: IconComponent; label: string; href: string }>;

const LIBRARY_ICONS: Record<LibraryTab, IconComponent> = {
  playlists: PlaylistIcon,
  liked: HeartIcon,
  history: HistoryIcon,
  saved: SavedIcon,
};

/**
 * Narrow screens: the main destinations in a fixed bar at the bottom, all five always in view
 * (the sidebar's eight tabs did not fit a 375 px strip). Hidden on wide screens, where the sidebar lists them.
 */
export function BottomNav({ tab }: { tab: HomeTabId | null }) {
  const { t } = useTranslation();
  const current = destinationOf(tab);
  return (
    <nav className="bottom-nav" aria-label={t('shell.bottomNav')}>
      <ul className="bottom-nav__list">
        {BOTTOM_NAV.map((id) => {
          const { icon: Icon, label, href } = DESTINATIONS[id];
          return (
            <li key={id}>
              <Link className="bottom-nav__link" to={href} aria-current={id === current ? 'page' : undefined}>
                <Icon className="bottom-nav__icon" />
                <span className="bottom-nav__label">{t(label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Narrow screens, on a Library tab: a segmented switch between playlists, liked tracks, history and saved tracks. */
export function LibrarySwitch({ tab }: { tab: HomeTabId | null }) {
  const { t } = useTranslation();
  const current = libraryTabOf(tab);
  if (!current) return null;
  return (
    <nav className="library-switch" aria-label={t('shell.library')}>
      <ul className="library-switch__list">
        {LIBRARY_TABS.map((id) => {
          const Icon = LIBRARY_ICONS[id];
          return (
            <li key={id}>
              <Link className="library-switch__link" to={paths.home.getHref(id)} aria-current={id === current ? 'page' : undefined}>
                <Icon className="library-switch__icon" />
                <span>{t(`shell.libraryTab.${id}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
