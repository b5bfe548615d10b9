import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, type HomeTabId } from '../../../config/paths';
import { useMe } from '../../../features/auth/api/get-me';
import type { HistoryViewProps } from '../../../features/history/components/history-view';
import { LibraryView } from '../../../features/library/components/library-view';
import { OfflineNotice } from '../../../features/offline/components/offline-banner';
import { useOnline } from '../../../features/offline/hooks/use-online';
import { usePlayTrackList } from '../../../features/player/hooks/use-play-track-list';
import { releaseQueryOptions } from '../../../features/releases/api/releases';
import { FOCUS_SEARCH_EVENT, requestSearchFocus } from '../../../features/search/focus-search';
import { TermsModal } from '../../../features/terms/components/terms-modal';
import { lazyNamed } from '../../../lib/lazy-named';
import { LibrarySwitch } from './home-nav';
import { parseHomeTab } from './home-tabs';
import { playAll, playShuffled } from './playlist-playback';
import { TrackActionsHost } from './track-actions';
import { HomeRadio } from './home-radio';
import { HomeRows, NewReleasesRow, TrendingRow, useHomeRowsPending } from '../../../features/discover/components/home-rows';
import './home.css';

// The home tab is in this chunk; every other tab is a chunk of its own, loaded when it is opened.
const SearchView = lazyNamed(() => import('../../../features/search/components/search-view'), 'SearchView');
const PlaylistsView = lazyNamed(() => import('../../../features/playlists/components/playlists-view'), 'PlaylistsView');
const PlaylistDetailsView = lazyNamed(() => import('../../../features/playlists/components/playlist-details-view'), 'PlaylistDetailsView');
const SaveOfflineButton = lazyNamed(() => import('../../../features/offline/components/save-offline-button'), 'SaveOfflineButton');
const LikedTracksView = lazyNamed(() => import('../../../features/likes/components/liked-tracks-view'), 'LikedTracksView');
// The local history is read (and checked with the shared trackSchema) in the history tab's chunk.
const HistoryView = lazy(async () => {
  const [{ HistoryView: View }, { readTrackHistory }] = await Promise.all([
    import('../../../features/history/components/history-view'),
    import('../../../lib/track-history').then(async (history) => {
      await history.loadTrackHistory();
      return history;
    }),
  ]);
  return { default: (props: Omit<HistoryViewProps, 'readLocalHistory'>) => <View {...props} readLocalHistory={readTrackHistory} /> };
});
const SavedView = lazyNamed(() => import('../../../features/offline/components/saved-view'), 'SavedView');
const MenuTab = lazyNamed(() => import('./menu-tab'), 'MenuTab');
const NewsFeed = lazyNamed(() => import('../../../features/posts/components/news-feed'), 'NewsFeed');
const ArtistSuggestions = lazyNamed(() => import('../../../features/discover/components/artist-suggestions'), 'ArtistSuggestions');
const NotificationsView = lazyNamed(() => import('../../../features/notifications/components/notifications-view'), 'NotificationsView');
const AdminView = lazyNamed(() => import('../../../features/admin/components/admin-view'), 'AdminView');
const SettingsTab = lazyNamed(() => import('./settings-tab'), 'SettingsTab');

const ACCOUNT_TABS: ReadonlySet<HomeTabId> = new Set(['playlists', 'playlists-details', 'liked', 'history', 'notifications']);
/** Tabs that only the server can fill: offline, they say so and point to the saved tracks. */
const NETWORK_TABS: ReadonlySet<HomeTabId> = new Set(['search', 'playlists', 'playlists-details', 'liked', 'history', 'menu', 'news', 'admin', 'notifications', 'settings']);

