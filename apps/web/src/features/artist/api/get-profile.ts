import { profileSchema, type Profile } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getProfile(id: string, signal?: AbortSignal): Promise<Profile> {
  return apiRequest(`/api/profiles/${encodeURIComponent(id)}`, { schema: profileSchema, signal });
}

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.detail(id),
    queryFn: ({ signal }) => getProfile(id, signal),
  });

export function useProfile(id: string) {
  return useQuery(profileQueryOptions(id));
}
