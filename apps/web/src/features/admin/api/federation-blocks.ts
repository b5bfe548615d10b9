import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/federation/blocks`: the servers whose deliveries are refused (admins only; 404 federation_off when the server does not federate). */
export const federationBlocksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.federationBlocks,
    queryFn: ({ signal }) => apiRequest('/api/admin/federation/blocks', { schema: 'federationBlocksSchema', signal }),
    retry: false,
  });

export function useFederationBlocks() {
  return useQuery(federationBlocksQueryOptions());
}

/**
 * What an admin typed as the server to block: a host (`mastodon.example`, with `:port` if it has
 * one), or an address or handle on it (`https://mastodon.example/@x`, `@x@mastodon.example`) whose
 * host is taken. The server checks it again.
 */
export function hostOf(input: string): string {
  const text = input.trim();
  const handle = /^@?[^@\s/]+@([^@\s/]+)$/.exec(text);
  if (handle) return handle[1]!.toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      return new URL(text).host.toLowerCase();
    } catch {
      return text.toLowerCase();
    }
  }
  return text.replace(/\/+$/, '').toLowerCase();
}

/** `PUT /api/admin/federation/blocks/:host` (on) or `DELETE` (off): the list after the change. */
export function setFederationBlock(host: string, blocked: boolean) {
  return apiRequest(`/api/admin/federation/blocks/${encodeURIComponent(host)}`, { schema: 'federationBlocksSchema', method: blocked ? 'PUT' : 'DELETE' });
}

export function useSetFederationBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ host, blocked }: { host: string; blocked: boolean }) => setFederationBlock(host, blocked),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.admin.federationBlocks, data),
    // Not awaited: the mutation is done when the server answered, whatever the refetch does.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.federationBlocks }),
  });
}
