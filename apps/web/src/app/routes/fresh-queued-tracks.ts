import type { Track } from '@platter/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadContracts, type Contracts } from '../../lib/contracts';
import { playerActions } from '../../features/player/player-reducer';
import { usePlayerStore } from '../../features/player/player-store';

/**
 * The tracks a server answer carries, wherever the features keep them: a track itself, a page of
 * `items`, search `tracks`, playlist `entries[].track`; `trackSchema` is the shared one (lib/contracts.ts).
 */
export function tracksIn(data: unknown, trackSchema: Contracts['trackSchema']): Track[] {
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  const candidates: unknown[] = [data];
  for (const key of ['items', 'tracks'] as const) {
    const list = record[key];
    if (Array.isArray(list)) candidates.push(...(list as unknown[]));
  }
  if (Array.isArray(record.entries)) {
    for (const entry of record.entries as unknown[]) candidates.push((entry as { track?: unknown } | null)?.track);
  }
  return candidates.flatMap((candidate) => {
    const parsed = trackSchema.safeParse(candidate);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Keeps the player's queued copies of tracks as fresh as the server cache: when a list or a track
 * is fetched again (an edited title, a new cover, new counts, after a live event), the bar, full
 * screen and Up Next show the new copy without touching playback.
 */
export function useFreshQueuedTracks(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (usePlayerStore.getState().queue.length === 0) return;
        const { data } = event.query.state;
        // The contracts are in (they checked this answer), so this waits a microtask at most.
        void loadContracts().then(({ trackSchema }) => {
          const tracks = tracksIn(data, trackSchema);
          if (tracks.length > 0) usePlayerStore.getState().dispatch(playerActions.refreshTracks(tracks));
        });
      }),
    [queryClient],
  );
}
