import type { Track } from '@platter/shared';
import { usePlayerStore } from '../../../features/player/player-store';

/** Play all: the playlist becomes the active list, from its first track. */
export function playAll(tracks: readonly Track[]): void {
  if (tracks.length > 0) usePlayerStore.getState().setList(tracks, 0);
}

/** A Fisher–Yates shuffle; `random` is injectable for tests. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/** Shuffle: the playlist plays in a shuffled order, every track once. */
export function playShuffled(tracks: readonly Track[], random: () => number = Math.random): void {
  if (tracks.length > 0) usePlayerStore.getState().setList(shuffled(tracks, random), 0);
}
