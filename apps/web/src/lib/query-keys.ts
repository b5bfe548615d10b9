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
    /** Home's "New releases" row: under tracks, so a release's tracks going public refetch it. */
    newReleases: ['tracks', 'new-releases'] as const,
  },
  profiles: {
    all: ['profiles'] as const,
    detail: (id: string) => ['profiles', id] as const,
  },
  charts: {
    all: ['charts'] as const,
    top: ['charts', 'top'] as const,
    /** Home's "Trending" row. */
    trending: ['charts', 'trending'] as const,
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
  waveform: (trackId: string) => ['waveform', trackId] as const,
  comments: {
    all: ['comments'] as const,
    track: (trackId: string) => ['comments', 'track', trackId] as const,
    /** A local track's replies (and like and repost counts) from other servers. */
    fediverse: (trackId: string) => ['comments', 'fediverse', trackId] as const,
  },
  posts: {
    all: ['posts'] as const,
    byAuthor: (authorId: string) => ['posts', 'author', authorId] as const,
    news: ['posts', 'news'] as const,
  },
  artists: {
    all: ['artists'] as const,
    detail: (id: string) => ['artists', id] as const,
    /**
     * News's artists to follow: not under artists, so following one keeps its card ("Following")
     * until News is opened again rather than taking it away under the pointer.
     */
    suggestions: ['artist-suggestions'] as const,
  },
  subscriptions: ['subscriptions'] as const,
  /** The signed-in artist's own studio data. */
  studio: {
    all: ['studio'] as const,
    tracks: ['studio', 'tracks'] as const,
    posts: ['studio', 'posts'] as const,
    comments: ['studio', 'comments'] as const,
    dashboard: (days: number) => ['studio', 'dashboard', days] as const,
  },
  admin: {
    all: ['admin'] as const,
    reports: (status: string) => ['admin', 'reports', status] as const,
    users: (q: string, page = 1) => ['admin', 'users', q, page] as const,
    audit: (page: number) => ['admin', 'audit', page] as const,
    contactMessages: ['admin', 'contact-messages'] as const,
    federationBlocks: ['admin', 'federation-blocks'] as const,
  },
  /** The signed-in user's linked ListenBrainz account (scrobbling). */
  listenBrainz: ['me', 'listenbrainz'] as const,
  /** The signed-in user's fediverse handle and switch, and the remote accounts they follow. */
  federation: ['me', 'federation'] as const,
  federationFollows: ['me', 'federation', 'follows'] as const,
  /** The newest "Download my data" export (settings). */
  dataExport: ['me', 'data-export'] as const,
  /** Whether the signed-in user's account is to be deleted, and when. */
  accountDeletion: ['me', 'account-deletion'] as const,
  /** The signed-in user's notifications. */
  notifications: {
    all: ['notifications'] as const,
    unread: ['notifications', 'unread'] as const,
    list: ['notifications', 'list'] as const,
    settings: ['notifications', 'settings'] as const,
    email: ['notifications', 'email'] as const,
  },
  /** Reposts: a track's state sits under tracks (track.updated refetches it), an artist's list under posts (post.changed does). */
  reposts: {
    track: (trackId: string) => ['tracks', 'repost', trackId] as const,
    /** A release's repost state: under posts, so post.changed (a repost made or undone) refetches it. */
    release: (releaseId: string) => ['posts', 'release-repost', releaseId] as const,
    byArtist: (artistId: string) => ['posts', 'reposts', artistId] as const,
  },
  /** The public site: the landing page's real figures and where the Android package is. */
  site: {
    stats: ['site', 'stats'] as const,
    appDownload: ['site', 'app-download'] as const,
  },
};
