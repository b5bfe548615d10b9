import { z } from 'zod';
import { GENRES, MAX_PAGE_SIZE, STATUSES, TAG_MAX_LENGTH, TRACK_TAGS_MAX, TRACK_TITLE_MAX_LENGTH } from './constants.js';

export const genreSchema = z.enum(GENRES);
export const statusSchema = z.enum(STATUSES);

/** Every API error body. `error` is a stable machine code, `message` is for a person. */
export const errorSchema = z.object({
  /** A stable code: 'validation_failed', 'not_found', 'forbidden'… */
  error: z.string(),
  /** What went wrong, in words a person can act on (no raw field names: "Enter a valid email address"). */
  message: z.string(),
  /** For 'validation_failed': the first invalid field's path in the request ('email', 'items.0.title'), so a form can mark it. */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** Whether a track's waveform peaks are computed: pending (being made), ready, or unavailable (format not decodable). */
export const waveformStatusSchema = z.enum(['pending', 'ready', 'unavailable']);
export type WaveformStatus = z.infer<typeof waveformStatusSchema>;

/**
 * What the media engine made of a track's file: `processing` until measured (the original plays
 * meanwhile), `ready`, `failed` (the engine could not read it; the original plays), or `original`
 * (made before processing existed, or on a server without a media engine).
 */
export const audioStatusSchema = z.enum(['processing', 'ready', 'failed', 'original']);
export type AudioStatus = z.infer<typeof audioStatusSchema>;

export const trackAudioSchema = z.object({
  status: audioStatusSchema,
  /** The uploaded file's codec as the engine names it (mp3, flac, aac, opus, vorbis, pcm_s24le…), once measured. */
  sourceCodec: z.string().nullable(),
  sourceKbps: z.number().nullable(),
  /** Integrated loudness (EBU R128), LUFS; null until measured or for silence. */
  loudness: z.number().nullable(),
  /** True peak, dBTP; null until measured or for silence. */
  truePeak: z.number().nullable(),
  /** The high-quality rendition (MP3 RENDITION_HIGH_KBPS); null: the original is the high quality. */
  high: z.string().nullable(),
  /** The data-saver rendition (MP3 RENDITION_SAVER_KBPS); null: the original (or `high`) is small enough. */
  saver: z.string().nullable(),
});
export type TrackAudio = z.infer<typeof trackAudioSchema>;

export const trackSchema = z.object({
  id: z.string(),
  title: z.string(),
  genre: genreSchema,
  artist: z.string(),
  artistId: z.string(),
  url: z.string().describe('Where the audio streams from (HTTP Range supported)'),
  duration: z.number().nullable().describe('Seconds; null while unknown'),
  likes: z.number().int(),
  listens: z.number().int(),
  createdAt: z.string(),
  /** Cover image (uploaded, or the file's embedded art), or null. */
  image: z.string().nullable(),
  waveform: waveformStatusSchema,
  /** True only for a hidden track shown to its owner or an admin; hidden tracks are absent everywhere else. */
  hidden: z.boolean(),
  /** Loudness and streaming renditions; absent from tracks saved by an older version of the app. */
  audio: trackAudioSchema.optional(),
  /** Reposts of the track; absent from tracks saved by an older version of the app. */
  reposts: z.number().int().optional(),
  /** Free tags besides the genre (normalised, at most TRACK_TAGS_MAX). */
  tags: z.array(z.string()).optional(),
  /** The release (album, EP, single) the track is on, or null. */
  release: z.object({ id: z.string(), title: z.string(), image: z.string().nullable() }).nullable().optional(),
  /** Who may find and play it; absent from tracks saved by an older version of the app (public). */
  visibility: z.enum(['public', 'unlisted', 'private']).optional(),
  /** When an unlisted or private track becomes public; null when not scheduled. */
  publishAt: z.string().nullable().optional(),
  /** Whether listeners may download the original file. */
  downloadable: z.boolean().optional(),
  /** The unlisted link's secret: for the owner and admins, and echoed to whoever opened the track with it. */
  secret: z.string().optional(),
  /** Whether the artist added lyrics (read them at GET /api/tracks/:id/lyrics). */
  hasLyrics: z.boolean().optional(),
});
export type Track = z.infer<typeof trackSchema>;

export const trackListQuerySchema = z.object({
  genre: z.union([genreSchema, z.literal('All')]).optional(),
  q: z.string().trim().max(200).optional(),
  artistId: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(9),
  /**
   * One of the `anchors` of a page of the same list (the one on screen): the page asked for is then
   * read from it, not by skipping every track before it. Optional; without it any page still works.
   */
  anchor: z
    .string()
    .regex(/^\d{1,9}~[0-9TZ:.+-]{10,40}~[^~]{1,100}$/, 'anchor must be one of the anchors a track list gave (position~time~id)')
    .optional(),
});
export type TrackListQuery = z.infer<typeof trackListQuerySchema>;

export const trackListSchema = z.object({
  items: z.array(trackSchema),
  /** Matching tracks; for a search, counted up to 500 (then `totalCapped`: show it as "500+"). */
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The page's first and last tracks as anchors for the pages next to it; null for an empty page. */
  anchors: z.object({ first: z.string(), last: z.string() }).nullable().optional(),
});
export type TrackList = z.infer<typeof trackListSchema>;

export const genreCountsSchema = z.object({
  total: z.number().int(),
  genres: z.array(z.object({ genre: genreSchema, count: z.number().int() })),
});
export type GenreCounts = z.infer<typeof genreCountsSchema>;

export const uploadUrlRequestSchema = z.object({
  fileName: z.string().trim().min(1, 'fileName is required').max(255),
  fileType: z.string().trim().min(1, 'fileType is required').max(100),
  /** The file's exact size in bytes: the upload URL is signed for it, and a file over MAX_UPLOAD_MB is refused here. */
  fileSize: z
    .number({ error: 'fileSize is required: the size of the file in bytes' })
    .int('fileSize must be a whole number of bytes')
    .positive('The file is empty: choose an audio file with sound in it'),
});
export type UploadUrlRequest = z.infer<typeof uploadUrlRequestSchema>;

export const uploadUrlResponseSchema = z.object({
  uploadURL: z.string(),
  fileUrl: z.string(),
});
export type UploadUrlResponse = z.infer<typeof uploadUrlResponseSchema>;

const trackTitleSchema = z
  .string()
  .trim()
  .min(1, 'Track title is required')
  .max(TRACK_TITLE_MAX_LENGTH, `Track title must be at most ${TRACK_TITLE_MAX_LENGTH} characters`);

/* ---------- Track tags (releases.ts has the rest of that part) ---------- */

/** A tag as stored: trimmed, lower-cased, inner runs of spaces made one. */
export const normalizeTag = (tag: string): string => tag.trim().toLowerCase().replace(/\s+/g, ' ');
const TAG_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} -]*[\p{L}\p{N}])?$/u;

