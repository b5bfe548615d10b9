import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { HomeTab } from '../../../config/paths';
import { LibraryView } from '../../../features/library/components/library-view';
import { usePlayTrackList } from '../../../features/player/hooks/use-play-track-list';
import { HomeSidebar } from './home-sidebar';
import { parseHomeTab } from './home-tabs';
import { MenuTab } from './menu-tab';
import './home.css';

function HomeTabContent() {
  const { activeTrackId, isPlaying, playTrack } = usePlayTrackList();
  return <LibraryView activeTrackId={activeTrackId} isPlaying={isPlaying} onPlay={playTrack} />;
}

function TabContent({ tab }: { tab: HomeTab }) {
  const { t } = useTranslation();
  switch (tab) {
    case 'home':
      return <HomeTabContent />;
    case 'menu':
      return <MenuTab />;
    default:
      return <p className="shell-notice">{t('shell.underDevelopment')}</p>;
  }
}

/** /home: the player shell, a sidebar plus tabs kept in `?tab=`. */
export function HomeRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const tab = parseHomeTab(search);
  const title = t(`shell.tab.${tab}`);

  useEffect(() => {
    document.title = `${title} · Platter`;
  }, [title]);

  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        {t('common.skipToContent')}
      </a>
      <HomeSidebar tab={tab} />
      <main id="content" className="shell-main" tabIndex={-1}>
        <h1 className="shell-main__title">{title}</h1>
        <TabContent tab={tab} />
      </main>
    </div>
  );
}
