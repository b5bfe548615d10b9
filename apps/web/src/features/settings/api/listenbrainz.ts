import type { LinkListenBrainz, ListenBrainzState } from '@platter/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/listenbrainz`: linked or not, and how the last submission went. */
export function useListenBrainz(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.listenBrainz,
    queryFn: ({ signal }) => apiRequest('/api/me/listenbrainz', { schema: 'listenBrainzStateSchema', signal }),
    enabled: signedIn,
  });
}

/** `PUT /api/me/listenbrainz`: the server checks the token with ListenBrainz before keeping it. */
export function useLinkListenBrainz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkListenBrainz): Promise<ListenBrainzState> => apiRequest('/api/me/listenbrainz', { schema: 'listenBrainzStateSchema', method: 'PUT', json: input }),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.listenBrainz, state),
  });
}

export function useUnlinkListenBrainz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<unknown> => apiRequest('/api/me/listenbrainz', { schema: 'unreadAnswerSchema', method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.listenBrainz }),
  });
}
