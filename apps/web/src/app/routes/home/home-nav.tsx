import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon, HistoryIcon, PlaylistIcon, SavedIcon } from '../../../components/icons';
import { BottomNav } from '../../../components/layout/bottom-nav';
import { paths, type HomeTabId } from '../../../config/paths';
import { destinationOf, LIBRARY_TABS, libraryTabOf, type LibraryTab } from './home-tabs';

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

const LIBRARY_ICONS: Record<LibraryTab, IconComponent> = {
  playlists: PlaylistIcon,
  liked: HeartIcon,
  history: HistoryIcon,
  saved: SavedIcon,
};

/** /home's bottom navigation, its current destination the tab's. */
export function HomeBottomNav({ tab }: { tab: HomeTabId | null }) {
  return <BottomNav current={destinationOf(tab)} />;
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
