import { z } from 'zod';
import type { RemoteLiveEvent } from './remote.js';
import { PLAYLIST_MAX_PAGE_SIZE, PLAYLIST_NAME_MAX_LENGTH, PLAYLIST_PAGE_SIZE, REPORT_REASON_MAX_LENGTH } from './constants.js';
import { genreSchema, trackSchema } from './schemas.js';
import type { StudioLiveEvent } from './studio.js';
import type { NotificationsLiveEvent } from './notifications.js';
import { releaseSummarySchema } from './releases.js';

/* Contracts of the listener features: likes, listens, charts, search, playlists, history, reports, live events. */

export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const likeStateSchema = z.object({ trackId: z.string(), liked: z.boolean(), likes: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

export const likedIdsSchema = z.object({ ids: z.array(z.string()) });
export type LikedIds = z.infer<typeof likedIdsSchema>;

export const listenResultSchema = z.object({
  trackId: z.string(),
  counted: z.boolean().describe('false when the same listener started this track moments ago'),
  listens: z.number().int(),
});
export type ListenResult = z.infer<typeof listenResultSchema>;

export const trackItemsSchema = z.object({ items: z.array(trackSchema) });
export type TrackItems = z.infer<typeof trackItemsSchema>;

export const artistSummarySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  status: z.enum(['creator', 'artist', 'premium', 'user']),
  tracks: z.number().int(),
  subscribers: z.number().int(),
});
export type ArtistSummary = z.infer<typeof artistSummarySchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
/** A line of lyrics a search matched, with the matched ranges ([start, end) of `text`, in UTF-16 units, in order). */
export const lyricsSnippetLineSchema = z.object({
  text: z.string(),
  marks: z.array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0) })),
});
export type LyricsSnippetLine = z.infer<typeof lyricsSnippetLineSchema>;
/** A track found by its lyrics, with the line(s) the query matched. */
export const lyricsHitSchema = z.object({ track: trackSchema, lines: z.array(lyricsSnippetLineSchema) });
export type LyricsHit = z.infer<typeof lyricsHitSchema>;