export const tagSchema = z
  .string({ message: 'A tag must be text' })
  .transform(normalizeTag)
  .pipe(
    z
      .string()
      .min(1, 'A tag cannot be empty')
      .max(TAG_MAX_LENGTH, `A tag can be at most ${TAG_MAX_LENGTH} characters`)
      .regex(TAG_PATTERN, 'A tag may hold letters, digits, spaces and hyphens only'),
  );

/** Up to TRACK_TAGS_MAX tags; duplicates (after normalising) are kept once. */
export const tagsSchema = z
  .array(tagSchema, { message: 'tags must be a list of words' })
  .max(TRACK_TAGS_MAX, `A track can have at most ${TRACK_TAGS_MAX} tags besides its genre`)
  .transform((tags) => [...new Set(tags)]);

export const createTrackSchema = z.object({
  title: trackTitleSchema,
  /** Optional: when left out the file's genre tag is used if it names one of ours, else DEFAULT_GENRE. */
  genre: z.preprocess((v) => (v === '' || v == null ? undefined : v), genreSchema.optional()),
  url: z.string().min(1, 'url is required').max(1000),
  /** Free tags besides the genre (at most TRACK_TAGS_MAX; normalised). */
  tags: tagsSchema.optional(),
  /** Issue 13: public by default, not scheduled, not downloadable. */
  visibility: z.enum(['public', 'unlisted', 'private']).optional(),
  publishAt: z.string().datetime({ offset: true, message: 'publishAt must be an ISO date-time, e.g. 2027-01-31T18:00:00Z' }).nullable().optional(),
  downloadable: z.boolean().optional(),
});
export type CreateTrack = z.input<typeof createTrackSchema>;

