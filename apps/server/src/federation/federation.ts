import { createHash, randomUUID } from 'node:crypto';
import { type Context, type Federation, type KvStore, createFederation, kvCache, signRequest } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Audio,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  Like,
  Link,
  Note,
  OrderedCollection,
  PUBLIC_COLLECTION,
  Person,
  Tombstone,
  Undo,
  Update,
  isActor,
  Object as APObject,
  type Actor,
} from '@fedify/vocab';
import { type DocumentLoader as FedifyDocumentLoader, preloadedContexts } from '@fedify/vocab-runtime';
import { Temporal } from '@js-temporal/polyfill';
import type { JobDeclarations } from '../jobs/declared-jobs.js';
import { declareJob } from '../jobs/declared-jobs.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { EventBus } from '../events/event-bus.js';
import type { NotificationService } from '../services/notification.service.js';
import { mediaUrl } from '../services/track.mapper.js';
import { documentLoaderFrom } from '../lib/outbound/document-loader.js';
import { OutboundError } from '../lib/outbound/outbound-error.js';
import type { AddressCheck, OutboundFetch } from '../lib/outbound/outbound-fetch.js';
import type { FederatedPostRow, FederatedTrackRow, FederationRepository, LocalActorRow, RemoteActorRow, RemoteReactionKind } from './federation.repository.js';
import { LocalActors } from './local-actors.js';
import { JobMessageQueue } from './message-queue.js';

/** How many of an artist's newest public tracks its `featured` collection and outbox hold. */
const FEATURED_TRACKS = 20;
/** How many of an artist's public releases its `featured` collection holds. */
const FEATURED_RELEASES = 20;
const FOLLOWERS_PAGE = 50;
/** A remote reply is kept as plain text up to this length. */
const MAX_REPLY_CHARS = 5000;

export interface FederationDeps {
  repository: FederationRepository;
  kv: KvStore;
  jobs: JobQueue;
  events: EventBus;
  /** PUBLIC_URL: every actor and object id is under it, whatever address a request came by. */
  publicUrl: string;
  /** ALLOW_PRIVATE_FETCH: a handle's WebFinger is also asked over plain http (instances on loopback). */
  allowPrivateAddress: boolean;
  /** The outbound guard: every document federation fetches (actors, objects, keys, WebFinger, contexts) goes through it. */
  fetch: OutboundFetch;
  /** The guard's address check: a remote actor's inboxes are checked before they are kept (deliveries are Fedify's own fetch). */
  checkAddress: AddressCheck;
  version: string;
  /** Remote follows, likes, reposts and replies reach the artist's notifications like local ones. */
  notifications: Pick<NotificationService, 'notifyRemote' | 'retractRemote'>;
  log: (message: string, error?: unknown) => void;
}

