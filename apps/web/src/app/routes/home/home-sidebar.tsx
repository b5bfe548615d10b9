import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  HistoryIcon,
  HomeIcon,
  NewsIcon,
  PlaylistIcon,
  SearchIcon,
  StudioIcon,
} from '../../../components/icons';
import { Logo } from '../../../components/layout/logo';
import { HOME_TABS, paths, type HomeTab } from '../../../config/paths';
import { AuthPanel } from '../../../features/auth/components/auth-panel';

const TAB_ICONS: Record<HomeTab, ComponentType<SVGProps<SVGSVGElement>>> = {
  home: HomeIcon,
  search: SearchIcon,
  playlists: PlaylistIcon,
  history: HistoryIcon,
  menu: StudioIcon,
  news: NewsIcon,
};

export function HomeSidebar({ tab }: { tab: HomeTab }) {
  const { t } = useTranslation();
  return (
    <aside className="shell-sidebar" aria-label={t('shell.sidebar')}>
      <div className="shell-sidebar__brand">
        <Logo />
      </div>
      <nav className="shell-sidebar__nav" aria-label={t('shell.tabs')}>
        <ul className="shell-tabs">
          {HOME_TABS.map((id) => {
            const Icon = TAB_ICONS[id];
            return (
              <li key={id}>
                <Link
                  className="shell-tab"
                  to={paths.home.getHref(id)}
                  aria-current={id === tab ? 'page' : undefined}
                >
                  <Icon className="shell-tab__icon" />
                  <span>{t(`shell.tab.${id}`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section className="shell-sidebar__account">
        <AuthPanel />
      </section>
    </aside>
  );
}