/** PATCH /api/tracks/:id (owner or admin): what can change after upload. The cover has its own PUT. */
export const updateTrackSchema = z
  .object({ title: trackTitleSchema.optional(), genre: genreSchema.optional(), tags: tagsSchema.optional() })
  .refine((value) => value.title !== undefined || value.genre !== undefined || value.tags !== undefined, 'Give a new title, genre or tags');
export type UpdateTrack = z.input<typeof updateTrackSchema>;

/** Track visibility: public, unlisted (only by its secret link) or private (owner and admins). */
export const TRACK_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const trackVisibilitySchema = z.enum(TRACK_VISIBILITIES);
export type TrackVisibility = z.infer<typeof trackVisibilitySchema>;

/** A scheduled release time: an ISO date-time with its offset (stored in UTC). */
export const publishAtSchema = z.string().datetime({ offset: true, message: 'publishAt must be an ISO date-time, e.g. 2027-01-31T18:00:00Z' });

/** What the visibility fields of a track may be set to, at upload (POST /api/tracks) or later (PATCH /api/tracks/:id/visibility). */
export const trackVisibilityFieldsSchema = z.object({
  visibility: trackVisibilitySchema.optional(),
  /** Only for an unlisted or private track; null clears the schedule. */
  publishAt: publishAtSchema.nullable().optional(),
  downloadable: z.boolean().optional(),
});
export type TrackVisibilityFields = z.input<typeof trackVisibilityFieldsSchema>;

/** PATCH /api/tracks/:id/visibility (owner or admin). */
export const updateTrackVisibilitySchema = trackVisibilityFieldsSchema.refine(
  (value) => value.visibility !== undefined || value.publishAt !== undefined || value.downloadable !== undefined,
  'Give a visibility, publishAt or downloadable',
);
export type UpdateTrackVisibility = z.input<typeof updateTrackVisibilitySchema>;

/** `?s=<secret>`: the unlisted link's secret, on the track's API, page, comments, waveform and media. */
export const trackSecretQuerySchema = z.object({ s: z.string().max(100).optional() });

/** GET /api/tracks/:id/download: a signed, expiring link to the original file. */
export const trackDownloadSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type TrackDownload = z.infer<typeof trackDownloadSchema>;

export const profileSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  coverURL: z.string().nullable(),
  bio: z.string(),
  status: statusSchema,
  isArtist: z.boolean(),
  subscribers: z.number().int(),
  subscriptions: z.number().int(),
  tracks: z.number().int(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  profile: profileSchema,
  /** Admins come from ADMIN_EMAILS: they set statuses and review reports. */
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/config: what the web app needs to know about this server. */
export const serverConfigSchema = z.object({
  googleSignIn: z.boolean(),
  maxUploadMb: z.number(),
  /** REQUIRE_EMAIL_VERIFICATION: password sign-in waits until the address is verified (absent: off). */
  emailVerificationRequired: z.boolean().optional(),
  /** Whether this server federates (FEDERATION on and PUBLIC_URL set): tracks may have replies from other servers. */
  federation: z.boolean().optional(),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;