/** A post's text as the HTML of a Note: escaped, its line breaks kept. */
export function htmlOf(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

/** Plain text of a remote HTML fragment: tags dropped, the five entities HTML escapes decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

const absolute = (value: string | null, origin: string): URL | undefined => {
  if (!value) return undefined;
  try {
    return new URL(value, origin);
  } catch {
    return undefined;
  }
};

/** A Link's or URL's address. */
const hrefOf = (value: unknown): string | null => (value instanceof URL ? value.href : value instanceof Link ? (value.href?.href ?? null) : null);

/**
 * Platter on the fediverse, through Fedify: every profile is a `Person` at its page's address
 * (`/artist/:id`, content-negotiated: a browser gets the page), found by WebFinger as
 * `@handle@host`; every public track is an `Audio` at `/track/:id`. Deliveries and received
 * activities go through the job queue (message-queue.ts); Fedify signs every delivery (draft-cavage
 * HTTP Signatures and RFC 9421) and verifies every one received.
 *
 * Only public, shown tracks leave the server: an unlisted, private, scheduled, moderated or
 * suspended track answers 404 and is never delivered; a track that stops being public is deleted
 * from the followers' servers.
 */
export class PlatterFederation {
  readonly federation: Federation<void>;
  readonly actors: LocalActors;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(private readonly deps: FederationDeps) {
    this.actors = new LocalActors(deps.repository);
    // Fedify's own loaders would fetch with the global fetch and their own address check (which
    // knows nothing of ALLOW_PRIVATE_FETCH's metadata rule, resolves names apart from the connection
    // and cannot be given a resolver): every document goes through the guard instead, signed ones
    // too. Fedify refuses `allowPrivateAddress`/`userAgent` next to custom loaders: the guard decides.
    const plain = preloaded(documentLoaderFrom(deps.fetch) as FedifyDocumentLoader);
    const cached = kvCache({ loader: plain, kv: deps.kv, prefix: ['_fedify', 'remoteDocument'] });
    this.federation = createFederation<void>({
      kv: deps.kv,
      queue: new JobMessageQueue(deps.jobs),
      manuallyStartQueue: true,
      origin: deps.publicUrl,
      documentLoaderFactory: () => cached,
      contextLoaderFactory: () => cached,
      authenticatedDocumentLoaderFactory: (identity) => preloaded(documentLoaderFrom(deps.fetch, (request) => signRequest(request, identity.privateKey, identity.keyId)) as FedifyDocumentLoader),
    });
    this.setUp();
  }

  /** A Fedify context for work off a request (deliveries), at PUBLIC_URL. */
  context(): Context<void> {
    return this.federation.createContext(new URL(this.deps.publicUrl), undefined);
  }

  /** The `federation` job runs Fedify's tasks; `federation-track` keeps what followers have of a track in line with it. */
  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'federation',
          // Fedify retries deliveries itself, with its own back-off (nativeRetrial is false).
          policy: { retryLimit: 0, timeoutSeconds: 120 },
          run: async ({ message }) => {
            await this.federation.processQueuedTask(undefined, message as Parameters<Federation<void>['processQueuedTask']>[1]);
          },
        }),
        declareJob({ name: 'federation-track', policy: { retryLimit: 3, retryDelaySeconds: 10 }, run: ({ trackId }) => this.syncTrack(trackId) }),
        declareJob({ name: 'federation-post', policy: { retryLimit: 3, retryDelaySeconds: 10 }, run: ({ postId }) => this.syncPost(postId) }),
        declareJob({ name: 'federation-actor', policy: { retryLimit: 3, retryDelaySeconds: 10 }, run: ({ profileId }) => this.syncActor(profileId) }),
      ],
    };
  }

  /** Turns the catalogue's events into `federation-track` jobs (one waiting job per track, across instances). */
  listen(): void {
    const sync = (trackId: string) => void this.deps.jobs.send('federation-track', { trackId }, { singletonKey: `federation-track:${trackId}` }).catch((error: unknown) => this.deps.log('federation: queueing a track failed', error));
    this.unsubscribe.push(
      this.deps.events.on('track.created', ({ track }) => sync(track.id)),
      this.deps.events.on('track.updated', ({ trackId }) => sync(trackId)),
      this.deps.events.on('track.published', ({ trackId }) => sync(trackId)),
      this.deps.events.on('track.removed', ({ trackId }) => sync(trackId)),
      this.deps.events.on('release.published', ({ releaseId }) => {
        void this.deps.repository.trackIdsOfRelease(releaseId).then((ids) => ids.forEach(sync));
      }),
      this.deps.events.on('post.changed', ({ postId, change }) => {
        if (change === 'created' || change === 'deleted') {
          void this.deps.jobs.send('federation-post', { postId }, { singletonKey: `federation-post:${postId}` }).catch((error: unknown) => this.deps.log('federation: queueing a post failed', error));
        }
      }),
      this.deps.events.on('profile.updated', ({ profileId }) => {
        void this.deps.jobs.send('federation-actor', { profileId }, { singletonKey: `federation-actor:${profileId}` }).catch((error: unknown) => this.deps.log('federation: queueing a profile failed', error));
      }),
    );
  }

  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** A remote actor's row for an activity it sent, or undefined when it may not be kept (its inbox refused: logged). */
  private async senderRow(actor: Actor): Promise<RemoteActorRow | undefined> {
    try {
      return await this.remoteActorRow(actor);
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      this.deps.log(`federation: ignored an activity from ${actor.id?.href ?? 'an actor'}: its inbox is refused (${error.message})`);
      return undefined;
    }
  }

  /** A local actor that may be shown: the profile exists, is not suspended, and its owner left federation on. */
  private async enabledActor(profileId: string): Promise<LocalActorRow | undefined> {
    const profile = await this.deps.repository.profile(profileId);
    if (!profile || profile.suspended_at) return undefined;
    const row = await this.actors.ensure(profileId);
    return row && row.enabled === 1 ? row : undefined;
  }

  private audioOf(ctx: Context<void>, track: FederatedTrackRow): Audio {
    const id = ctx.getObjectUri(Audio, { id: track.id });
    const image = track.image_key ?? track.release_image_key;
    const cover = image ? new Image({ url: new URL(mediaUrl(image), ctx.origin) }) : undefined;
    return new Audio({
      id,
      attribution: ctx.getActorUri(track.artist_id),
      name: track.title,
      summary: track.genre ? `${track.genre}` : null,
      urls: [new Link({ href: id, mediaType: 'text/html' }), new Link({ href: new URL(mediaUrl(track.storage_key), ctx.origin), mediaType: track.content_type })],
      duration: track.duration ? Temporal.Duration.from({ seconds: Math.max(1, Math.round(track.duration)) }) : null,
      image: cover,
      icon: cover,
      published: Temporal.Instant.from(track.created_at),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(track.artist_id),
    });
  }

  /** A track's row when it may be shown to the fediverse: public and shown, and its artist federating. */
  private async federatableTrack(trackId: string): Promise<FederatedTrackRow | undefined> {
    const track = await this.deps.repository.track(trackId);
    if (!track || track.hidden !== 0 || track.visibility !== 'public') return undefined;
    return (await this.enabledActor(track.artist_id)) ? track : undefined;
  }

  /**
   * Brings the followers' copy of a track in line with the track: Create when it became public,
   * Update when what they were sent changed, Delete when it is no longer public (or gone). Idempotent.
   */
  async syncTrack(trackId: string): Promise<void> {
    const repository = this.deps.repository;
    const ctx = this.context();
    const track = await this.federatableTrack(trackId);
    await this.syncObject(ctx, {
      sent: await repository.federatedTrack(trackId),
      authorId: async () => (await repository.track(trackId))?.artist_id,
      uri: ctx.getObjectUri(Audio, { id: trackId }),
      current: track && { authorId: track.artist_id, object: this.audioOf(ctx, track) },
      record: (artistId, hash) => repository.recordFederatedTrack(trackId, artistId, hash, new Date().toISOString()),
      forget: () => repository.forgetFederatedTrack(trackId),
    });
  }

  /**
   * What syncTrack and syncPost share: the followers' copy of one object (`current`, or undefined
   * when it may no longer be shown) against what was sent (`sent`, with the hash of its JSON-LD):
   * Create when new, Update when changed, Delete (a Tombstone) when gone, nothing when unchanged.
   * An author who turned federation off sends nothing at all (not even a Delete): their actor is
   * gone from the fediverse.
   */
  private async syncObject(
    ctx: Context<void>,
    sync: {
      sent: { artist_id: string; hash: string } | undefined;
      authorId: () => Promise<string | undefined>;
      uri: URL;
      current: { authorId: string; object: Audio | Note } | undefined;
      record: (artistId: string, hash: string) => Promise<void>;
      forget: () => Promise<void>;
    },
  ): Promise<void> {
    const { sent, current } = sync;
    const authorId = sent?.artist_id ?? (await sync.authorId());
    if (!authorId || (await this.deps.repository.localActor(authorId))?.enabled === 0) return;
    if (!current) {
      if (!sent) return;
      await ctx.sendActivity(
        { identifier: sent.artist_id },
        'followers',
        new Delete({ id: new URL(`#delete-${Date.now()}`, sync.uri), actor: ctx.getActorUri(sent.artist_id), object: new Tombstone({ id: sync.uri }), to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(sent.artist_id) }),
        { preferSharedInbox: true },
      );
      await sync.forget();
      return;
    }
    const { object } = current;
    const hash = createHash('sha256').update(JSON.stringify(await object.toJsonLd({ format: 'compact' }))).digest('base64url');
    if (sent?.hash === hash) return;
    const common = { actor: ctx.getActorUri(current.authorId), object, to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(current.authorId) };
    const activity = sent
      ? new Update({ id: new URL(`#update-${hash}`, object.id!), updated: Temporal.Now.instant(), ...common })
      : new Create({ id: new URL('#create', object.id!), published: object.published, ...common });
    await ctx.sendActivity({ identifier: current.authorId }, 'followers', activity, { preferSharedInbox: true });
    await sync.record(current.authorId, hash);
  }

  private noteOf(ctx: Context<void>, post: FederatedPostRow): Note {
    return new Note({
      id: ctx.getObjectUri(Note, { id: post.id }),
      attribution: ctx.getActorUri(post.author_id),
      content: htmlOf(post.text),
      mediaType: 'text/html',
      // Posts have no page of their own: they show on the artist's page.
      url: new URL(`/artist/${encodeURIComponent(post.author_id)}`, ctx.origin),
      published: Temporal.Instant.from(post.created_at),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(post.author_id),
    });
  }

  /** A post when it may be shown to the fediverse: a post (not a repost), its author federating. Posts are public. */
  private async federatablePost(postId: string): Promise<FederatedPostRow | undefined> {
    const post = await this.deps.repository.post(postId);
    if (!post || post.kind !== 'post') return undefined;
    return (await this.enabledActor(post.author_id)) ? post : undefined;
  }

  /**
   * Brings the followers' copy of a post in line with it, as syncTrack does for a track: Create(Note)
   * when new, Update(Note) when its Note changed, Delete (a Tombstone) when it is gone. Idempotent.
   */
  async syncPost(postId: string): Promise<void> {
    const repository = this.deps.repository;
    const ctx = this.context();
    const post = await this.federatablePost(postId);
    await this.syncObject(ctx, {
      sent: await repository.federatedPost(postId),
      authorId: async () => (await repository.post(postId))?.author_id,
      uri: ctx.getObjectUri(Note, { id: postId }),
      current: post && { authorId: post.author_id, object: this.noteOf(ctx, post) },
      record: (artistId, hash) => repository.recordFederatedPost(postId, artistId, hash, new Date().toISOString()),
      forget: () => repository.forgetFederatedPost(postId),
    });
  }

  /**
   * A profile changed (name, bio, avatar, banner…): Update(Person) to the followers, only when
   * the actor document changed (its hash is kept in Fedify's store; keys and counters aside).
   */
  async syncActor(profileId: string): Promise<void> {
    if (!(await this.enabledActor(profileId))) return;
    const ctx = this.context();
    const person = await this.person(ctx, profileId);
    if (!(person instanceof Person) || !person.id) return;
    const { name, summary, url, icon, image } = (await person.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
    const hash = createHash('sha256').update(JSON.stringify({ name, summary, url, icon, image })).digest('base64url');
    const key = ['platter', 'actor-hash', profileId] as const;
    const before = await this.deps.kv.get<string>(key);
    if (before === hash) return;
    if ((await this.deps.repository.remoteFollowerCount(profileId)) > 0) {
      await ctx.sendActivity(
        { identifier: profileId },
        'followers',
        new Update({ id: new URL(`#update-${hash}`, person.id), actor: person.id, object: person, updated: Temporal.Now.instant(), to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(profileId) }),
        { preferSharedInbox: true },
      );
    }
    await this.deps.kv.set(key, hash);
  }

  /**
   * An account is being deleted (AccountDeletionService.purge, before its data goes): Delete(Person)
   * to every remote follower, signed with the actor's keys read now (the queued delivery carries them),
   * and the actor remembered as gone (its actor and WebFinger answer 410 afterwards).
   */
  async deleteActor(profileId: string): Promise<void> {
    const row = await this.deps.repository.localActor(profileId);
    if (!row) return;
    if (row.enabled === 1) {
      const ctx = this.context();
      const followers = await this.deps.repository.allRemoteFollowers(profileId);
      if (followers.length > 0) {
        const keys = await this.actors.keyPairs(row);
        const actor = ctx.getActorUri(profileId);
        const recipients = followers.map((f) => ({ id: new URL(f.uri), inboxId: new URL(f.inbox), endpoints: f.shared_inbox ? { sharedInbox: new URL(f.shared_inbox) } : null }));
        await ctx.sendActivity(
          // The ids Fedify gives an actor's keys (the first `#main-key`, then `#key-2`…), as its actor document shows them.
          keys.map((key, index) => ({ keyId: new URL(index === 0 ? '#main-key' : `#key-${index + 1}`, actor), privateKey: key.privateKey })),
          recipients,
          new Delete({ id: new URL('#delete', actor), actor, object: new Tombstone({ id: actor, deleted: Temporal.Now.instant() }), to: PUBLIC_COLLECTION }),
          { preferSharedInbox: true },
        );
      }
    }
    await this.deps.repository.markGone(profileId, row.handle, new Date().toISOString());
  }

  /**
   * What Platter keeps of a remote actor. Its inbox and shared inbox are checked with the guard's
   * address check first: deliveries are Fedify's own POSTs, which check no address, so an actor
   * whose inbox points into a private network is refused here (an OutboundError), never kept.
   */
  private async remoteActorRow(actor: Actor): Promise<RemoteActorRow | undefined> {
    if (!actor.id || !actor.inboxId) return undefined;
    await this.deps.checkAddress(actor.inboxId);
    if (actor.endpoints?.sharedInbox) await this.deps.checkAddress(actor.endpoints.sharedInbox);
    const username = actor.preferredUsername?.toString();
    const icon = await actor.getIcon().catch(() => null);
    const iconUrl = icon ? hrefOf(icon.url) : null;
    return {
      uri: actor.id.href,
      handle: username ? `@${username}@${actor.id.host}` : null,
      name: (actor.name?.toString() || username || actor.id.href).slice(0, 200),
      url: hrefOf(actor.url) ?? actor.id.href,
      icon_url: iconUrl,
      inbox: actor.inboxId.href,
      shared_inbox: actor.endpoints?.sharedInbox?.href ?? null,
      updated_at: new Date().toISOString(),
    };
  }

  /** Whether deliveries and documents from this host are refused (an admin's block). */
  isBlocked(host: string): Promise<boolean> {
    return this.deps.repository.isBlocked(host);
  }

  /** The local track an object URI names (`/track/:id` of this server), or undefined. */
  private localTrackId(ctx: Context<void>, uri: URL | null): string | undefined {
    const parsed = ctx.parseUri(uri);
    return parsed?.type === 'object' && parsed.class === Audio ? parsed.values.id : undefined;
  }

  /** A profile's actor document: a Person, a Tombstone once its account was deleted, or null (no such actor, or not federating). */
  private async person(ctx: Context<void>, identifier: string): Promise<Person | Tombstone | null> {
    const { repository } = this.deps;
    // A deleted account's actor is a Tombstone: Fedify answers 410 Gone for it and its WebFinger.
    const gone = await repository.gone(identifier);
    if (gone) return new Tombstone({ id: ctx.getActorUri(identifier), deleted: Temporal.Instant.from(gone.deleted_at) });
    const row = await this.enabledActor(identifier);
    const profile = row && (await repository.profile(identifier));
    if (!row || !profile) return null;
    const keys = await ctx.getActorKeyPairs(identifier);
    const avatar = absolute(profile.photo_url, ctx.origin);
    const banner = absolute(profile.cover_url, ctx.origin);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: row.handle,
      name: profile.display_name,
      summary: profile.bio || null,
      url: ctx.getActorUri(identifier),
      icon: avatar ? new Image({ url: avatar }) : null,
      image: banner ? new Image({ url: banner }) : null,
      inbox: ctx.getInboxUri(identifier),
      outbox: ctx.getOutboxUri(identifier),
      followers: ctx.getFollowersUri(identifier),
      featured: ctx.getFeaturedUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      published: Temporal.Instant.from(profile.created_at),
      discoverable: true,
      manuallyApprovesFollowers: false,
      publicKey: keys[0]?.cryptographicKey,
      assertionMethods: keys.map((key) => key.multikey),
    });
  }

  private setUp(): void {
    const { federation, deps } = this;
    const { repository } = deps;

    federation
      .setActorDispatcher('/artist/{identifier}', (ctx, identifier) => this.person(ctx, identifier))
      .setKeyPairsDispatcher(async (_ctx, identifier) => {
        const row = await this.enabledActor(identifier);
        return row ? this.actors.keyPairs(row) : [];
      })
      .mapHandle(async (_ctx, username) => {
        const row = await repository.localActorByHandle(username);
        if (row) return row.profile_id;
        const gone = await repository.goneByHandle(username);
        if (gone) return gone.profile_id;
        // A profile's id works as its handle too (links made before its handle existed).
        return (await repository.profile(username)) ? username : null;
      });

    federation.setObjectDispatcher(Audio, '/track/{id}', async (ctx, { id }) => {
      const track = await this.federatableTrack(id);
      return track ? this.audioOf(ctx, track) : null;
    });
    // Fedify keeps one dispatcher per class: an artist's post and a local listener's reply to a
    // remote track (replyRemote) are both Notes under /ap/notes/ (their ids never collide).
    federation.setObjectDispatcher(Note, '/ap/notes/{id}', async (ctx, { id }) => {
      const post = await this.federatablePost(id);
      if (post) return this.noteOf(ctx, post);
      const reply = await repository.sentReply(id);
      if (!reply || !(await this.enabledActor(reply.user_id))) return null;
      const track = await repository.remoteTrack(reply.track_uri);
      return this.replyNoteOf(ctx, reply, track?.actor_uri);
    });

    federation
      .setFollowersDispatcher('/ap/actors/{identifier}/followers', async (_ctx, identifier, cursor) => {
        if (!(await this.enabledActor(identifier))) return null;
        const offset = cursor === null ? 0 : Number(cursor) || 0;
        const rows = await repository.remoteFollowers(identifier, FOLLOWERS_PAGE, offset);
        return {
          items: rows.map((row) => ({ id: new URL(row.uri), inboxId: new URL(row.inbox), endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null })),
          nextCursor: rows.length < FOLLOWERS_PAGE ? null : String(offset + rows.length),
        };
      })
      .setFirstCursor(() => '0')
      .setCounter((_ctx, identifier) => repository.remoteFollowerCount(identifier));

    const newestAudio = async (ctx: Context<void>, identifier: string) => {
      if (!(await this.enabledActor(identifier))) return null;
      const tracks = await Promise.all((await repository.publicTrackIds(identifier, FEATURED_TRACKS)).map((id) => repository.track(id)));
      return tracks.filter((track): track is FederatedTrackRow => track !== undefined).map((track) => this.audioOf(ctx, track));
    };
    // The artist's public releases, newest first: each an OrderedCollection (ActivityStreams has no
    // album type) with its name, page, cover and publication, its public tracks as Audio items.
    federation.setFeaturedDispatcher('/ap/actors/{identifier}/featured', async (ctx, identifier) => {
      if (!(await this.enabledActor(identifier))) return null;
      const items: OrderedCollection[] = [];
      for (const release of await repository.publicReleases(identifier, FEATURED_RELEASES)) {
        const tracks = await Promise.all((await repository.releaseTrackIds(release.id)).map((id) => repository.track(id)));
        const audio = tracks.filter((track): track is FederatedTrackRow => track !== undefined).map((track) => this.audioOf(ctx, track));
        if (audio.length === 0) continue;
        items.push(
          new OrderedCollection({
            name: release.title,
            summary: release.type,
            url: new Link({ href: new URL(`/release/${encodeURIComponent(release.id)}`, ctx.origin), mediaType: 'text/html' }),
            image: release.image_key ? new Image({ url: new URL(mediaUrl(release.image_key), ctx.origin) }) : null,
            published: Temporal.Instant.from(release.published_at ?? release.created_at),
            attribution: ctx.getActorUri(identifier),
            totalItems: audio.length,
            items: audio,
          }),
        );
      }
      return { items };
    });
    federation.setOutboxDispatcher('/ap/actors/{identifier}/outbox', async (ctx, identifier) => {
      const items = await newestAudio(ctx, identifier);
      if (!items) return null;
      return { items: items.map((audio) => new Create({ id: new URL('#create', audio.id!), actor: audio.attributionId, object: audio, to: PUBLIC_COLLECTION, published: audio.published })) };
    });

    federation.setNodeInfoDispatcher('/nodeinfo/2.1', () => ({
      software: { name: 'platter', version: deps.version },
      protocols: ['activitypub'],
      usage: { users: {}, localPosts: 0, localComments: 0 },
    }));

    // A follower's inbox answered 410 Gone: Fedify gives up on it, and the followers delivered there go.
    federation.setOutboxPermanentFailureHandler(async (_ctx, { inbox, statusCode }) => {
      if (statusCode !== 410) return;
      for (const { artistId, actorUri } of await repository.removeFollowersAtInbox(inbox.href)) {
        deps.log(`federation: ${actorUri} no longer follows ${artistId}: its inbox ${inbox.href} answered 410 Gone`);
      }
    });

    const blocked = async (activity: { actorId: URL | null }) => !activity.actorId || (await repository.isBlocked(activity.actorId.host));
    federation
      .setInboxListeners('/ap/actors/{identifier}/inbox', '/inbox')
      .on(Follow, async (ctx, follow) => {
        if (await blocked(follow)) return;
        const target = ctx.parseUri(follow.objectId);
        if (target?.type !== 'actor' || !(await this.enabledActor(target.identifier))) return;
        const follower = await follow.getActor(ctx);
        const row = follower && isActor(follower) ? await this.senderRow(follower) : undefined;
        if (!follower || !row) return;
        if (await repository.addRemoteFollower(target.identifier, row, follow.id?.href ?? null, new Date().toISOString())) {
          await deps.notifications.notifyRemote(target.identifier, row.uri, 'follow');
        }
        await ctx.sendActivity(
          { identifier: target.identifier },
          follower,
          new Accept({ id: new URL(`#accept-${createHash('sha256').update(follow.id?.href ?? row.uri).digest('hex').slice(0, 16)}`, ctx.getActorUri(target.identifier)), actor: ctx.getActorUri(target.identifier), object: follow }),
        );
      })
      .on(Accept, async (ctx, accept) => {
        if (await blocked(accept)) return;
        // The Follow it accepts is one of ours: found by its id, never fetched.
        const follow = await accept.getObject({ crossOrigin: 'trust' }).catch(() => null);
        const followerId = follow instanceof Follow ? ctx.parseUri(follow.actorId) : null;
        if (followerId?.type !== 'actor' || !accept.actorId) return;
        await repository.accept(followerId.identifier, accept.actorId.href);
      })
      .on(Undo, async (ctx, undo) => {
        if (await blocked(undo)) return;
        const object = await undo.getObject(ctx).catch(() => null);
        if (!object || !undo.actorId || (object instanceof Follow === false && object instanceof Like === false && object instanceof Announce === false)) return;
        if (object.actorId?.href !== undo.actorId.href) return;
        if (object instanceof Follow) {
          const target = ctx.parseUri(object.objectId);
          if (target?.type === 'actor' && (await repository.removeRemoteFollower(target.identifier, undo.actorId.href))) {
            await deps.notifications.retractRemote(target.identifier, undo.actorId.href, 'follow');
          }
          return;
        }
        const kind = object instanceof Like ? 'like' : 'repost';
        for (const { trackId, artistId } of await repository.removeTrackAction(kind, undo.actorId.href, object.id?.href, this.localTrackId(ctx, object.objectId))) {
          await deps.notifications.retractRemote(artistId, undo.actorId.href, kind, { trackId });
        }
      })
      .on(Like, async (ctx, like) => this.trackAction(ctx, 'like', like))
      .on(Announce, async (ctx, announce) => this.trackAction(ctx, 'repost', announce))
      .on(Create, async (ctx, create) => {
        if (await blocked(create)) return;
        const object = await create.getObject(ctx).catch(() => null);
        if (object instanceof Note) {
          if (this.localTrackId(ctx, object.replyTargetId)) await this.reply(ctx, create, object);
          else await this.remoteNote(create, object);
        }
        else if (object instanceof Audio) await this.remoteAudio(create, object);
      })
      .on(Update, async (ctx, update) => {
        if (await blocked(update)) return;
        const object = await update.getObject(ctx).catch(() => null);
        if (object instanceof Audio && (await repository.remoteTrack(object.id?.href ?? ''))) await this.remoteAudio(update, object);
        else if (object instanceof Note && (await repository.remoteNote(object.id?.href ?? ''))) await this.remoteNote(update, object);
        else if (object && isActor(object) && object.id?.href === update.actorId?.href) {
          const row = await this.senderRow(object);
          if (row && (await repository.remoteActor(row.uri))) await repository.upsertRemoteActor(row);
        }
      })
      .on(Delete, async (_ctx, del) => {
        if (await blocked(del)) return;
        const objectId = del.objectId?.href;
        if (!objectId || !del.actorId) return;
        // An actor deleting itself (its account is gone): everything kept of it goes, its follows here too.
        if (objectId === del.actorId.href) {
          await repository.forgetRemoteActor(objectId);
          return;
        }
        await repository.deleteRemoteTrack(objectId, del.actorId.href);
        await repository.deleteReply(objectId, del.actorId.href);
        await repository.deleteRemoteNote(objectId, del.actorId.href);
      })
      .onError((_ctx, error) => deps.log(`federation: an inbox activity was refused or failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  private async trackAction(ctx: Context<void>, kind: 'like' | 'repost', activity: Like | Announce): Promise<void> {
    if (!activity.actorId || (await this.deps.repository.isBlocked(activity.actorId.host))) return;
    const trackId = this.localTrackId(ctx, activity.objectId);
    const track = trackId ? await this.federatableTrack(trackId) : undefined;
    if (!track) return;
    const actor = await activity.getActor(ctx);
    const row = actor && isActor(actor) ? await this.senderRow(actor) : undefined;
    if (!row || row.uri !== activity.actorId.href) return;
    if (await this.deps.repository.addTrackAction(kind, track.id, row, activity.id?.href ?? null, new Date().toISOString())) {
      await this.deps.notifications.notifyRemote(track.artist_id, row.uri, kind, { trackId: track.id });
    }
  }

  private async reply(ctx: Context<void>, create: Create, note: Note): Promise<void> {
    const trackId = this.localTrackId(ctx, note.replyTargetId);
    if (!trackId || !note.id || !create.actorId || note.attributionId?.href !== create.actorId.href) return;
    const track = await this.federatableTrack(trackId);
    if (!track) return;
    const actor = await create.getActor(ctx);
    const row = actor && isActor(actor) ? await this.senderRow(actor) : undefined;
    const content = textOf(note.content?.toString() ?? '').slice(0, MAX_REPLY_CHARS);
    if (!row || !content) return;
    if (await this.deps.repository.addReply(note.id.href, trackId, row, content, new Date().toISOString())) {
      await this.deps.notifications.notifyRemote(track.artist_id, row.uri, 'comment', { trackId, replyUri: note.id.href });
    }
  }

  /** A remote artist's Note (not a reply to a track here), kept as text only when someone here follows them. */
  private async remoteNote(activity: Create | Update, note: Note): Promise<void> {
    const actorUri = activity.actorId?.href;
    if (!note.id || !actorUri || note.attributionId?.href !== actorUri || note.id.origin !== activity.actorId!.origin) return;
    if (!(await this.deps.repository.anyoneFollows(actorUri))) return;
    const content = textOf(note.content?.toString() ?? '').slice(0, MAX_REPLY_CHARS);
    if (!content) return;
    const now = new Date().toISOString();
    const url = hrefOf(note.url);
    await this.deps.repository.upsertRemoteNote({
      uri: note.id.href,
      actor_uri: actorUri,
      content,
      url: url && /^https?:\/\//.test(url) ? url : null,
      published: note.published ? note.published.toString() : now,
      updated_at: now,
    });
  }

  /** A remote artist's track, kept only when someone here follows them (their News). */
  private async remoteAudio(activity: Create | Update, audio: Audio): Promise<void> {
    const actorUri = activity.actorId?.href;
    if (!audio.id || !actorUri || audio.attributionId?.href !== actorUri || audio.id.origin !== activity.actorId!.origin) return;
    if (!(await this.deps.repository.anyoneFollows(actorUri))) return;
    let pageUrl: string | null = null;
    let audioUrl: string | null = null;
    let mediaType: string | null = null;
    for (const url of audio.urls) {
      if (url instanceof Link) {
        if (url.mediaType?.startsWith('audio/') && !audioUrl) {
          audioUrl = url.href?.href ?? null;
          mediaType = url.mediaType;
        } else if (url.mediaType === 'text/html' && !pageUrl) pageUrl = url.href?.href ?? null;
      } else if (url instanceof URL && !pageUrl) pageUrl = url.href;
    }
    const image = await audio.getImage().catch(() => null);
    const now = new Date().toISOString();
    await this.deps.repository.upsertRemoteTrack({
      uri: audio.id.href,
      actor_uri: actorUri,
      name: (audio.name?.toString() ?? '').slice(0, 300) || audio.id.href,
      audio_url: audioUrl && /^https?:\/\//.test(audioUrl) ? audioUrl : null,
      media_type: mediaType,
      duration: audio.duration ? audio.duration.total({ unit: 'second' }) : null,
      image_url: image ? hrefOf(image.url) : null,
      page_url: pageUrl,
      published: audio.published ? audio.published.toString() : now,
      updated_at: now,
    });
  }

  /** A remote actor by `@name@host` or its URI, looked up (not kept, nothing sent): Search's answer. */
  async lookupRemote(handleOrUri: string): Promise<RemoteActorRow> {
    const found = await this.lookup(this.context(), handleOrUri.trim());
    if (!found || !isActor(found)) throw new RemoteNotFoundError(handleOrUri);
    const row = await this.remoteActorRow(found);
    if (!row || (await this.deps.repository.isBlocked(new URL(row.uri).host))) throw new RemoteNotFoundError(handleOrUri);
    return row;
  }

  /**
   * A local user follows a remote actor (`@name@host` or its URI): the actor is looked up, kept,
   * and sent a Follow from the user's own actor; the follow counts once the Accept arrives.
   */
  async followRemote(userId: string, handleOrUri: string): Promise<RemoteActorRow> {
    const ctx = this.context();
    if (!(await this.enabledActor(userId))) throw new Error('federation is off for this account');
    const found = await this.lookup(ctx, handleOrUri.trim());
    if (!found || !isActor(found)) throw new RemoteNotFoundError(handleOrUri);
    const row = await this.remoteActorRow(found);
    if (!row) throw new RemoteNotFoundError(handleOrUri);
    if (await this.deps.repository.isBlocked(new URL(row.uri).host)) throw new RemoteNotFoundError(handleOrUri);
    const followId = new URL(`/ap/follows/${createHash('sha256').update(`${userId} ${row.uri} ${Date.now()}`).digest('hex').slice(0, 32)}`, ctx.origin);
    await this.deps.repository.follow(userId, row, followId.href, new Date().toISOString());
    await ctx.sendActivity({ identifier: userId }, found, new Follow({ id: followId, actor: ctx.getActorUri(userId), object: found.id }));
    return row;
  }

  /**
   * An actor by handle or URI, every fetch through the guard (a refused address throws its
   * OutboundError): a handle's WebFinger over https (and, with ALLOW_PRIVATE_FETCH, over http when
   * https gets no answer: instances on loopback), then the actor's document through Fedify's loader.
   */
  private async lookup(ctx: Context<void>, query: string): Promise<APObject | null> {
    const handle = /^@?([^@\s/]+)@([^@\s/]+)$/.exec(query);
    const address = handle ? await this.webFinger(handle[1]!, handle[2]!) : query;
    if (!address) return null;
    const remote = await ctx.documentLoader(address);
    const found = await APObject.fromJsonLd(remote.document, { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader }).catch(() => null);
    // As Fedify's lookupObject: an object is only believed from its own origin.
    return found?.id && found.id.origin === new URL(remote.documentUrl).origin ? found : null;
  }

  /** The actor address a WebFinger answer gives for `acct:user@host`, or undefined. */
  private async webFinger(user: string, host: string): Promise<string | undefined> {
    const schemes = this.deps.allowPrivateAddress ? ['https', 'http'] : ['https'];
    for (const [index, scheme] of schemes.entries()) {
      let response: Response;
      try {
        response = await this.deps.fetch(`${scheme}://${host}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user}@${host}`)}`, { headers: { accept: 'application/jrd+json' } });
      } catch (error) {
        // A refused address is the answer; no connection is worth another try only while one is left.
        if (error instanceof OutboundError && (error.code === 'blocked-address' || error.code === 'bad-url' || index === schemes.length - 1)) throw error;
        continue;
      }
      if (!response.ok) continue;
      const jrd = (await response.json().catch(() => null)) as { links?: Array<{ rel?: string; type?: string; href?: string }> } | null;
      const self = jrd?.links?.find((link) => link.rel === 'self' && /activity\+json|ld\+json/.test(link.type ?? ''))?.href;
      if (self) return self;
    }
    return undefined;
  }

  /** The remote track a local user reacts to, with its actor as a recipient; RemoteNotFoundError when none is kept here or its server is blocked. */
  private async remoteTarget(userId: string, trackUri: string) {
    if (!(await this.enabledActor(userId))) throw new NotFederatingError();
    const track = await this.deps.repository.remoteTrack(trackUri);
    const actor = track && (await this.deps.repository.remoteActor(track.actor_uri));
    if (!track || !actor || (await this.deps.repository.isBlocked(new URL(actor.uri).host))) throw new RemoteNotFoundError(trackUri);
    const recipient = { id: new URL(actor.uri), inboxId: new URL(actor.inbox), endpoints: actor.shared_inbox ? { sharedInbox: new URL(actor.shared_inbox) } : null };
    return { track, actor, recipient };
  }

  private reaction(ctx: Context<void>, userId: string, kind: RemoteReactionKind, id: URL, object: URL, actorUri: string): Like | Announce {
    const actor = ctx.getActorUri(userId);
    return kind === 'like'
      ? new Like({ id, actor, object, to: new URL(actorUri) })
      : new Announce({ id, actor, object, to: PUBLIC_COLLECTION, ccs: [new URL(actorUri), ctx.getFollowersUri(userId)] });
  }

  /**
   * A local user likes or reposts a remote track (`on`), or takes it back: the Like or Announce
   * (or its Undo) goes from the user's actor to the track's actor (its shared inbox when it has
   * one) through the queue; the state is kept in `remote_track_reactions`. Idempotent.
   */
  async reactRemote(userId: string, trackUri: string, kind: RemoteReactionKind, on: boolean): Promise<void> {
    const ctx = this.context();
    const { track, actor, recipient } = await this.remoteTarget(userId, trackUri);
    const object = new URL(track.uri);
    if (on) {
      const id = new URL(`/ap/${kind === 'like' ? 'likes' : 'announces'}/${randomUUID()}`, ctx.origin);
      if (!(await this.deps.repository.addRemoteReaction(userId, track.uri, kind, id.href, new Date().toISOString()))) return;
      try {
        await ctx.sendActivity({ identifier: userId }, recipient, this.reaction(ctx, userId, kind, id, object, actor.uri), { preferSharedInbox: true });
      } catch (error) {
        // Not queued: the state must not say it was sent.
        await this.deps.repository.removeRemoteReaction(userId, track.uri, kind);
        throw error;
      }
      return;
    }
    const removed = await this.deps.repository.removeRemoteReaction(userId, track.uri, kind);
    if (!removed) return;
    const activity = this.reaction(ctx, userId, kind, new URL(removed.activity_id), object, actor.uri);
    await ctx.sendActivity(
      { identifier: userId },
      recipient,
      new Undo({ id: new URL(`#undo-${Date.now()}`, removed.activity_id), actor: ctx.getActorUri(userId), object: activity, to: kind === 'like' ? new URL(actor.uri) : PUBLIC_COLLECTION }),
      { preferSharedInbox: true },
    );
  }

  /** A local user's reply to a remote track: a public Note in reply to it, sent as Create to the track's actor; the Note's id. */
  async replyRemote(userId: string, trackUri: string, text: string): Promise<{ id: string; createdAt: string }> {
    const ctx = this.context();
    const { track, actor, recipient } = await this.remoteTarget(userId, trackUri);
    const reply = { id: randomUUID(), user_id: userId, track_uri: track.uri, content: text, created_at: new Date().toISOString() };
    await this.deps.repository.addSentReply(reply);
    const note = this.replyNoteOf(ctx, reply, actor.uri);
    await ctx.sendActivity(
      { identifier: userId },
      recipient,
      new Create({ id: new URL('#create', note.id!), actor: ctx.getActorUri(userId), object: note, to: PUBLIC_COLLECTION, ccs: [new URL(actor.uri)], published: note.published }),
      { preferSharedInbox: true },
    );
    return { id: note.id!.href, createdAt: reply.created_at };
  }

  /** The Note of a local reply to a remote track: plain text as HTML, in reply to the track. */
  private replyNoteOf(ctx: Context<void>, reply: { id: string; user_id: string; track_uri: string; content: string; created_at: string }, actorUri: string | undefined): Note {
    return new Note({
      id: ctx.getObjectUri(Note, { id: reply.id }),
      attribution: ctx.getActorUri(reply.user_id),
      content: htmlOf(reply.content),
      replyTarget: new URL(reply.track_uri),
      to: PUBLIC_COLLECTION,
      ccs: actorUri ? [new URL(actorUri)] : [],
      published: Temporal.Instant.from(reply.created_at),
    });
  }

  async unfollowRemote(userId: string, actorUri: string): Promise<void> {
    const ctx = this.context();
    const following = await this.deps.repository.following(userId, actorUri);
    const actor = await this.deps.repository.remoteActor(actorUri);
    if (!following || !actor) return;
    await this.deps.repository.unfollow(userId, actorUri);
    const follow = new Follow({ id: new URL(following.follow_id), actor: ctx.getActorUri(userId), object: new URL(actorUri) });
    await ctx.sendActivity(
      { identifier: userId },
      { id: new URL(actor.uri), inboxId: new URL(actor.inbox), endpoints: actor.shared_inbox ? { sharedInbox: new URL(actor.shared_inbox) } : null },
      new Undo({ id: new URL(`#undo-${Date.now()}`, following.follow_id), actor: ctx.getActorUri(userId), object: follow }),
    );
  }
}

/** A loader that answers the JSON-LD contexts Fedify ships with (ActivityStreams, security…) without fetching them. */
function preloaded(loader: FedifyDocumentLoader): FedifyDocumentLoader {
  return (url, options) => (Object.hasOwn(preloadedContexts, url) ? Promise.resolve({ contextUrl: null, document: preloadedContexts[url], documentUrl: url }) : loader(url, options));
}

/** The local account may not send anything: no profile, suspended, or its owner turned federation off. */
export class NotFederatingError extends Error {
  constructor() {
    super('This account does not federate.');
  }
}

export class RemoteNotFoundError extends Error {
  constructor(readonly query: string) {
    super(`No fediverse account was found at ${query}.`);
  }
}
