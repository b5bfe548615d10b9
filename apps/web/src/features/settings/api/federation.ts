import type { FederationSettings } from '@platter/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/me/federation`: my @handle@host and whether my account federates (404 when the server does not). */
export function useFederation(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.federation,
    queryFn: ({ signal }) => apiRequest('/api/me/federation', { schema: 'federationSettingsSchema', signal }),
    enabled: signedIn,
    retry: false,
  });
}

/** `PUT /api/me/federation`: turns my account's federation on or off. */
export function useSetFederation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean): Promise<FederationSettings> => apiRequest('/api/me/federation', { schema: 'federationSettingsSchema', method: 'PUT', json: { enabled } }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.federation, settings),
  });
}

/** `GET /api/me/federation/follows`: the remote accounts I follow. */
export function useRemoteFollows(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.federationFollows,
    queryFn: ({ signal }) => apiRequest('/api/me/federation/follows', { schema: 'remoteFollowsSchema', signal }),
    enabled,
  });
}

/** `POST /api/me/federation/follows`: follows `@name@host` (the server looks it up and sends the Follow). */
export function useFollowRemote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: string) => apiRequest('/api/me/federation/follows', { schema: 'remoteFollowSchema', method: 'POST', json: { account } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.federationFollows }),
  });
}
