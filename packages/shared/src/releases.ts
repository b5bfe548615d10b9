import { z } from 'zod';
import { publishAtSchema, trackSchema, trackVisibilitySchema } from './schemas.js';

/*
 * Releases (albums, EPs, singles: an artist's ordered set of their own tracks) and free track tags.
 * A track belongs to at most one release. Every mutation is checked on the server (owner; admins may delete).
 */

export const RELEASE_TYPES = ['album', 'ep', 'single'] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const RELEASE_TITLE_MAX_LENGTH = 200;
export const RELEASE_DESCRIPTION_MAX_LENGTH = 2000;
/** The most tracks one release holds. */
export const RELEASE_MAX_TRACKS = 100;
/** Tracks on one page of a tag page. */
export const TAG_PAGE_SIZE = 20;

const releaseTitle = z
  .string({ message: 'Release title is required' })
  .trim()
  .min(1, 'Release title is required')
  .max(RELEASE_TITLE_MAX_LENGTH, `Release title must be at most ${RELEASE_TITLE_MAX_LENGTH} characters`);
export const releaseTypeSchema = z.enum(RELEASE_TYPES, { message: `type must be one of ${RELEASE_TYPES.join(', ')}` });
const releaseDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'releaseDate must be a date (YYYY-MM-DD)').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'releaseDate must be a real date');
const description = z.string().trim().max(RELEASE_DESCRIPTION_MAX_LENGTH, `Description can be at most ${RELEASE_DESCRIPTION_MAX_LENGTH} characters`);
const trackIds = z
  .array(z.string().min(1).max(100))
  .max(RELEASE_MAX_TRACKS, `A release can hold at most ${RELEASE_MAX_TRACKS} tracks`)
  .refine((ids) => new Set(ids).size === ids.length, 'A track can be in a release only once');

/** POST /api/releases: from the artist's own tracks (uploaded just before, or gathered), in play order. */
export const createReleaseSchema = z.object({
  title: releaseTitle,
  type: releaseTypeSchema,
  releaseDate: releaseDate.optional(),
  description: description.optional(),
  trackIds,
  /**
   * Issue 13: who may find and play it (its tracks take it, and its secret link, in the same
   * transaction) and when an unlisted or private release becomes public. Left out: public, and its
   * tracks keep their own visibility.
   */
  visibility: trackVisibilitySchema.optional(),
  publishAt: publishAtSchema.nullable().optional(),
});
export type CreateRelease = z.input<typeof createReleaseSchema>;

/** PATCH /api/releases/:id: what it says about itself (its tracks have their own PUT, its cover too). */
export const updateReleaseSchema = z
  .object({
    title: releaseTitle.optional(),
    type: releaseTypeSchema.optional(),
    releaseDate: releaseDate.optional(),
    description: description.optional(),
    /** Issue 13: its tracks follow in the same transaction. */
    visibility: trackVisibilitySchema.optional(),
    /** Only for an unlisted or private release; null clears the schedule. */
    publishAt: publishAtSchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change: give a title, type, releaseDate, description, visibility or publishAt');
export type UpdateRelease = z.input<typeof updateReleaseSchema>;

/** PUT /api/releases/:id/tracks: the whole ordered list (reorders, adds and removes at once; removed tracks stay as singles). */
export const setReleaseTracksSchema = z.object({ trackIds });

export const deleteReleaseQuerySchema = z.object({
  /** Also delete the release's tracks (with their likes, comments, files…); by default they stay. */
  deleteTracks: z.enum(['true', 'false'], { message: 'deleteTracks must be true or false' }).default('false'),
});

export const releaseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: releaseTypeSchema,
  artistId: z.string(),
  artist: z.string(),
  image: z.string().nullable(),
  releaseDate: z.string(),
  /** Visible tracks and their seconds together (counters kept in the transactions that change them). */
  trackCount: z.number().int(),
  durationSeconds: z.number(),
  likes: z.number().int(),
  createdAt: z.string(),
  /** When it went public (issue 29: News and "New releases" order by it); null while it is not public. */
  publishedAt: z.string().nullable().optional(),
  /** Issue 13: public, unlisted (only by its secret link) or private (its artist and admins). */
  visibility: trackVisibilitySchema.optional(),
  /** When it becomes public (its artist and admins see it), or null. */
  publishAt: z.string().nullable().optional(),
  /** The secret link's `?s=`: for its artist and admins, and echoed to whoever opened it with it. */
  secret: z.string().optional(),
});
export type ReleaseSummary = z.infer<typeof releaseSummarySchema>;

/** GET /api/releases/:id: the release with its tracks in order (hidden ones only for the owner and admins). */
export const releaseDetailSchema = releaseSummarySchema.extend({
  description: z.string(),
  tracks: z.array(trackSchema),
  /** Whether the signed-in viewer likes it (false when signed out). */
  liked: z.boolean(),
  /** True for the artist (and admins): the page offers editing. */
  canEdit: z.boolean(),
});
export type ReleaseDetail = z.infer<typeof releaseDetailSchema>;

export const releaseListSchema = z.object({ items: z.array(releaseSummarySchema) });
export type ReleaseList = z.infer<typeof releaseListSchema>;

export const releaseLikeStateSchema = z.object({ releaseId: z.string(), liked: z.boolean(), likes: z.number().int() });
export type ReleaseLikeState = z.infer<typeof releaseLikeStateSchema>;

export const tagParamsSchema = z.object({ tag: z.string().max(200) });
export const tagPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(TAG_PAGE_SIZE),
});
