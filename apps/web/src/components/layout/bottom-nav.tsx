import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { HomeIcon, Icon, NewsIcon, SearchIcon, StudioIcon, type IconProps } from '../icons';
import './layout.css';

/** The narrow screens' bottom navigation, in its order: every tab of /home's sidebar is one of these or inside Library. */
export const BOTTOM_NAV = ['home', 'search', 'library', 'menu', 'news'] as const;
export type BottomNavDestination = (typeof BOTTOM_NAV)[number];

/** Three spines and a leaning one: the listener's collections (the Library destination). */
const LibraryIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" {...props}>
    <path d="M4 4v16M9 4v16M14 5l5 15" />
  </Icon>
);

const DESTINATIONS = {
  home: { icon: HomeIcon, label: 'tabs.home', href: paths.home.getHref('home') },
  search: { icon: SearchIcon, label: 'tabs.search', href: paths.home.getHref('search') },
  // Library opens on the playlists; its switch (on /home) leads to liked tracks, history and saved tracks.
  library: { icon: LibraryIcon, label: 'shell.library', href: paths.home.getHref('playlists') },
  menu: { icon: StudioIcon, label: 'tabs.menu', href: paths.home.getHref('menu') },
  news: { icon: NewsIcon, label: 'tabs.news', href: paths.home.getHref('news') },
} as const satisfies Record<BottomNavDestination, { icon: ComponentType<SVGProps<SVGSVGElement>>; label: string; href: string }>;

/**
 * Narrow screens: the player's main destinations in a fixed bar at the bottom, all five always in
 * view, with the mini player docked above it (--bottom-nav-height, styles/global.css). Hidden on
 * wide screens, where /home's sidebar lists them. On /home and the pages of the player (a track,
 * an artist, the dashboard).
 */
export function BottomNav({ current }: { current: BottomNavDestination | null }) {
  const { t } = useTranslation();
  return (
    <nav className="bottom-nav" aria-label={t('shell.bottomNav')}>
      <ul className="bottom-nav__list">
        {BOTTOM_NAV.map((id) => {
          const { icon: NavIcon, label, href } = DESTINATIONS[id];
          return (
            <li key={id}>
              <Link className="bottom-nav__link" to={href} aria-current={id === current ? 'page' : undefined}>
                <NavIcon className="bottom-nav__icon" />
                <span className="bottom-nav__label">{t(label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
