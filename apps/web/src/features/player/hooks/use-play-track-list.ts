import type { Track } from '@platter/shared';
import { useCallback } from 'react';
import { currentEntry, playerActions } from '../player-reducer';
import { usePlayerStore } from '../player-store';

/**
 * What a track list needs from the player: which track is current, whether it plays, and a way
 * to play a list from one of its tracks (picking the current track again pauses or resumes it).
 */
export function usePlayTrackList() {
  const activeTrackId = usePlayerStore((state) => currentEntry(state)?.track.id ?? null);
  const isPlaying = usePlayerStore((state) => state.wantsToPlay);

  const playTrack = useCallback((tracks: readonly Track[], index: number) => {
    const state = usePlayerStore.getState();
    const picked = tracks[index];
    if (!picked) return;
    if (currentEntry(state)?.track.id === picked.id && state.wantsToPlay) {
      state.dispatch(playerActions.pause());
      return;
    }
    state.dispatch(playerActions.setList(tracks, index));
  }, []);

  return { activeTrackId, isPlaying, playTrack };
}
