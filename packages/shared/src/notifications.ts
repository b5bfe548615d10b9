import { z } from 'zod';
import { releaseSummarySchema } from './releases.js';
import { trackSchema } from './schemas.js';

/* Contracts of reposts and notifications */

/** POST/DELETE /api/tracks/:id/repost and GET of the same: whether the viewer reposted it, and the track's repost count. */
export const repostStateSchema = z.object({ trackId: z.string(), reposted: z.boolean(), reposts: z.number().int() });
export type RepostState = z.infer<typeof repostStateSchema>;

export const REPOSTS_PAGE_SIZE = 20;

/** `?before=&limit=` of an artist's reposts: `before` is the `nextCursor` of the page before. */
export const repostsQuerySchema = z.object({
  before: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(REPOSTS_PAGE_SIZE),
});
/** PUT/DELETE /api/releases/:id/repost and GET of the same: the release's side of repostStateSchema. */
export const releaseRepostStateSchema = z.object({ releaseId: z.string(), reposted: z.boolean(), reposts: z.number().int() });
export type ReleaseRepostState = z.infer<typeof releaseRepostStateSchema>;

/** One of an artist's reposts: a track or (from the release-reposts migration on) a release. */
export const repostSchema = z.object({ repostedAt: z.string(), track: trackSchema.optional(), release: releaseSummarySchema.optional() });
export type Repost = z.infer<typeof repostSchema>;
export const repostPageSchema = z.object({ items: z.array(repostSchema), nextCursor: z.string().nullable() });
export type RepostPage = z.infer<typeof repostPageSchema>;

export const NOTIFICATION_KINDS = ['follow', 'like', 'comment', 'reply', 'repost', 'release'] as const;
/** Notifications about one's own account (a data export is ready): always sent, never in the per-kind settings. */
export const ACCOUNT_NOTIFICATION_KINDS = ['export'] as const;
export const notificationKindSchema = z.enum([...NOTIFICATION_KINDS, ...ACCOUNT_NOTIFICATION_KINDS]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** The unread count shown in the sidebar; counted up to NOTIFICATIONS_UNREAD_CAP (then `capped`: show "99+"). */
export const NOTIFICATIONS_UNREAD_CAP = 99;
export const unreadCountSchema = z.object({ unread: z.number().int(), capped: z.boolean() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 50;
/** `?before=&limit=`: `limit` notifications (before grouping) older than the cursor `before`. */
export const notificationsQuerySchema = z.object({
  before: z
    .string()
    .max(300)
    .regex(/^[0-9TZ:.+-]{10,40}~.{1,250}$/, 'before must be the nextCursor of a notifications page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});

/** Who did it: a local account (`id` its profile), or one on another server (`id` its ActivityPub URI, `url` its page there). */
export const notificationActorSchema = z.object({ id: z.string(), name: z.string(), photoURL: z.string().nullable(), url: z.string().optional() });

/**
 * Notifications of one kind about one subject, newest first within the page: "Ann and 12 others
 * liked <track>" is `actors[0]` and `count - 1` others. Follows group together; a new release is its own group.
 */
export const notificationGroupSchema = z.object({
  key: z.string(),
  kind: notificationKindSchema,
  /** Up to 3 of the newest actors. */
  actors: z.array(notificationActorSchema),
  /** Notifications in the group (on this page). */
  count: z.number().int(),
  /** Whether any of them is unread. */
  unread: z.boolean(),
  latestAt: z.string(),
  track: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The release: of a `release` notification ("Ann released <title>"), or of a repost of a release (then `track` is null); null or absent otherwise. */
  release: z.object({ id: z.string(), title: z.string() }).nullable().optional(),
  /** The newest comment's text, for comment groups. */
  comment: z.string().nullable(),
});
export type NotificationGroup = z.infer<typeof notificationGroupSchema>;

export const notificationPageSchema = z.object({ groups: z.array(notificationGroupSchema), nextCursor: z.string().nullable() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Per kind: true when the user gets it (every kind is on until turned off). */
export const notificationSettingsSchema = z.object({
  follow: z.boolean(),
  like: z.boolean(),
  comment: z.boolean(),
  reply: z.boolean(),
  repost: z.boolean(),
  release: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const updateNotificationSettingsSchema = notificationSettingsSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change: give at least one kind (follow, like, comment, reply, repost, release)' });
export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsSchema>;

/** Live event (GET /api/events), only to the user it concerns: their notifications changed; refetch the unread count. */
export type NotificationsLiveEvent = { type: 'notifications.changed' };

/** The kinds of notification a user may have emailed, batched into at most one digest a day. */
export const EMAIL_DIGEST_KINDS = ['follow', 'comment', 'reply', 'release'] as const;
export type EmailDigestKind = (typeof EMAIL_DIGEST_KINDS)[number];
/** The most notifications one digest lists; the rest are counted ("and 12 more"). */
export const EMAIL_DIGEST_MAX_ITEMS = 20;

/** GET/PUT /api/notifications/email: per kind, true when it comes in the daily email digest (every kind is off until turned on). */
export const emailDigestSettingsSchema = z.object({ follow: z.boolean(), comment: z.boolean(), reply: z.boolean(), release: z.boolean() });
export type EmailDigestSettings = z.infer<typeof emailDigestSettingsSchema>;
export const updateEmailDigestSettingsSchema = emailDigestSettingsSchema
  .partial()
  // The app's language, which the digests are then written in (else the browser's Accept-Language).
  .extend({ language: z.enum(['en', 'ru']).optional() })
  .refine((v) => EMAIL_DIGEST_KINDS.some((kind) => v[kind] !== undefined), { message: 'Nothing to change: give at least one kind (follow, comment, reply, release)' });
export type UpdateEmailDigestSettings = z.infer<typeof updateEmailDigestSettingsSchema>;

/** `?u=&sig=` of a digest's unsubscribe link (List-Unsubscribe): the user and a signature only Platter can make. */
export const unsubscribeQuerySchema = z.object({
  u: z.string().min(1, 'The link is incomplete: open the whole link from the email.').max(100),
  sig: z.string().min(1, 'The link is incomplete: open the whole link from the email.').max(100),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;
export const unsubscribeResultSchema = z.object({ unsubscribed: z.literal(true) });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
