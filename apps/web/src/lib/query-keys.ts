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
  charts: {
    all: ['charts'] as const,
    top: ['charts', 'top'] as const,
  },
  search: {
    all: ['search'] as const,
    results: (q: string) => ['search', q] as const,
  },
  /** What the signed-in listener liked; signed-out listeners have no such queries. */
  likes: {
    all: ['likes'] as const,
    ids: ['likes', 'ids'] as const,
    list: ['likes', 'list'] as const,
  },
  playlists: {
    all: ['playlists'] as const,
    mine: ['playlists', 'mine'] as const,
    detail: (id: string) => ['playlists', 'detail', id] as const,
  },
  history: ['history'] as const,
};
