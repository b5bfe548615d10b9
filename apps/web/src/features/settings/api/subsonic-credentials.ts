import type { CreateSubsonicCredential, SubsonicCredentialCreated } from '@platter/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The query key of my Subsonic credentials (this feature's own). */
export const subsonicCredentialsKey = ['subsonic', 'credentials'] as const;

/** `GET /api/me/subsonic-credentials`: my API keys and app passwords, without their secrets. */
export function useSubsonicCredentials(signedIn: boolean) {
  return useQuery({
    queryKey: subsonicCredentialsKey,
    queryFn: ({ signal }) => apiRequest('/api/me/subsonic-credentials', { schema: 'subsonicCredentialListSchema', signal }),
    enabled: signedIn,
  });
}

/** `POST /api/me/subsonic-credentials`: the answer carries the secret, shown once. */
export function useCreateSubsonicCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSubsonicCredential): Promise<SubsonicCredentialCreated> =>
      apiRequest('/api/me/subsonic-credentials', { schema: 'subsonicCredentialCreatedSchema', method: 'POST', json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subsonicCredentialsKey }),
  });
}

/** `DELETE /api/me/subsonic-credentials/:id`. */
export function useRevokeSubsonicCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/me/subsonic-credentials/${encodeURIComponent(id)}`, { schema: 'unreadAnswerSchema', method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subsonicCredentialsKey }),
  });
}
