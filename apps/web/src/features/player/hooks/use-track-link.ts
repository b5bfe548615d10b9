import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { getTrack } from '../api/get-track';
import { usePlayerStore } from '../player-store';

/**
 * Plays the track of a shared link (`/home?track=<id>`, what a track's Share copies), then drops
 * the parameter. A track of the active list is played from there; any other is fetched and played
 * as a list of one; an unknown id ends in the 'Track not found' alert (SPEC 5 and 8).
 */
export function useTrackLink(enabled: boolean) {
  const [search, setSearch] = useSearchParams();
  const trackId = enabled ? search.get('track') : null;

  useEffect(() => {
    if (!trackId) return;
    const controller = new AbortController();
    const done = () =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('track');
          return next;
        },
        { replace: true },
      );
    const store = usePlayerStore.getState();
    if (store.queue.some((entry) => entry.track.id === trackId)) {
      store.playTrackById(trackId);
      done();
      return;
    }
    getTrack(trackId, controller.signal).then(
      (track) => {
        usePlayerStore.getState().setList([track], 0);
        done();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) usePlayerStore.getState().playTrackById(trackId);
        else console.error('Трек не найден или массив треков пуст', error);
        done();
      },
    );
    return () => controller.abort();
  }, [trackId, setSearch]);
}
