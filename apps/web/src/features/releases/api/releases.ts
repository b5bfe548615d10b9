import type { ReleaseDetail, ReleaseList } from '@platter/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';

/** Query keys of releases and tag pages (under 'releases', so one invalidation refreshes them all). */
export const releaseKeys = {
  all: ['releases'] as const,
  detail: (id: string) => ['releases', 'detail', id] as const,
  ofArtist: (artistId: string) => ['releases', 'artist', artistId] as const,
  tag: (tag: string, page: number) => ['releases', 'tag', tag, page] as const,
};

/** A release; `secret` is an unlisted release's secret-link `?s=`, which opens it and plays its tracks. */
export const releaseQueryOptions = (id: string, secret?: string | null) =>
  queryOptions({
    queryKey: releaseKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/releases/${encodeURIComponent(id)}`, { schema: 'releaseDetailSchema', query: secret ? { s: secret } : {}, signal }),
    // A signed-out visitor's /release/:id carries the release (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<ReleaseDetail>(`/api/releases/${encodeURIComponent(id)}`),
  });

export function useRelease(id: string, secret?: string | null) {
  return useQuery(releaseQueryOptions(id, secret));
}

export function useArtistReleases(artistId: string) {
  return useQuery({
    queryKey: releaseKeys.ofArtist(artistId),
    queryFn: ({ signal }) => apiRequest(`/api/artists/${encodeURIComponent(artistId)}/releases`, { schema: 'releaseListSchema', signal }),
    // A signed-out visitor's /artist/:id carries them (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<ReleaseList>(`/api/artists/${encodeURIComponent(artistId)}/releases`),
  });
}

/** Likes or unlikes a release; the page shows the server's count. */
export function useSetReleaseLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) =>
      apiRequest(`/api/releases/${encodeURIComponent(id)}/like`, { method: liked ? 'PUT' : 'DELETE', schema: 'releaseLikeStateSchema' }),
    onSuccess: (state) => {
      queryClient.setQueryData<ReleaseDetail>(releaseKeys.detail(state.releaseId), (old) => (old ? { ...old, liked: state.liked, likes: state.likes } : old));
    },
  });
}

/** One page of a tag's tracks, newest first. */
export function useTagTracks(tag: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: releaseKeys.tag(tag, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tags/${encodeURIComponent(tag)}/tracks`, { schema: 'trackListSchema', query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
