import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from './constants.js';

/* The fediverse (ActivityPub): an account's handle and switch, following remote artists, admins' instance blocks. */

/** GET/PUT /api/me/federation: the signed-in account's fediverse handle and whether it federates. */
export const federationSettingsSchema = z.object({
  /** `@handle@host`, as people on other servers search for it. */
  handle: z.string(),
  enabled: z.boolean(),
  /** Remote followers (counted in the profile's subscribers too). */
  remoteFollowers: z.number().int(),
});
export type FederationSettings = z.infer<typeof federationSettingsSchema>;

export const updateFederationSettingsSchema = z.object({ enabled: z.boolean() });

/** POST /api/me/federation/follows: follow an account on another server by `@name@host` or its address. */
export const remoteFollowRequestSchema = z.object({
  account: z
    .string()
    .trim()
    .min(3)
    .max(500)
    .regex(/^(@?[^@\s/]+@[^@\s/]+|https?:\/\/\S+)$/, 'account must be @name@host (such as @artist@music.example) or an https:// address'),
});

export const remoteActorSchema = z.object({
  uri: z.string(),
  handle: z.string().nullable(),
  name: z.string(),
  url: z.string().nullable(),
  iconUrl: z.string().nullable(),
});
export type RemoteActor = z.infer<typeof remoteActorSchema>;

/** GET /api/me/federation/lookup?account=@name@host: Search's remote account, and whether I follow it. */
export const remoteLookupQuerySchema = z.object({ account: z.string().max(500).optional().describe('@name@host (such as @artist@music.example) or an https:// address') });
export const remoteLookupSchema = z.object({ actor: remoteActorSchema, following: z.boolean(), accepted: z.boolean() });
export type RemoteLookup = z.infer<typeof remoteLookupSchema>;

export const remoteFollowSchema = z.object({ actor: remoteActorSchema, accepted: z.boolean() });
/** GET /api/me/federation/follows: the remote accounts I follow, newest first. */
export const remoteFollowsSchema = z.object({ items: z.array(remoteFollowSchema) });

/** A track of a followed remote artist (News): it plays from its own server. */
export const remoteTrackSchema = z.object({
  uri: z.string(),
  name: z.string(),
  audioUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  durationSec: z.number().nullable(),
  imageUrl: z.string().nullable(),
  pageUrl: z.string().nullable(),
  published: z.string(),
  actor: z.object({ uri: z.string(), name: z.string(), url: z.string().nullable(), handle: z.string().nullable(), iconUrl: z.string().nullable().optional() }),
  /** Whether the signed-in viewer liked / reposted it from here (sent a Like / Announce). */
  liked: z.boolean().optional(),
  reposted: z.boolean().optional(),
});
export type RemoteTrack = z.infer<typeof remoteTrackSchema>;
export const remoteFeedSchema = z.object({ items: z.array(remoteTrackSchema) });

/** PUT/DELETE /api/me/federation/likes|reposts?uri=: the remote track (its `uri`, as News gives it). */
export const remoteTrackQuerySchema = z.object({ uri: z.string().url('uri must be the remote track’s address (https://…), as News gives it').max(2000) });
/** The viewer's like and repost of a remote track, after a change. */
export const remoteReactionStateSchema = z.object({ uri: z.string(), liked: z.boolean(), reposted: z.boolean() });
export type RemoteReactionState = z.infer<typeof remoteReactionStateSchema>;

/** POST /api/me/federation/replies: a reply to a remote track, sent to its server (the limits of a local comment). */
export const remoteReplyRequestSchema = z.object({
  uri: remoteTrackQuerySchema.shape.uri,
  text: z
    .string({ message: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply: it cannot be empty')
    .max(COMMENT_MAX_LENGTH, `A reply can be at most ${COMMENT_MAX_LENGTH} characters`),
});
export type RemoteReplyRequest = z.input<typeof remoteReplyRequestSchema>;
export const remoteReplySchema = z.object({ id: z.string(), uri: z.string(), text: z.string(), createdAt: z.string() });
export type RemoteReply = z.infer<typeof remoteReplySchema>;

/** A local track's likes, reposts and replies from other servers. */
export const remoteReactionsSchema = z.object({
  likes: z.number().int(),
  reposts: z.number().int(),
  replies: z.array(z.object({ uri: z.string(), content: z.string(), createdAt: z.string(), actor: z.object({ uri: z.string(), name: z.string(), url: z.string().nullable(), handle: z.string().nullable() }) })),
});

/** PUT/DELETE /api/admin/federation/blocks/:host */
export const federationBlockParamsSchema = z.object({
  host: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'host must be a server name such as mastodon.example (with :port if it has one)'),
});
export const federationBlocksSchema = z.object({ blocks: z.array(z.object({ host: z.string(), createdAt: z.string() })) });
