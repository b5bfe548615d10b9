import type { Profile, UpdateProfile } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PATCH /api/me/profile { displayName?, bio? }`. */
export function updateProfile(input: UpdateProfile): Promise<Profile> {
  return apiRequest('/api/me/profile', { method: 'PATCH', json: input, schema: 'profileSchema' });
}

/** What shows my profile: me, my artist page, and my name on tracks and posts. */
export function useInvalidateProfile() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.me, queryKeys.profiles.all, queryKeys.artists.all, queryKeys.tracks.all, queryKeys.posts.all, queryKeys.studio.all].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useUpdateProfile() {
  const invalidate = useInvalidateProfile();
  return useMutation({ mutationFn: updateProfile, onSuccess: invalidate });
}
