import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useRouteError } from 'react-router';
import { UndoToasts } from '../../components/undo-toast/undo-toasts';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { useAuthSync } from '../../features/auth/hooks/use-auth-sync';
import { LikeButton } from '../../features/likes/components/like-button';
import { OfflineBanner } from '../../features/offline/components/offline-banner';
import { ReloadPrompt } from '../../features/offline/components/reload-prompt';
import { AudioOutput } from '../../features/player/components/audio-output';
import { PlayerBar } from '../../features/player/components/player-bar';
import { useTrackLink } from '../../features/player/hooks/use-track-link';
import { usePlayerStore } from '../../features/player/player-store';
import { removeHomeShell } from '../../lib/home-shell';
import { useLiveUpdates } from '../../lib/live-updates';
import { usePlayerComments } from './track-comments';
import { useFreshQueuedTracks } from './fresh-queued-tracks';
import { useRadioRefill } from '../radio';
import { usePlayQueueSync } from '../play-queue-sync';
import { PlayerNotices } from './continue-banner';
import { useRemoteControl } from '../remote-control';
import { RemoteButton } from './remote-panel';
import './app-root.css';
import { isRemoteTrack } from '../../lib/remote-track';

/** Pages where the player bar shows even before anything was picked. */
const PLAYER_PAGES = [paths.home.path, '/artist/', '/track/', '/release/', '/tag/'];

/**
 * Everything except the auth popup lives under this route, so the `<audio>` element is mounted
 * once and navigation never interrupts playback.
 */
export function AppRoot() {
  useAuthSync();
  useLiveUpdates();
  useFreshQueuedTracks();
  useRadioRefill();
  const { pathname } = useLocation();
  useTrackLink(pathname === paths.home.path);
  const hasQueue = usePlayerStore((state) => state.queue.length > 0);
  const showBar = hasQueue || PLAYER_PAGES.some((page) => pathname.startsWith(page));
  const comments = usePlayerComments();
  const signedIn = !!useMe().data;
  usePlayQueueSync(signedIn);
  useRemoteControl(signedIn);
  // After its children's effects (an open dialog is open), the app takes over from /home's prerendered frame.
  useEffect(removeHomeShell, []);

  return (
    <>
      <AudioOutput />
      <OfflineBanner />
      <PlayerNotices />
      <Outlet />
      <ReloadPrompt />
      <UndoToasts />
      {showBar && (
        <div className="player-dock">
          <PlayerBar
            markers={comments.markers}
            extra={
              <>
                {comments.button}
                {signedIn && <RemoteButton />}
              </>
            }
            renderTrackAction={(track) => (isRemoteTrack(track) ? null : <LikeButton track={track} signedIn={signedIn} className="player-bar__like" />)}
          />
        </div>
      )}
      {showBar && comments.panel}
    </>
  );
}

export function AppRootFallback() {
  return <div className="app-fallback" aria-busy="true" />;
}

export function AppRootError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  useEffect(removeHomeShell, []);
  return (
    <main className="app-error" role="alert">
      <h1>{t('pages.error.title')}</h1>
      <p>{t('pages.error.line')}</p>
      <a className="button button--primary" href={paths.home.getHref()}>
        {t('pages.notFound.back')}
      </a>
    </main>
  );
}
