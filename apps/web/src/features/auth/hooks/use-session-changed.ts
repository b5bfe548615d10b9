import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { announceAuthChange } from '../auth-channel';
import { loadAuthClient } from '../auth-client-loader';

/**
 * After the session changed (here or in another window): drop what belonged to the old session
 * and refetch. Nothing reloads, so the player keeps playing.
 */
export async function refreshAfterSessionChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    loadAuthClient().then(({ authClient }) => authClient.$store.notify('$sessionSignal')),
    queryClient.invalidateQueries(),
  ]);
}

export function useSessionChanged() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    announceAuthChange();
    await refreshAfterSessionChange(queryClient);
  }, [queryClient]);
}
