import type { TrackListQuery } from '@platter/shared';

/**
 * Query keys shared across features, so that one feature's mutation can invalidate what
 * another feature shows (an upload refreshes the home list and the artist page) without
 * the features importing each other.
 */
export const queryKeys = {
  config: ['config'] as const,
  me: ['me'] as const,
  genres: ['genres'] as const,
  tracks: {
    all: ['tracks'] as const,
    list: (query: Partial<TrackListQuery>) => ['tracks', 'list', query] as const,
  },
  profiles: {
    all: ['profiles'] as const,
    detail: (id: string) => ['profiles', id] as const,
  },
};
