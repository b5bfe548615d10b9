import type { ArtistSuggestions, NewReleases, SubscriptionState, Trending } from '@platter/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takeInitialAnswer } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/releases/new`: the newest public releases. */
export function useNewReleases() {
  return useQuery({
    queryKey: queryKeys.tracks.newReleases,
    queryFn: ({ signal }): Promise<NewReleases> => apiRequest('/api/releases/new', { schema: 'newReleasesSchema', signal }),
    staleTime: 60_000,
    // A signed-out visitor's /home carries them (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<NewReleases>('/api/releases/new'),
  });
}

/** `GET /api/charts/trending`: this week's most listened tracks. */
export function useTrending() {
  return useQuery({
    queryKey: queryKeys.charts.trending,
    queryFn: ({ signal }): Promise<Trending> => apiRequest('/api/charts/trending', { schema: 'trendingSchema', signal }),
    staleTime: 60_000,
    initialData: () => takeInitialAnswer<Trending>('/api/charts/trending'),
  });
}

/** `GET /api/artists/suggestions`: artists with tracks the viewer does not follow yet. */
export function useArtistSuggestions() {
  return useQuery({
    queryKey: queryKeys.artists.suggestions,
    queryFn: ({ signal }): Promise<ArtistSuggestions> => apiRequest('/api/artists/suggestions', { schema: 'artistSuggestionsSchema', signal }),
  });
}

/**
 * Follows an artist from a suggestion (`PUT /api/artists/:id/subscription`, idempotent). The card
 * stays until the list refetches; News, my subscriptions and the artist's counts follow.
 */
export function useFollowArtist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (artistId: string): Promise<SubscriptionState> =>
      apiRequest(`/api/artists/${encodeURIComponent(artistId)}/subscription`, { schema: 'subscriptionStateSchema', method: 'PUT' }),
    onSettled: () => {
      for (const queryKey of [queryKeys.posts.news, queryKeys.subscriptions, queryKeys.profiles.all, queryKeys.me]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
