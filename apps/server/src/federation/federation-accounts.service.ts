import type { FederationSettings, RemoteActor, RemoteReactionState, RemoteReply, RemoteTrack } from '@platter/shared';
import type { Actor } from '../lib/actor.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { OutboundError } from '../lib/outbound/outbound-error.js';
import type { FederationRepository, RemoteActorRow, RemoteFeedRow, RemoteReactionKind } from './federation.repository.js';
import { NotFederatingError, type PlatterFederation, RemoteNotFoundError } from './federation.js';

/** A stored remote track with its actor, as the API shows it (the feed and News). */
export const toRemoteTrack = (row: RemoteFeedRow): RemoteTrack => ({
  uri: row.uri,
  name: row.name,
  audioUrl: row.audio_url,
  mediaType: row.media_type,
  durationSec: row.duration,
  imageUrl: row.image_url,
  pageUrl: row.page_url,
  published: row.published,
  actor: { uri: row.actor_uri, name: row.actor_name, url: row.actor_url, handle: row.actor_handle, iconUrl: row.actor_icon_url },
  ...(row.liked === undefined ? {} : { liked: Boolean(Number(row.liked)) }),
  ...(row.reposted === undefined ? {} : { reposted: Boolean(Number(row.reposted)) }),
});

/**
 * What a person is told when a remote account cannot be reached: a refused address in the guard's
 * own words and code, as for a custom ListenBrainz server (the web app translates by code); any
 * other failure as "no account there".
 */
function remoteAccountError(error: unknown, account: string): unknown {
  if (error instanceof OutboundError && (error.code === 'blocked-address' || error.code === 'bad-url')) return new BadRequestError(error.message, `outbound_${error.code.replaceAll('-', '_')}`);
  if (error instanceof RemoteNotFoundError || error instanceof OutboundError) return new NotFoundError(`No account was found at ${account}. Check the spelling (@name@host) and that the server is reachable.`, 'remote_not_found');
  return error;
}

const toRemoteActor = (row: RemoteActorRow): RemoteActor => ({ uri: row.uri, handle: row.handle, name: row.name, url: row.url, iconUrl: row.icon_url });

/** The fediverse as accounts see it: one's handle and switch, following remote artists, their tracks, admins' blocks. */
export class FederationAccountsService {
  constructor(
    private readonly deps: {
      federation: PlatterFederation;
      repository: FederationRepository;
      /** The host handles are shown with: PUBLIC_URL's, else the request's. */
      host: (requestOrigin: string) => string;
    },
  ) {}

  async settings(actor: Actor, requestOrigin: string): Promise<FederationSettings> {
    const row = await this.deps.federation.actors.ensure(actor.id);
    if (!row) throw new NotFoundError('This account has no profile yet.');
    return { handle: `@${row.handle}@${this.deps.host(requestOrigin)}`, enabled: row.enabled === 1, remoteFollowers: await this.deps.repository.remoteFollowerCount(actor.id) };
  }

  async update(actor: Actor, enabled: boolean, requestOrigin: string): Promise<FederationSettings> {
    await this.settings(actor, requestOrigin);
    await this.deps.repository.setEnabled(actor.id, enabled);
    return this.settings(actor, requestOrigin);
  }

  /** Refuses a user whose account is hidden from the fediverse (nothing can be sent from it). */
  private async requireFederating(actor: Actor, what: string): Promise<void> {
    const row = await this.deps.repository.localActor(actor.id);
    if (row && row.enabled !== 1) throw new ForbiddenError(`Your account is hidden from the fediverse. Turn federation on in Settings to ${what}.`, 'federation_off');
  }

  private remoteTrackError(error: unknown): unknown {
    if (error instanceof NotFederatingError) return new ForbiddenError('Your account cannot reach other servers now (it has no profile, or it is suspended or hidden from the fediverse).', 'federation_off');
    if (error instanceof RemoteNotFoundError) return new NotFoundError('This server keeps no such remote track: it may have been deleted on its own server, or no one here follows its artist.', 'remote_track_not_found');
    return error;
  }

