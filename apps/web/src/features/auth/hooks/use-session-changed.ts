import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { announceAuthChange } from '../auth-channel';
import { authClient } from '../auth-client';

/**
 * After the session changed (here or in another window): drop what belonged to the old session
 * and refetch. Nothing reloads, so the player keeps playing.
 */
export async function refreshAfterSessionChange(queryClient: QueryClient): Promise<void> {
  authClient.$store.notify('$sessionSignal');
  await queryClient.invalidateQueries();
}

export function useSessionChanged() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    announceAuthChange();
    await refreshAfterSessionChange(queryClient);
  }, [queryClient]);
}
