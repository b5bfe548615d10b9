import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { announceAuthChange } from '../auth-channel';
import { loadAuthClient } from '../auth-client-loader';

const refreshing = new WeakMap<QueryClient, Promise<void>>();
const others = (query: Query) => query.queryHash !== JSON.stringify(queryKeys.me);

/** Two turns of the event loop: the query cache has told React, which has rendered and run its effects. */
function afterRender(): Promise<void> {
  return new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0));
}

/**
 * After the session changed (here or in another window): drop what belonged to the old session
 * and refetch. Nothing reloads, so the player keeps playing. Who is signed in is asked first; when
 * nobody is any more, the page re-renders signed out (its signed-in queries turn off, `enabled:
 * signedIn`) before the rest refetch, so nothing asks /api/me/… to be answered 401.
 */
export function refreshAfterSessionChange(queryClient: QueryClient): Promise<void> {
  // This page's own announcement comes back to it through the BroadcastChannel (useAuthSync): one
  // refresh at a time, or the second would cancel the first's requests half-way.
  const running = refreshing.get(queryClient);
  if (running) return running;
  const refresh = refreshNow(queryClient).finally(() => refreshing.delete(queryClient));
  refreshing.set(queryClient, refresh);
  return refresh;
}

async function refreshNow(queryClient: QueryClient): Promise<void> {
  const notified = loadAuthClient().then(({ authClient }) => authClient.$store.notify('$sessionSignal'));
  await queryClient.invalidateQueries({ queryKey: queryKeys.me, exact: true });
  if (queryClient.getQueryData(queryKeys.me)) {
    await Promise.all([notified, queryClient.invalidateQueries({ predicate: others })]);
    return;
  }
  await queryClient.invalidateQueries({ predicate: others, refetchType: 'none' });
  await afterRender();
  await Promise.all([notified, queryClient.refetchQueries({ predicate: others, type: 'active', stale: true })]);
}

export function useSessionChanged() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    announceAuthChange();
    await refreshAfterSessionChange(queryClient);
  }, [queryClient]);
}
