import type { CreateRelease, ReleaseDetail, UpdateRelease } from '@platter/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { putImageBody } from '../../../lib/put-image-body';
import { queryKeys } from '../../../lib/query-keys';

const path = (id: string) => `/api/releases/${encodeURIComponent(id)}`;

/** `GET /api/me/releases`: my releases, empty ones included. */
export const myReleasesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.studio.all, 'releases'] as const,
    queryFn: ({ signal }) => apiRequest('/api/me/releases', { schema: 'releaseListSchema', signal }),
  });

export function useMyReleases() {
  return useQuery(myReleasesQueryOptions());
}

export function getRelease(id: string): Promise<ReleaseDetail> {
  return apiRequest(path(id), { schema: 'releaseDetailSchema' });
}

export function createRelease(input: CreateRelease): Promise<ReleaseDetail> {
  return apiRequest('/api/releases', { method: 'POST', json: input, schema: 'releaseDetailSchema' });
}

export function updateRelease(id: string, changes: UpdateRelease): Promise<ReleaseDetail> {
  return apiRequest(path(id), { method: 'PATCH', json: changes, schema: 'releaseDetailSchema' });
}

export function setReleaseTracks(id: string, trackIds: string[]): Promise<ReleaseDetail> {
  return apiRequest(`${path(id)}/tracks`, { method: 'PUT', json: { trackIds }, schema: 'releaseDetailSchema' });
}

export function putReleaseCover(id: string, image: Blob): Promise<ReleaseDetail> {
  return putImageBody(`${path(id)}/cover`, image, 'releaseDetailSchema');
}

/** Replaces an unlisted release's secret link, and its tracks': the old link stops working. */
export function resetReleaseSecret(id: string): Promise<ReleaseDetail> {
  return apiRequest(`${path(id)}/secret`, { method: 'POST', schema: 'releaseDetailSchema' });
}

export function deleteRelease(id: string, deleteTracks: boolean): Promise<unknown> {
  return apiRequest(path(id), { method: 'DELETE', query: { deleteTracks: deleteTracks ? 'true' : undefined }, schema: 'unreadAnswerSchema' });
}

/** After a release changed: the studio, track lists (album names), artist pages and release pages refetch. */
export function useInvalidateReleases() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.studio.all, queryKeys.tracks.all, queryKeys.genres, queryKeys.profiles.all, queryKeys.me, queryKeys.search.all, ['releases']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}