export const searchResultSchema = z.object({
  query: z.string(),
  tracks: z.array(trackSchema),
  artists: z.array(artistSummarySchema),
  /**
   * Genres the query names (exactly, by prefix or with one typo: 'phonk', 'phnk'). Their tracks are
   * among `tracks`; the web app offers each as a genre tile.
   */
  genres: z.array(genreSchema),
  /** A corrected query ("did you mean") when the query has a likely typo and the corrected query has results, else null. */
  suggestion: z.string().nullable(),
  /** Releases (albums, EPs, singles) whose title or artist contains the query, most liked first. */
  albums: z.array(releaseSummarySchema).optional(),
  /**
   * Tracks whose lyrics hold the query as a phrase (the last word may be unfinished), the most
   * listened first, with the matching line; tracks already in `tracks` are not repeated here.
   */
  lyrics: z.array(lyricsHitSchema).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const playlistName = z
  .string()
  .trim()
  .min(1, 'Playlist name is required')
  .max(PLAYLIST_NAME_MAX_LENGTH, `Playlist name must be at most ${PLAYLIST_NAME_MAX_LENGTH} characters`);

export const createPlaylistSchema = z.object({ name: playlistName });
export const updatePlaylistSchema = z
  .object({ name: playlistName.optional(), isPublic: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.isPublic !== undefined, { message: 'Nothing to change: give a name or isPublic' });
export const addPlaylistTrackSchema = z.object({ trackId: z.string().min(1).max(100) });
export const reorderPlaylistSchema = z.object({ entryIds: z.array(z.string().min(1).max(100)).max(10_000) });
/** `PUT /api/playlists/:id/tracks/:entryId/position`: moves one entry to a 0-based place in the playlist. */
export const movePlaylistEntrySchema = z.object({ position: z.number().int().min(0).max(1_000_000) });

/**
 * `?page=&pageSize=` on a playlist's detail and on the changes that answer it: only that page of
 * entries (by place in the playlist), with `page` telling which. Without `page`, every entry.
 */
export const playlistPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(PLAYLIST_MAX_PAGE_SIZE).default(PLAYLIST_PAGE_SIZE),
});
export type PlaylistPageQuery = z.input<typeof playlistPageQuerySchema>;

export const playlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  isPublic: z.boolean(),
  trackCount: z.number().int(),
  /**
   * Cover URLs of the first (up to 4) visible tracks that have one, in play order: the card's mosaic.
   * The server always sends it; optional so a client treats its absence as "no covers".
   */
  covers: z.array(z.string()).max(4).optional(),
  /** URL of the playlist's own cover (600×600 WebP), which wins over the mosaic; null when it has none. */
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Collaborative playlists: whether it has collaborators, and the viewer's part in it
   * (null: neither owner nor collaborator). Optional so older clients and shapes stay valid.
   */
  collaborative: z.boolean().optional(),
  role: z.enum(['owner', 'collaborator']).nullable().optional(),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** Who added an entry (null: an account since deleted). */
export const playlistPersonSchema = z.object({ id: z.string(), name: z.string() });
export type PlaylistPerson = z.infer<typeof playlistPersonSchema>;

export const playlistEntrySchema = z.object({
  entryId: z.string(),
  position: z.number().int(),
  track: trackSchema,
  addedBy: playlistPersonSchema.nullable().optional(),
});
export type PlaylistEntry = z.infer<typeof playlistEntrySchema>;

export const playlistDetailSchema = playlistSchema.extend({
  entries: z.array(playlistEntrySchema),
  /** Seconds of all its visible tracks together (not only the page's). */
  durationSeconds: z.number(),
  /**
   * Present when one page was asked for: its number, size and how many pages there are. A page
   * holds the entries at places (number − 1) × size to number × size − 1; an entry whose track was
   * hidden keeps its place and is left out, so a page can hold fewer.
   */
  page: z.object({ number: z.number().int(), size: z.number().int(), pages: z.number().int() }).optional(),
  /** Its collaborators, for the owner and the collaborators (empty for anyone else). */
  collaborators: z.array(playlistPersonSchema).optional(),
  /** The invite link's token, for the owner only (null: no link, or not the owner). */
  invite: z.string().nullable().optional(),
});
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;

/** `GET /api/playlists/:id`: a page (or every entry), and `invite` (a link's token) lets a private playlist be read. */
export const playlistDetailQuerySchema = playlistPageQuerySchema.extend({
  invite: z.string().min(1).max(100).optional(),
});

/** `POST /api/playlists/:id/invite`: a new invite link's token (the old one stops working). */
export const playlistInviteSchema = z.object({ invite: z.string() });
/** `POST /api/playlists/:id/collaborators { invite }`: joins with the link's token. */
export const joinPlaylistSchema = z.object({ invite: z.string().min(1).max(100) });

export const PLAYLIST_ACTIVITY_KINDS = ['added', 'removed', 'moved', 'reordered', 'joined', 'left'] as const;
export const playlistActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(PLAYLIST_ACTIVITY_KINDS),
  /** Who did it (null: an account since deleted). */
  by: playlistPersonSchema.nullable(),
  /** The track concerned (null: none, or one since removed or hidden). */
  track: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** For a move: the 0-based place it went to. */
  position: z.number().int().nullable(),
  at: z.string(),
});
export type PlaylistActivity = z.infer<typeof playlistActivitySchema>;
export const playlistActivityQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const playlistActivityListSchema = z.object({ items: z.array(playlistActivitySchema), hasMore: z.boolean() });

export const playlistListSchema = z.object({ items: z.array(playlistSchema) });

export const recordHistorySchema = z.object({ trackId: z.string().min(1).max(100) });
export const historyEntrySchema = z.object({ playedAt: z.string(), track: trackSchema });
export const historySchema = z.object({ items: z.array(historyEntrySchema) });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const createReportSchema = z.object({
  reason: z.string().trim().max(REPORT_REASON_MAX_LENGTH, `The reason must be at most ${REPORT_REASON_MAX_LENGTH} characters`).optional(),
});
export const reportCreatedSchema = z.object({ id: z.string() });

/**
 * Live events sent on GET /api/events (server-sent events; the SSE event name is `type`).
 * Public ones go to everyone; the others only to the signed-in user they concern.
 */
export type LiveEvent =
  | { type: 'track.created'; track: z.infer<typeof trackSchema> }
  | { type: 'track.stats'; trackId: string; likes: number; listens: number }
  | { type: 'likes.changed' }
  | { type: 'playlists.changed'; playlistId: string }
  /** Someone changed a playlist's entries or members: to everyone for a public one, else its owner and collaborators. */
  | { type: 'playlist.edited'; playlistId: string }
  | { type: 'history.changed' }
  | StudioLiveEvent
  | NotificationsLiveEvent
  | RemoteLiveEvent;
export type LiveEventType = LiveEvent['type'];
