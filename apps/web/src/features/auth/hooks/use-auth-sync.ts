import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenForAuthChanges } from '../auth-channel';
import { refreshAfterSessionChange } from './use-session-changed';

/** Mount once in the main window: refetches the session when the popup or another tab reports a change. */
export function useAuthSync() {
  const queryClient = useQueryClient();
  useEffect(
    () => listenForAuthChanges(() => void refreshAfterSessionChange(queryClient)),
    [queryClient],
  );
}
