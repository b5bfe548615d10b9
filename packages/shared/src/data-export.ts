import { z } from 'zod';

/*
 * "Download my data" (GDPR Article 20): the API's answers about an export, and the files inside
 * the ZIP, each a schema, so what the archive holds is a contract tests (and anyone reading the
 * archive) can check.
 */

/** How long a finished export can be downloaded. */
export const DATA_EXPORT_DAYS = 7;
/** Bumped when a file of the archive changes shape. */
export const DATA_EXPORT_FORMAT_VERSION = 1;

export const DATA_EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export const dataExportStatusSchema = z.enum(DATA_EXPORT_STATUSES);
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** One export request of the signed-in user, as POST and GET /api/account/export answer it. */
export const dataExportRequestSchema = z.object({
  id: z.string(),
  status: dataExportStatusSchema,
  requestedAt: z.string(),
  /** When the archive was finished; null while building or after a failure. */
  readyAt: z.string().nullable(),
  /** Until when it can be downloaded (readyAt + DATA_EXPORT_DAYS); null unless ready. */
  expiresAt: z.string().nullable(),
  /** The ZIP's size in bytes, once ready. */
  sizeBytes: z.number().int().nullable(),
  /** Where the ZIP is downloaded from (the owner's session only); null unless ready. */
  downloadUrl: z.string().nullable(),
});
export type DataExportRequest = z.infer<typeof dataExportRequestSchema>;

/** GET /api/account/export: the newest export, or null when there is none (or it expired). */
export const dataExportStateSchema = z.object({ export: dataExportRequestSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

export const dataExportIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/* The files of the archive */

const iso = z.string().min(10);
/** A path inside the ZIP (forward slashes, relative). */
const zipPath = z.string().regex(/^[^/\\][^\\]*$/, 'a relative path inside the archive');

export const exportProfileSchema = z.object({
  formatVersion: z.literal(DATA_EXPORT_FORMAT_VERSION),
  exportedAt: iso,
  account: z.object({ id: z.string(), name: z.string(), email: z.string(), emailVerified: z.boolean(), createdAt: iso }),
  profile: z.object({
    displayName: z.string(),
    bio: z.string(),
    status: z.string(),
    isArtist: z.boolean(),
    createdAt: iso,
    updatedAt: iso,
    /** The photo and cover image as files of the archive, when set. */
    photoFile: zipPath.nullable(),
    coverFile: zipPath.nullable(),
  }),
});
export type ExportProfile = z.infer<typeof exportProfileSchema>;

export const exportTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  genre: z.string(),
  tags: z.array(z.string()),
  visibility: z.enum(['public', 'unlisted', 'private']),
  downloadable: z.boolean(),
  /** Seconds, when known. */
  duration: z.number().nullable(),
  createdAt: iso,
  publishAt: iso.nullable(),
  releaseId: z.string().nullable(),
  releasePosition: z.number().int().nullable(),
  likes: z.number().int(),
  listens: z.number().int(),
  reposts: z.number().int(),
  /** The original upload, byte for byte, as a file of the archive; null when storage no longer has it. */
  file: zipPath.nullable(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  cover: zipPath.nullable(),
  lyrics: z.object({ kind: z.enum(['synced', 'plain']), source: z.string(), lang: z.string().nullable() }).nullable(),
});
export const exportTracksSchema = z.array(exportTrackSchema);

export const exportReleaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['album', 'ep', 'single']),
  releaseDate: z.string(),
  description: z.string(),
  visibility: z.enum(['public', 'unlisted', 'private']),
  publishAt: iso.nullable(),
  createdAt: iso,
  likes: z.number().int(),
  reposts: z.number().int(),
  /** Its tracks in order (ids of tracks.json). */
  trackIds: z.array(z.string()),
  cover: zipPath.nullable(),
});
export const exportReleasesSchema = z.array(exportReleaseSchema);

const trackRef = z.object({ trackId: z.string(), title: z.string(), artist: z.string() });

export const exportPlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'owner' for one's own playlists, 'collaborator' for those one joined. */
  role: z.enum(['owner', 'collaborator']),
  isPublic: z.boolean(),
  createdAt: iso,
  updatedAt: iso,
  entries: z.array(trackRef.extend({ addedAt: iso, url: z.string() })),
  /** The same playlist as files other players read. */
  m3u8: zipPath,
  xspf: zipPath,
});
export const exportPlaylistsSchema = z.array(exportPlaylistSchema);

export const exportLikesSchema = z.object({
  tracks: z.array(trackRef.extend({ likedAt: iso })),
  releases: z.array(z.object({ releaseId: z.string(), title: z.string(), likedAt: iso })),
  posts: z.array(z.object({ postId: z.string(), likedAt: iso })),
});

export const exportHistorySchema = z.object({
  /** Counted listens (what the listen counters count), oldest first. */
  listens: z.array(trackRef.extend({ listenedAt: iso })),
  /** The listening history the app shows ("recently played"), oldest first. */
  played: z.array(trackRef.extend({ playedAt: iso })),
});

export const exportCommentsSchema = z.array(
  z.object({ id: z.string(), trackId: z.string(), trackTitle: z.string(), text: z.string(), positionSec: z.number().nullable(), replyTo: z.string().nullable(), createdAt: iso }),
);

export const exportPostsSchema = z.array(z.object({ id: z.string(), text: z.string(), pinned: z.boolean(), likes: z.number().int(), createdAt: iso }));

export const exportRepostsSchema = z.array(
  z.object({ kind: z.enum(['track', 'release']), id: z.string(), title: z.string(), repostedAt: iso }),
);

const person = z.object({ profileId: z.string(), name: z.string(), since: iso });
export const exportFollowsSchema = z.object({ following: z.array(person), followers: z.array(person) });

/** Every JSON file of the archive, by its name in the ZIP. */
export const dataExportSchema = z.object({
  'profile.json': exportProfileSchema,
  'tracks.json': exportTracksSchema,
  'releases.json': exportReleasesSchema,
  'playlists.json': exportPlaylistsSchema,
  'likes.json': exportLikesSchema,
  'history.json': exportHistorySchema,
  'comments.json': exportCommentsSchema,
  'posts.json': exportPostsSchema,
  'reposts.json': exportRepostsSchema,
  'follows.json': exportFollowsSchema,
});
export type DataExport = z.infer<typeof dataExportSchema>;
export type DataExportFileName = keyof DataExport;
export const DATA_EXPORT_JSON_FILES = Object.keys(dataExportSchema.shape) as DataExportFileName[];
