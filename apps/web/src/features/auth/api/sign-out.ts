import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { loadAuthClient } from '../auth-client-loader';
import { useSessionChanged } from '../hooks/use-session-changed';

export async function signOut() {
  const { authClient, unwrapAuth } = await loadAuthClient();
  return unwrapAuth(await authClient.signOut());
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const onSessionChanged = useSessionChanged();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.setQueryData(queryKeys.me, null);
      await onSessionChanged();
    },
  });
}
