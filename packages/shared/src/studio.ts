import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  DASHBOARD_RANGES,
  DISPLAY_NAME_MAX_LENGTH,
  NEWS_PAGE_SIZE,
  POST_MAX_LENGTH,
  STATUSES,
} from './constants.js';
import { profileSchema, statusSchema, trackSchema, type WaveformStatus, waveformStatusSchema } from './schemas.js';
import { releaseSummarySchema } from './releases.js';
import { remoteTrackSchema } from './federation.js';

/*
 * Contracts of the artist studio and the social side: comments, posts and news, subscriptions,
 * profile editing, images, the dashboard, and moderation. Every mutation is checked on the server.
 */

/* ---------- Waveform ---------- */

/** GET /api/tracks/:id/waveform. `peaks` has WAVEFORM_BARS values in 0..1 when ready, else is empty. */
export const waveformSchema = z.object({
  trackId: z.string(),
  status: waveformStatusSchema,
  peaks: z.array(z.number()),
  duration: z.number().nullable(),
});
export type Waveform = z.infer<typeof waveformSchema>;

/* ---------- Comments ---------- */

export const commentSchema = z.object({
  id: z.string(),
  trackId: z.string(),
  userId: z.string(),
  /** null when the author has no display name; the client shows 'Anonymous' / 'Аноним'. */
  userName: z.string().nullable(),
  userPhotoURL: z.string().nullable(),
  text: z.string(),
  /** Playback position (seconds) the comment was written at, marked on the waveform; null for a plain comment. */
  positionSec: z.number().nullable(),
  /** The thread's first comment, for a reply (threads are one level deep); null for a comment on the track. */
  parentId: z.string().nullable(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const createCommentSchema = z.object({
  text: z
    .string({ message: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment: it cannot be empty')
    .max(COMMENT_MAX_LENGTH, `A comment can be at most ${COMMENT_MAX_LENGTH} characters`),
  positionSec: z.number().min(0, 'positionSec cannot be negative').max(86_400).nullable().optional(),
  /** The comment answered: the reply joins its thread, and its author is notified. */
  replyTo: z.string({ message: 'replyTo must be the id of the comment you answer' }).min(1).max(64).optional(),
});
export type CreateComment = z.input<typeof createCommentSchema>;

/** GET /api/tracks/:id/comments: oldest first. */
export const commentListSchema = z.object({ items: z.array(commentSchema) });

/** A comment on one of my tracks, for the studio and the dashboard (newest first). */
export const studioCommentSchema = commentSchema.extend({ trackTitle: z.string() });
export type StudioComment = z.infer<typeof studioCommentSchema>;
export const studioCommentListSchema = z.object({ items: z.array(studioCommentSchema) });

/* ---------- Posts and news ---------- */

export const postSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorPhotoURL: z.string().nullable(),
  authorStatus: statusSchema,
  text: z.string(),
  createdAt: z.string(),
  likes: z.number().int(),
  /** Whether the signed-in viewer likes it (false when signed out). */
  liked: z.boolean(),
  pinned: z.boolean(),
  /**
   * 'repost': the author reposted `track` ("reposted by" in News); absent on older servers' posts.
   * Only in News (issue 29), never a post of its own: 'release', a followed artist's `release` that
   * went public at `createdAt`; 'track', a followed artist's new public `track` on no release. Their
   * ids are `release:<id>` and `track:<id>`; they have no likes, pin or delete of their own.
   * 'remote': a track of an artist on another server the viewer follows (`remoteTrack`, id
   * `remote:<its uri>`), at its `published` time; `authorId` is the remote actor's uri.
   */
  kind: z.enum(['post', 'repost', 'release', 'track', 'remote']).optional(),
  /** The reposted track, for a repost of a track. */
  track: trackSchema.nullable().optional(),
  /** The reposted release, for a repost of a release (then `track` is absent or null). */
  release: releaseSummarySchema.nullable().optional(),
  /** The remote track of a 'remote' item: it plays from its own server. */
  remoteTrack: remoteTrackSchema.optional(),
});
export type Post = z.infer<typeof postSchema>;

export const createPostSchema = z.object({
  text: z
    .string({ message: 'Write the text of the post' })
    .trim()
    .min(1, 'Write the text of the post: it cannot be empty')
    .max(POST_MAX_LENGTH, `A post can be at most ${POST_MAX_LENGTH} characters`),
});
export type CreatePost = z.input<typeof createPostSchema>;

export const postListSchema = z.object({ items: z.array(postSchema) });

export const newsQuerySchema = z.object({
  /** createdAt of the last post already shown: the next page starts after it. */
  before: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
});
export const newsPageSchema = z.object({
  items: z.array(postSchema),
  /** Pass as `before` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

export const postLikeStateSchema = z.object({ postId: z.string(), liked: z.boolean(), likes: z.number().int() });
export type PostLikeState = z.infer<typeof postLikeStateSchema>;

/* ---------- Subscriptions and artist pages ---------- */

/** GET /api/artists/:id: the public profile plus what the viewer can do on the page. */
export const artistPageSchema = profileSchema.extend({
  /** Whether the signed-in viewer subscribes; false when signed out. */
  subscribed: z.boolean(),
  /** True on one's own page (no Subscribe button). */
  isSelf: z.boolean(),
});
export type ArtistPage = z.infer<typeof artistPageSchema>;

export const subscriptionStateSchema = z.object({
  artistId: z.string(),
  subscribed: z.boolean(),
  subscribers: z.number().int(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** GET /api/me/subscriptions: the artists I subscribe to. */
export const subscriptionIdsSchema = z.object({ ids: z.array(z.string()) });

/* ---------- Profile editing ---------- */

/** A person's display name, wherever it is written: sign-up, the account settings, the profile editor. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Display name cannot be empty')
  .max(DISPLAY_NAME_MAX_LENGTH, `Display name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);

export const updateProfileSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    bio: z.string().trim().max(BIO_MAX_LENGTH, `Bio can be at most ${BIO_MAX_LENGTH} characters`).optional(),
  })
  .refine((v) => v.displayName !== undefined || v.bio !== undefined, { message: 'Nothing to change: give a displayName or a bio' });
export type UpdateProfile = z.input<typeof updateProfileSchema>;

/** Which image of a profile an upload replaces: PUT /api/me/images/:kind with the image as the raw body. */
export const profileImageKindSchema = z.enum(['avatar', 'cover']);
export type ProfileImageKind = z.infer<typeof profileImageKindSchema>;

/* ---------- Dashboard ---------- */

export const dashboardQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (DASHBOARD_RANGES as readonly number[]).includes(d), { message: `days must be one of ${DASHBOARD_RANGES.join(', ')}` })
    .default(30),
});

export const dailyCountSchema = z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), count: z.number().int() });
export type DailyCount = z.infer<typeof dailyCountSchema>;

/** GET /api/me/dashboard: the signed-in artist's numbers. Every day of the range is present (zeros included). */
export const dashboardSchema = z.object({
  days: z.number().int(),
  totals: z.object({
    listens: z.number().int(),
    likes: z.number().int(),
    subscribers: z.number().int(),
    tracks: z.number().int(),
    comments: z.number().int(),
  }),
  listensPerDay: z.array(dailyCountSchema),
  /** New subscribers per day; `total` is the subscriber count at the end of that day. */
  subscribersPerDay: z.array(dailyCountSchema.extend({ total: z.number().int() })),
  /** Listens inside the range, per track, most first (up to 5). */
  topByListens: z.array(z.object({ track: trackSchema, listens: z.number().int() })),
  /** All-time likes, most first (up to 5). */
  topByLikes: z.array(trackSchema),
  recentComments: z.array(studioCommentSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/* ---------- Moderation (admins) ---------- */

export const reportStatusSchema = z.enum(['open', 'dismissed', 'hidden']);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const reportSchema = z.object({
  id: z.string(),
  track: trackSchema,
  reason: z.string().nullable(),
  reporterId: z.string().nullable(),
  reporterName: z.string().nullable(),
  status: reportStatusSchema,
  createdAt: z.string(),
  /** How many open reports the same track has. */
  openReportsForTrack: z.number().int(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListQuerySchema = z.object({ status: reportStatusSchema.default('open') });
export const reportListSchema = z.object({ items: z.array(reportSchema) });

export const setTrackHiddenSchema = z.object({ hidden: z.boolean() });

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  status: statusSchema,
  isAdmin: z.boolean(),
  tracks: z.number().int(),
  /** listener, artist or admin (see userRoleSchema). */
  role: z.enum(['listener', 'artist', 'admin']),
  /** True when ADMIN_EMAILS names the user: their admin role cannot be taken away in the app. */
  adminByConfig: z.boolean(),
  /** When the account was suspended; null when it is not. */
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const ADMIN_PAGE_SIZE = 50;
export const adminUserQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number({ message: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(10_000).default(1),
  suspended: z.enum(['true', 'false'], { message: 'suspended must be true or false' }).optional(),
});
export const adminUserListSchema = z.object({ items: z.array(adminUserSchema), page: z.number().int(), hasMore: z.boolean() });

/** A user's role: listeners do not appear as artists, artists do, admins moderate (ADMIN_EMAILS makes admins too). */
export const USER_ROLES = ['listener', 'artist', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` });
export type UserRole = z.infer<typeof userRoleSchema>;
export const setRoleSchema = z.object({ role: userRoleSchema });
export const suspendUserSchema = z.object({ reason: z.string().trim().max(500, 'A reason can be at most 500 characters').optional() });

/** One admin action of the audit log. */
export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  /** Who acted, as named now; null for the command line or a deleted admin. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(10_000).default(1),
});
export const auditListSchema = z.object({ items: z.array(auditEntrySchema), page: z.number().int(), hasMore: z.boolean() });
export const setStatusSchema = z.object({
  status: z.enum(STATUSES, { message: `status must be one of ${STATUSES.join(', ')}` }),
});

/* ---------- Contact messages ---------- */

export const contactMessageInputSchema = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(CONTACT_NAME_MAX_LENGTH),
  email: z.email({ message: 'Enter a valid email address' }).max(254),
  subject: z
    .string()
    .trim()
    .max(CONTACT_SUBJECT_MAX_LENGTH, `Subject can be at most ${CONTACT_SUBJECT_MAX_LENGTH} characters`)
    .optional(),
  message: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_MESSAGE_MAX_LENGTH, `Message can be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = z.object({ items: z.array(contactMessageSchema) });

/* ---------- Live events of this part (sent on GET /api/events like the listener ones) ---------- */

export type StudioLiveEvent =
  /** A track was deleted or hidden: drop it from lists, queues and pages. Public. */
  | { type: 'track.removed'; trackId: string }
  /** A track's waveform finished (ready or unavailable). Public. */
  | { type: 'track.waveform'; trackId: string; status: WaveformStatus }
  /** A track changed (cover, visibility for its owner). Public. */
  | { type: 'track.updated'; trackId: string }
  | { type: 'comment.added'; comment: Comment }
  | { type: 'comment.deleted'; trackId: string; commentId: string }
  /** A post was created, deleted, liked, pinned or unpinned. Public: posts are public on artist pages. */
  | { type: 'post.changed'; postId: string; authorId: string; authorStatus: z.infer<typeof statusSchema>; change: 'created' | 'deleted' | 'likes' | 'pinned' }
  /** Subscriber/subscription/track counts of a profile changed. Public. */
  | { type: 'profile.stats'; profileId: string; subscribers: number; subscriptions: number; tracks: number }
  /** A profile's name, bio, images or status changed. Public. */
  | { type: 'profile.updated'; profileId: string }
  /** My subscriptions changed (in another tab or device). Only to that user. */
  | { type: 'subscriptions.changed' }
  /** New report or a report resolved. Only to admins. */
  | { type: 'reports.changed' };