function TabContent({ tab }: { tab: HomeTabId | null }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const me = useMe();
  const signedIn = !!me.data;
  const userId = me.data?.user.id ?? null;
  const playback = usePlayTrackList();
  const player = { activeTrackId: playback.activeTrackId, isPlaying: playback.isPlaying, onPlay: playback.playTrack };
  const online = useOnline();
  const queryClient = useQueryClient();
  // A release in News or on Home plays from its first track (its page's tracks, as the viewer may hear them).
  const playRelease = async (releaseId: string) => {
    const release = await queryClient.fetchQuery(releaseQueryOptions(releaseId));
    if (release.tracks.length > 0) playback.playTrack(release.tracks, 0);
  };

  if (!online && tab === 'home') return <SavedView {...player} intro={t('offline.homeOffline')} />;
  if (!online && tab !== null && NETWORK_TABS.has(tab)) return <OfflineNotice />;

  // These tabs differ by who is signed in: wait until that is known rather than flash the wrong one.
  if (me.isPending && tab !== null && ACCOUNT_TABS.has(tab)) return <p className="status-text">{t('common.loading')}</p>;

  switch (tab) {
    case 'home':
      return (
        <>
          <HomeRadio signedIn={signedIn} activeTrackId={player.activeTrackId} genre={search.get('genre')} />
          <HomeRows>
            <NewReleasesRow onPlayRelease={(id) => void playRelease(id).catch((error: unknown) => console.error('play release', error))} />
            <TrendingRow activeTrackId={player.activeTrackId} onPlay={player.onPlay} />
          </HomeRows>
          <HomeCatalogue>
            <LibraryView {...player} />
          </HomeCatalogue>
          <TermsModal />
        </>
      );
    case 'search':
      return <SearchView userId={userId} {...player} />;
    case 'playlists':
      return <PlaylistsView signedIn={signedIn} />;
    case 'playlists-details':
      return (
        <PlaylistDetailsView
          key={search.get('playlist')}
          playlistId={search.get('playlist') ?? ''}
          invite={search.get('invite')}
          userId={userId}
          renderActions={(tracks) => <SaveOfflineButton tracks={tracks} playlist />}
          onPlayAll={playAll}
          onShuffle={playShuffled}
          {...player}
        />
      );
    case 'liked':
      return <LikedTracksView signedIn={signedIn} {...player} />;
    case 'history':
      return <HistoryView signedIn={signedIn} {...player} />;
    case 'saved':
      return <SavedView {...player} />;
    case 'menu':
      return <MenuTab />;
    case 'news':
      return (
        <>
          {/* Artists to follow first: a new listener's News is empty until they follow someone. */}
          {signedIn && <ArtistSuggestions />}
          <NewsFeed viewer={{ id: userId, isAdmin: me.data?.isAdmin ?? false }} onPlayRelease={playRelease} onPlayTracks={player.onPlay} />
        </>
      );
    case 'notifications':
      return <NotificationsView signedIn={signedIn} />;
    case 'settings':
      return <SettingsTab />;
    case 'admin':
      return <AdminView access={me.isPending ? 'pending' : me.data?.isAdmin ? 'admin' : 'denied'} {...player} />;
    default:
      return <p className="shell-notice">{t('shell.underDevelopment')}</p>;
  }
}

/** `/` anywhere (the player's shortcut sends a window event) opens the search tab and focuses its input. */
function useFocusSearchEvent(tab: HomeTabId | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (tab === 'search') return;
    const onFocusSearch = () => {
      // The search input takes the focus as soon as it mounts.
      requestSearchFocus();
      // The shortcut may have navigated already; going again would add a second history entry.
      if (new URLSearchParams(window.location.search).get('tab') !== 'search') void navigate(paths.home.search());
    };
    window.addEventListener(FOCUS_SEARCH_EVENT, onFocusSearch);
    return () => window.removeEventListener(FOCUS_SEARCH_EVENT, onFocusSearch);
  }, [tab, navigate]);
}

/**
 * /home: the player's tabs, kept in `?tab=`, inside the player shell (shell-root.tsx: the sidebar,
 * the top bar and the bottom navigation around every page of the player).
 */
/**
 * The catalogue under home's rows: it loads at once but shows only once the rows above it have
 * answered, so a row arriving never pushes it down (a layout shift of the whole list).
 */
function HomeCatalogue({ children }: { children: ReactNode }) {
  const rowsPending = useHomeRowsPending();
  return (
    <>
      {rowsPending && <div className="shell-main__pending" aria-busy="true" />}
      <div className="home-catalogue" hidden={rowsPending}>
        {children}
      </div>
    </>
  );
}

export function HomeRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const tab = parseHomeTab(search);
  const title = t(tab ? `tabs.${tab}` : 'tabs.unknown');
  useFocusSearchEvent(tab);

  useEffect(() => {
    document.title = `${title} · Platter`;
  }, [title]);

  return (
    <>
      <LibrarySwitch tab={tab} />
      <h1 className="shell-main__title">{title}</h1>
      <TrackActionsHost>
        {/* While a tab's chunk arrives, its place keeps a screen's height, so nothing below jumps. */}
        <Suspense fallback={<div className="shell-main__pending" aria-busy="true" />}>
          <TabContent tab={tab} />
        </Suspense>
      </TrackActionsHost>
    </>
  );
}
