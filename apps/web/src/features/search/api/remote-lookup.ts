import type { RemoteLookup } from '@platter/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `@name@host` (the leading @ optional): an account on another server, as Search offers it. */
export const REMOTE_HANDLE = /^@?[^@\s/]+@[^@\s/]+$/;

const PENDING_POLL_MS = 3_000;
const PENDING_POLLS = 20;

const lookupKey = (account: string) => ['me', 'federation', 'lookup', account] as const;

/** `GET /api/me/federation/lookup`: the server fetches the remote account (never the browser). */
export function useRemoteLookup(account: string | null) {
  return useQuery({
    queryKey: lookupKey(account ?? ''),
    queryFn: ({ signal }) => apiRequest('/api/me/federation/lookup', { schema: 'remoteLookupSchema', query: { account: account ?? '' }, signal }),
    enabled: account !== null,
    retry: false,
    staleTime: 60_000,
    // A follow waits for the other server's Accept (delivered to ours in the background): ask again
    // every few seconds for a minute, so the offer turns to Following without a reload. A server
    // that approves followers by hand may take longer; the next search shows it then.
    refetchInterval: (query) => (query.state.data?.following && !query.state.data.accepted && query.state.dataUpdateCount <= PENDING_POLLS ? PENDING_POLL_MS : false),
  });
}

/** `POST /api/me/federation/follows`: follows the account looked up; the lookup then says so. */
export function useFollowRemoteAccount(account: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/me/federation/follows', { schema: 'remoteFollowSchema', method: 'POST', json: { account } }),
    onSuccess: (followed) =>
      queryClient.setQueryData(lookupKey(account), (previous: RemoteLookup | undefined) => ({ actor: previous?.actor ?? followed.actor, following: true, accepted: followed.accepted })),
  });
}
