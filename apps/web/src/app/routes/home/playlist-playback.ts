import type { Track } from '@platter/shared';
import { playerActions } from '../../../features/player/player-reducer';
import { usePlayerStore } from '../../../features/player/player-store';

/** Play all: the playlist in its own order (shuffle off) becomes the active list, from its first track. */
export function playAll(tracks: readonly Track[]): void {
  if (tracks.length === 0) return;
  const player = usePlayerStore.getState();
  if (player.shuffle) player.dispatch(playerActions.toggleShuffle());
  usePlayerStore.getState().setList(tracks, 0);
}

/**
 * Shuffle: the player's shuffle mode goes on and the playlist starts from a random track; the
 * player keeps the playlist's order to return to when shuffle is turned off. `random` is for tests.
 */
export function playShuffled(tracks: readonly Track[], random: () => number = Math.random): void {
  if (tracks.length === 0) return;
  const player = usePlayerStore.getState();
  if (!player.shuffle) player.dispatch(playerActions.toggleShuffle());
  usePlayerStore.getState().setList(tracks, Math.floor(random() * tracks.length));
}