  /** Likes or reposts a remote track (`on`), or takes it back: the Like / Announce or its Undo goes to its server. */
  async react(actor: Actor, uri: string, kind: RemoteReactionKind, on: boolean): Promise<RemoteReactionState> {
    await this.requireFederating(actor, 'like and repost tracks on other servers');
    try {
      await this.deps.federation.reactRemote(actor.id, uri, kind, on);
    } catch (error) {
      throw this.remoteTrackError(error);
    }
    return { uri, ...(await this.deps.repository.remoteReactionState(actor.id, uri)) };
  }

  /** Replies to a remote track: a Note in reply to it goes to its server. */
  async reply(actor: Actor, uri: string, text: string): Promise<RemoteReply> {
    await this.requireFederating(actor, 'reply to tracks on other servers');
    try {
      const sent = await this.deps.federation.replyRemote(actor.id, uri, text);
      return { id: sent.id, uri, text, createdAt: sent.createdAt };
    } catch (error) {
      throw this.remoteTrackError(error);
    }
  }

  async follow(actor: Actor, account: string): Promise<{ actor: RemoteActor; accepted: boolean }> {
    const row = await this.deps.repository.localActor(actor.id);
    if (row && row.enabled !== 1) throw new ForbiddenError('Your account is hidden from the fediverse. Turn federation on in Settings to follow accounts on other servers.', 'federation_off');
    try {
      const remote = await this.deps.federation.followRemote(actor.id, account.startsWith('http') ? account : account.replace(/^@?/, '@'));
      const following = await this.deps.repository.following(actor.id, remote.uri);
      return { actor: toRemoteActor(remote), accepted: following?.accepted === 1 };
    } catch (error) {
      throw remoteAccountError(error, account);
    }
  }

  /** Search's `@name@host`: the remote account (the server fetches it, never the browser) and whether I follow it. */
  async lookup(actor: Actor, account: string): Promise<{ actor: RemoteActor; following: boolean; accepted: boolean }> {
    try {
      const remote = await this.deps.federation.lookupRemote(account.startsWith('http') ? account : account.replace(/^@?/, '@'));
      const following = await this.deps.repository.following(actor.id, remote.uri);
      return { actor: toRemoteActor(remote), following: following !== undefined, accepted: following?.accepted === 1 };
    } catch (error) {
      throw remoteAccountError(error, account);
    }
  }

  async following(actor: Actor): Promise<{ items: Array<{ actor: RemoteActor; accepted: boolean }> }> {
    const rows = await this.deps.repository.followingList(actor.id);
    return { items: rows.map((row) => ({ actor: toRemoteActor(row), accepted: row.accepted === 1 })) };
  }

  async unfollow(actor: Actor, uri: string): Promise<void> {
    await this.deps.federation.unfollowRemote(actor.id, uri);
  }

  async feed(actor: Actor, limit = 50): Promise<{ items: RemoteTrack[] }> {
    const rows = await this.deps.repository.remoteFeed(actor.id, limit);
    return { items: rows.map(toRemoteTrack) };
  }

  /** A public track's likes, reposts and replies from other servers (the counts are in the track's own counters too). */
  async reactions(trackId: string) {
    const track = await this.deps.repository.track(trackId);
    if (!track || track.hidden !== 0) throw new NotFoundError('No public track has this id.');
    const counts = await this.deps.repository.trackActionCounts(trackId);
    const replies = await this.deps.repository.replies(trackId);
    return {
      likes: counts.likes,
      reposts: counts.reposts,
      replies: replies.map((reply) => ({ uri: reply.uri, content: reply.content, createdAt: reply.created_at, actor: { uri: reply.actor_uri, name: reply.name, url: reply.url, handle: reply.handle } })),
    };
  }

  private requireAdmin(actor: Actor): void {
    if (!actor.isAdmin) throw new ForbiddenError('Only admins block servers.');
  }

  async blocks(actor: Actor) {
    this.requireAdmin(actor);
    return { blocks: (await this.deps.repository.blocks()).map((row) => ({ host: row.host, createdAt: row.created_at })) };
  }

  async block(actor: Actor, host: string) {
    this.requireAdmin(actor);
    if (!host) throw new BadRequestError('Name the server to block, such as mastodon.example.');
    await this.deps.repository.block(host, new Date().toISOString());
    return this.blocks(actor);
  }

  async unblock(actor: Actor, host: string) {
    this.requireAdmin(actor);
    await this.deps.repository.unblock(host);
    return this.blocks(actor);
  }
}
