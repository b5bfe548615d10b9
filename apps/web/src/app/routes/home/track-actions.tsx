import type { Track } from '@platter/shared';
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TrackRowActionsProvider, type TrackRowActions } from '../../../components/track-list/track-row-actions';
import { useMe } from '../../../features/auth/api/get-me';
import { useLikedIds, useSetLike } from '../../../features/likes/api/likes';
import { TrackActionsButton } from '../../../features/track-actions/components/track-actions-button';
import { TrackNotice } from '../../../features/track-actions/components/track-notice';
import { lazyNamed } from '../../../lib/lazy-named';

/** The sheet, its playlists and offline saving are a chunk loaded when a sheet is first opened. */
const ConnectedTrackActionsSheet = lazyNamed(() => import('./connected-track-actions-sheet'), 'ConnectedTrackActionsSheet');


/**
 * Gives every track row in `children` its '...' button and its like toggle, and holds the one open
 * sheet. The sheet lives here, not in the row, so it stays open when its row disappears (unliking in
 * Liked tracks).
 */
export function TrackActionsHost({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Track | null>(null);
  const [notice, setNotice] = useState('');
  const openId = open?.id ?? null;
  const me = useMe();
  const signedIn = !!me.data;
  const likedIds = useLikedIds(signedIn);
  const setLike = useSetLike();
  const render = useCallback(
    (track: Track) => <TrackActionsButton track={track} expanded={track.id === openId} onOpen={() => setOpen(track)} />,
    [openId],
  );
  const liked = likedIds.data;
  const { mutate: mutateLike } = setLike;
  const toggleLike = useCallback(
    (track: Track) => {
      // Signed out, the heart answers as the sheet's Like does.
      if (!signedIn) {
        setNotice(t('trackActions.signInToLike'));
        return;
      }
      setNotice('');
      mutateLike(
        { track, liked: !(liked?.has(track.id) ?? false) },
        {
          onError: (error) => {
            console.error('like track', error);
            setNotice(t('trackActions.failed'));
          },
        },
      );
    },
    [signedIn, liked, mutateLike, t],
  );
  // Until the server's count arrives, the row's count follows the heart.
  const sending = setLike.isPending ? setLike.variables : undefined;
  const value = useMemo<TrackRowActions>(
    () => ({
      render,
      isLiked: (trackId: string) => liked?.has(trackId) ?? false,
      toggleLike,
      pendingLike: (trackId: string) => (sending?.track.id === trackId ? sending.liked : null),
    }),
    [render, liked, toggleLike, sending],
  );
  return (
    <TrackRowActionsProvider value={value}>
      {children}
      {open && (
        // A modal over the page: nothing to hold a place for while it loads.
        <Suspense fallback={null}>
          <ConnectedTrackActionsSheet key={open.id} track={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      <TrackNotice message={notice} onDismiss={() => setNotice('')} />
    </TrackRowActionsProvider>
  );
}
