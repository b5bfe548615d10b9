import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from './query-keys';

/** What each server event makes stale. Tracks and counts change together. */
export function applyLiveEvent(queryClient: QueryClient, type: string): void {
  if (type === 'track.created') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.genres });
    void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
  }
}

/**
 * Listens to `/api/events` (server-sent events). EventSource reconnects by itself; after a
 * reconnect everything is refetched, since events sent while away were missed.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let opened = false;
    const onOpen = () => {
      if (opened) void queryClient.invalidateQueries();
      opened = true;
    };
    const onTrackCreated = () => applyLiveEvent(queryClient, 'track.created');
    source.addEventListener('open', onOpen);
    source.addEventListener('track.created', onTrackCreated);
    return () => source.close();
  }, [queryClient]);
}
