import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database, FederationActorsTable, RemoteActorsTable, RemoteNotesTable, RemoteTracksTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

export type LocalActorRow = Selectable<FederationActorsTable>;
export type RemoteActorRow = Selectable<RemoteActorsTable>;
export type RemoteTrackRow = Selectable<RemoteTracksTable>;
export type RemoteNoteRow = Selectable<RemoteNotesTable>;
/** A remote track in a listener's feed, with its actor's name, link, handle and picture. */
export type RemoteFeedRow = RemoteTrackRow & { actor_name: string; actor_url: string | null; actor_handle: string | null; actor_icon_url: string | null; liked?: unknown; reposted?: unknown };
export type RemoteReactionKind = 'like' | 'repost';

/** A local profile as the fediverse sees it: the profile's columns the actor document shows. */
export interface ActorProfile {
  id: string;
  display_name: string;
  bio: string;
  photo_url: string | null;
  cover_url: string | null;
  is_artist: number;
  suspended_at: string | null;
  created_at: string;
}

/** A track's columns its Audio object is made of, with whether it may leave the server. */
export interface FederatedTrackRow {
  id: string;
  title: string;
  artist_id: string;
  artist_name: string;
  storage_key: string;
  content_type: string;
  duration: number | null;
  image_key: string | null;
  release_image_key: string | null;
  genre: string;
  created_at: string;
  /** Public and shown (not moderated, not its owner's suspension, not scheduled): the only tracks that federate. */
  hidden: number;
  visibility: string;
}

/** A post's columns its Note is made of. */
export interface FederatedPostRow {
  id: string;
  author_id: string;
  text: string;
  kind: string;
  created_at: string;
}

/** A public release's columns its `featured` item is made of. */
export interface FeaturedReleaseRow {
  id: string;
  title: string;
  type: string;
  image_key: string | null;
  published_at: string | null;
  created_at: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Every table of the fediverse (migration federation); counters of remote actions kept with their rows. */
export class FederationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  profile(id: string): Promise<ActorProfile | undefined> {
    return this.db
      .selectFrom('profiles')
      .select(['id', 'display_name', 'bio', 'photo_url', 'cover_url', 'is_artist', 'suspended_at', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  localActor(profileId: string): Promise<LocalActorRow | undefined> {
    return this.db.selectFrom('federation_actors').selectAll().where('profile_id', '=', profileId).executeTakeFirst();
  }

  localActorByHandle(handle: string): Promise<LocalActorRow | undefined> {
    return this.db.selectFrom('federation_actors').selectAll().where('handle', '=', handle.toLowerCase()).executeTakeFirst();
  }

  /** Inserts the actor row unless one exists (two requests may make it at once); returns the stored row. */
  async createLocalActor(row: LocalActorRow): Promise<LocalActorRow> {
    await this.db.insertInto('federation_actors').values(row).onConflict((oc) => oc.column('profile_id').doNothing()).execute();
    return (await this.localActor(row.profile_id))!;
  }

  /** Taken by an actor, or by a deleted account's (other servers remember it: never given again). */
  async handleTaken(handle: string): Promise<boolean> {
    if ((await this.localActorByHandle(handle)) !== undefined) return true;
    return (await this.db.selectFrom('federation_gone').select('profile_id').where('handle', '=', handle.toLowerCase()).executeTakeFirst()) !== undefined;
  }

  async setEnabled(profileId: string, enabled: boolean): Promise<void> {
    await this.db.updateTable('federation_actors').set({ enabled: enabled ? 1 : 0 }).where('profile_id', '=', profileId).execute();
  }

  track(id: string): Promise<FederatedTrackRow | undefined> {
    return this.db
      .selectFrom('tracks')
      .innerJoin('profiles', 'profiles.id', 'tracks.artist_id')
      .leftJoin('releases', 'releases.id', 'tracks.release_id')
      .select([
        'tracks.id',
        'tracks.title',
        'tracks.artist_id',
        'profiles.display_name as artist_name',
        'tracks.storage_key',
        'tracks.content_type',
        'tracks.duration',
        'tracks.image_key',
        'releases.image_key as release_image_key',
        'tracks.genre',
        'tracks.created_at',
        'tracks.hidden',
        'tracks.visibility',
      ])
      .where('tracks.id', '=', id)
      .executeTakeFirst();
  }

  /** An artist's newest public tracks (the `featured` collection and the outbox). */
  async publicTrackIds(artistId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tracks')
      .select('id')
      .where('artist_id', '=', artistId)
      .where('hidden', '=', 0)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  trackIdsOfRelease(releaseId: string): Promise<string[]> {
    return this.db
      .selectFrom('tracks')
      .select('id')
      .where('release_id', '=', releaseId)
      .execute()
      .then((rows) => rows.map((row) => row.id));
  }

  federatedTrack(trackId: string) {
    return this.db.selectFrom('federated_tracks').selectAll().where('track_id', '=', trackId).executeTakeFirst();
  }

  async recordFederatedTrack(trackId: string, artistId: string, hash: string, at: string): Promise<void> {
    await this.db
      .insertInto('federated_tracks')
      .values({ track_id: trackId, artist_id: artistId, hash, sent_at: at })
      .onConflict((oc) => oc.column('track_id').doUpdateSet({ hash, sent_at: at }))
      .execute();
  }

  async forgetFederatedTrack(trackId: string): Promise<void> {
    await this.db.deleteFrom('federated_tracks').where('track_id', '=', trackId).execute();
  }

  post(id: string): Promise<FederatedPostRow | undefined> {
    return this.db.selectFrom('posts').select(['id', 'author_id', 'text', 'kind', 'created_at']).where('id', '=', id).executeTakeFirst();
  }

  federatedPost(postId: string) {
    return this.db.selectFrom('federated_posts').selectAll().where('post_id', '=', postId).executeTakeFirst();
  }

  async recordFederatedPost(postId: string, artistId: string, hash: string, at: string): Promise<void> {
    await this.db
      .insertInto('federated_posts')
      .values({ post_id: postId, artist_id: artistId, hash, sent_at: at })
      .onConflict((oc) => oc.column('post_id').doUpdateSet({ hash, sent_at: at }))
      .execute();
  }

  async forgetFederatedPost(postId: string): Promise<void> {
    await this.db.deleteFrom('federated_posts').where('post_id', '=', postId).execute();
  }

  /** An artist's public releases, newest first (the `featured` collection). */
  publicReleases(artistId: string, limit: number): Promise<FeaturedReleaseRow[]> {
    return this.db
      .selectFrom('releases')
      .select(['id', 'title', 'type', 'image_key', 'published_at', 'created_at'])
      .where('artist_id', '=', artistId)
      .where('visibility', '=', 'public')
      .where('track_count', '>', 0)
      .orderBy('release_date', 'desc')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** A release's shown public tracks, in their order. */
  async releaseTrackIds(releaseId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tracks')
      .select('id')
      .where('release_id', '=', releaseId)
      .where('hidden', '=', 0)
      .where('visibility', '=', 'public')
      .orderBy('release_position')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Every remote follower of an artist (a deleted account's Delete goes to all of them). */
  allRemoteFollowers(artistId: string): Promise<RemoteActorRow[]> {
    return this.db
      .selectFrom('remote_followers')
      .innerJoin('remote_actors', 'remote_actors.uri', 'remote_followers.actor_uri')
      .selectAll('remote_actors')
      .where('remote_followers.artist_id', '=', artistId)
      .execute();
  }

  /** Removes the followers delivered to at this inbox (their own or their server's shared one), with the artists' counters; the artists whose follower went. */
  async removeFollowersAtInbox(inbox: string): Promise<Array<{ artistId: string; actorUri: string }>> {
    const rows = await this.db
      .selectFrom('remote_followers')
      .innerJoin('remote_actors', 'remote_actors.uri', 'remote_followers.actor_uri')
      .select(['remote_followers.artist_id', 'remote_followers.actor_uri'])
      .where((eb) => eb.or([eb('remote_actors.inbox', '=', inbox), eb('remote_actors.shared_inbox', '=', inbox)]))
      .execute();
    const removed: Array<{ artistId: string; actorUri: string }> = [];
    for (const row of rows) {
      if (await this.removeRemoteFollower(row.artist_id, row.actor_uri)) removed.push({ artistId: row.artist_id, actorUri: row.actor_uri });
    }
    return removed;
  }

  async markGone(profileId: string, handle: string, at: string): Promise<void> {
    await this.db.insertInto('federation_gone').values({ profile_id: profileId, handle: handle.toLowerCase(), deleted_at: at }).onConflict((oc) => oc.column('profile_id').doNothing()).execute();
  }

  /** A deleted account's actor, by its profile id. */
  gone(profileId: string) {
    return this.db.selectFrom('federation_gone').selectAll().where('profile_id', '=', profileId).executeTakeFirst();
  }

  goneByHandle(handle: string) {
    return this.db.selectFrom('federation_gone').selectAll().where('handle', '=', handle.toLowerCase()).executeTakeFirst();
  }

  async upsertRemoteNote(row: RemoteNoteRow): Promise<void> {
    const { uri: _uri, published: _published, ...changes } = row;
    await this.db.insertInto('remote_notes').values(row).onConflict((oc) => oc.column('uri').doUpdateSet(changes)).execute();
  }

  remoteNote(uri: string): Promise<RemoteNoteRow | undefined> {
    return this.db.selectFrom('remote_notes').selectAll().where('uri', '=', uri).executeTakeFirst();
  }

  async deleteRemoteNote(uri: string, actorUri: string): Promise<void> {
    await this.db.deleteFrom('remote_notes').where('uri', '=', uri).where('actor_uri', '=', actorUri).execute();
  }

  /**
   * A remote actor deleted itself (Delete of its own actor): whatever is kept of it goes, its
   * follows here and its followers' counters with it.
   */
  async forgetRemoteActor(actorUri: string): Promise<void> {
    const followed = await this.db.selectFrom('remote_followers').select('artist_id').where('actor_uri', '=', actorUri).execute();
    for (const row of followed) await this.removeRemoteFollower(row.artist_id, actorUri);
    await this.db.deleteFrom('remote_following').where('actor_uri', '=', actorUri).execute();
    await this.db.deleteFrom('remote_tracks').where('actor_uri', '=', actorUri).execute();
    await this.db.deleteFrom('remote_notes').where('actor_uri', '=', actorUri).execute();
  }

  async upsertRemoteActor(row: RemoteActorRow, db: Db = this.db): Promise<void> {
    const { uri: _uri, ...changes } = row;
    await db
      .insertInto('remote_actors')
      .values(row)
      .onConflict((oc) => oc.column('uri').doUpdateSet(changes))
      .execute();
  }

  remoteActor(uri: string): Promise<RemoteActorRow | undefined> {
    return this.db.selectFrom('remote_actors').selectAll().where('uri', '=', uri).executeTakeFirst();
  }

  /** Adds a remote follower and bumps the artist's subscriber counter; false when it already followed. */
  async addRemoteFollower(artistId: string, actor: RemoteActorRow, followId: string | null, at: string): Promise<boolean> {
    return this.transaction(async (trx) => {
      await this.upsertRemoteActor(actor, trx);
      const inserted = await trx
        .insertInto('remote_followers')
        .values({ artist_id: artistId, actor_uri: actor.uri, follow_id: followId, created_at: at })
        .onConflict((oc) => oc.columns(['artist_id', 'actor_uri']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx.updateTable('profiles').set({ subscribers_count: sql`subscribers_count + 1` }).where('id', '=', artistId).execute();
      return true;
    });
  }

  async removeRemoteFollower(artistId: string, actorUri: string): Promise<boolean> {
    return this.transaction(async (trx) => {
      const deleted = await trx.deleteFrom('remote_followers').where('artist_id', '=', artistId).where('actor_uri', '=', actorUri).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await trx.updateTable('profiles').set({ subscribers_count: sql`subscribers_count - 1` }).where('id', '=', artistId).execute();
      return true;
    });
  }

  /** A page of an artist's remote followers, oldest first, from `after` (a created_at|uri cursor). */
  async remoteFollowers(artistId: string, limit: number, offset: number): Promise<RemoteActorRow[]> {
    return this.db
      .selectFrom('remote_followers')
      .innerJoin('remote_actors', 'remote_actors.uri', 'remote_followers.actor_uri')
      .selectAll('remote_actors')
      .where('remote_followers.artist_id', '=', artistId)
      .orderBy('remote_followers.created_at')
      .orderBy('remote_followers.actor_uri')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async remoteFollowerCount(artistId: string): Promise<number> {
    const row = await this.db.selectFrom('remote_followers').select((eb) => eb.fn.countAll<string | number>().as('n')).where('artist_id', '=', artistId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A remote Like or Announce of a local track, with the track's counter; false when it was already there. */
  async addTrackAction(kind: 'like' | 'repost', trackId: string, actor: RemoteActorRow, activityId: string | null, at: string): Promise<boolean> {
    const table = kind === 'like' ? 'remote_likes' : 'remote_reposts';
    const counter = kind === 'like' ? 'likes_count' : 'reposts_count';
    return this.transaction(async (trx) => {
      await this.upsertRemoteActor(actor, trx);
      const inserted = await trx
        .insertInto(table)
        .values({ track_id: trackId, actor_uri: actor.uri, activity_id: activityId, created_at: at })
        .onConflict((oc) => oc.columns(['track_id', 'actor_uri']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx.updateTable('tracks').set({ [counter]: sql`${sql.ref(counter)} + 1` }).where('id', '=', trackId).execute();
      return true;
    });
  }

  /** Takes back a remote Like or Announce (Undo), by its activity id or by who and what; the tracks it was on. */
  async removeTrackAction(kind: 'like' | 'repost', actorUri: string, activityId: string | undefined, trackId: string | undefined): Promise<Array<{ trackId: string; artistId: string }>> {
    const table = kind === 'like' ? 'remote_likes' : 'remote_reposts';
    const counter = kind === 'like' ? 'likes_count' : 'reposts_count';
    return this.transaction(async (trx) => {
      let query = trx.deleteFrom(table).where('actor_uri', '=', actorUri);
      if (activityId) query = query.where('activity_id', '=', activityId);
      else if (trackId) query = query.where('track_id', '=', trackId);
      else return [];
      const deleted = await query.returning('track_id').execute();
      const tracks: Array<{ trackId: string; artistId: string }> = [];
      for (const row of deleted) {
        const track = await trx.updateTable('tracks').set({ [counter]: sql`${sql.ref(counter)} - 1` }).where('id', '=', row.track_id).returning('artist_id').executeTakeFirst();
        if (track) tracks.push({ trackId: row.track_id, artistId: track.artist_id });
      }
      return tracks;
    });
  }

  async addReply(uri: string, trackId: string, actor: RemoteActorRow, content: string, at: string): Promise<boolean> {
    return this.transaction(async (trx) => {
      await this.upsertRemoteActor(actor, trx);
      const inserted = await trx
        .insertInto('remote_replies')
        .values({ uri, track_id: trackId, actor_uri: actor.uri, content, created_at: at })
        .onConflict((oc) => oc.column('uri').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    });
  }

  async deleteReply(uri: string, actorUri: string): Promise<void> {
    await this.db.deleteFrom('remote_replies').where('uri', '=', uri).where('actor_uri', '=', actorUri).execute();
  }

  /** A track's remote replies with their authors, oldest first. */
  replies(trackId: string) {
    return this.db
      .selectFrom('remote_replies')
      .innerJoin('remote_actors', 'remote_actors.uri', 'remote_replies.actor_uri')
      .select(['remote_replies.uri', 'remote_replies.content', 'remote_replies.created_at', 'remote_actors.name', 'remote_actors.url', 'remote_actors.handle', 'remote_actors.uri as actor_uri'])
      .where('remote_replies.track_id', '=', trackId)
      .orderBy('remote_replies.created_at')
      .execute();
  }

  async trackActionCounts(trackId: string): Promise<{ likes: number; reposts: number; replies: number }> {
    const count = async (table: 'remote_likes' | 'remote_reposts' | 'remote_replies') => {
      const row = await this.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).where('track_id', '=', trackId).executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    return { likes: await count('remote_likes'), reposts: await count('remote_reposts'), replies: await count('remote_replies') };
  }

  async follow(userId: string, actor: RemoteActorRow, followId: string, at: string): Promise<void> {
    await this.transaction(async (trx) => {
      await this.upsertRemoteActor(actor, trx);
      await trx
        .insertInto('remote_following')
        .values({ user_id: userId, actor_uri: actor.uri, follow_id: followId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'actor_uri']).doUpdateSet({ follow_id: followId }))
        .execute();
    });
  }

  following(userId: string, actorUri: string) {
    return this.db.selectFrom('remote_following').selectAll().where('user_id', '=', userId).where('actor_uri', '=', actorUri).executeTakeFirst();
  }

  /** The remote accounts a user follows, newest first. */
  followingList(userId: string) {
    return this.db
      .selectFrom('remote_following')
      .innerJoin('remote_actors', 'remote_actors.uri', 'remote_following.actor_uri')
      .selectAll('remote_actors')
      .select('remote_following.accepted')
      .where('remote_following.user_id', '=', userId)
      .orderBy('remote_following.created_at', 'desc')
      .limit(500)
      .execute();
  }

  /** Marks a follow accepted: the one whose Follow activity this is, or the only one of this user and actor. */
  async accept(userId: string, actorUri: string): Promise<boolean> {
    const updated = await this.db.updateTable('remote_following').set({ accepted: 1 }).where('user_id', '=', userId).where('actor_uri', '=', actorUri).executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async unfollow(userId: string, actorUri: string): Promise<void> {
    await this.db.deleteFrom('remote_following').where('user_id', '=', userId).where('actor_uri', '=', actorUri).execute();
  }

  /** Whether anyone here follows this remote actor (only then are its objects kept). */
  async anyoneFollows(actorUri: string): Promise<boolean> {
    const row = await this.db.selectFrom('remote_following').select('user_id').where('actor_uri', '=', actorUri).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async upsertRemoteTrack(row: RemoteTrackRow): Promise<void> {
    const { uri: _uri, published: _published, ...changes } = row;
    await this.db.insertInto('remote_tracks').values(row).onConflict((oc) => oc.column('uri').doUpdateSet(changes)).execute();
  }

  remoteTrack(uri: string): Promise<RemoteTrackRow | undefined> {
    return this.db.selectFrom('remote_tracks').selectAll().where('uri', '=', uri).executeTakeFirst();
  }

  async deleteRemoteTrack(uri: string, actorUri: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('remote_tracks').where('uri', '=', uri).where('actor_uri', '=', actorUri).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** The remote tracks of the actors a user follows, newest first, strictly published before `before` when given (their News). */
  remoteFeed(userId: string, limit: number, before?: string): Promise<RemoteFeedRow[]> {
    return this.db
      .selectFrom('remote_tracks')
      .innerJoin('remote_following', 'remote_following.actor_uri', 'remote_tracks.actor_uri')
      .innerJoin('remote_actors', 'remote_actors.uri', 'remote_tracks.actor_uri')
      .selectAll('remote_tracks')
      .select(['remote_actors.name as actor_name', 'remote_actors.url as actor_url', 'remote_actors.handle as actor_handle', 'remote_actors.icon_url as actor_icon_url'])
      .select((eb) => {
        const mine = (kind: RemoteReactionKind) =>
          eb.exists(eb.selectFrom('remote_track_reactions').select('kind').whereRef('remote_track_reactions.track_uri', '=', 'remote_tracks.uri').where('remote_track_reactions.user_id', '=', userId).where('remote_track_reactions.kind', '=', kind));
        return [mine('like').as('liked'), mine('repost').as('reposted')];
      })
      .where('remote_following.user_id', '=', userId)
      .$if(before !== undefined, (q) => q.where('remote_tracks.published', '<', before!))
      .orderBy('remote_tracks.published', 'desc')
      .orderBy('remote_tracks.uri', 'desc')
      .limit(limit)
      .execute();
  }

  /** A local user's Like or Announce of a remote track, if they sent one. */
  remoteReaction(userId: string, trackUri: string, kind: RemoteReactionKind) {
    return this.db.selectFrom('remote_track_reactions').selectAll().where('user_id', '=', userId).where('track_uri', '=', trackUri).where('kind', '=', kind).executeTakeFirst();
  }

  /** Which of a remote track's reactions a local user sent. */
  async remoteReactionState(userId: string, trackUri: string): Promise<{ liked: boolean; reposted: boolean }> {
    const rows = await this.db.selectFrom('remote_track_reactions').select('kind').where('user_id', '=', userId).where('track_uri', '=', trackUri).execute();
    return { liked: rows.some((row) => row.kind === 'like'), reposted: rows.some((row) => row.kind === 'repost') };
  }

  /** Records a local user's Like or Announce of a remote track; false when it was already there. */
  async addRemoteReaction(userId: string, trackUri: string, kind: RemoteReactionKind, activityId: string, at: string): Promise<boolean> {
    const inserted = await this.db
      .insertInto('remote_track_reactions')
      .values({ user_id: userId, track_uri: trackUri, kind, activity_id: activityId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'track_uri', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Forgets a local user's Like or Announce of a remote track; the row it was, to send its Undo. */
  async removeRemoteReaction(userId: string, trackUri: string, kind: RemoteReactionKind) {
    return this.db.deleteFrom('remote_track_reactions').where('user_id', '=', userId).where('track_uri', '=', trackUri).where('kind', '=', kind).returningAll().executeTakeFirst();
  }

  async addSentReply(row: { id: string; user_id: string; track_uri: string; content: string; created_at: string }): Promise<void> {
    await this.db.insertInto('sent_replies').values(row).execute();
  }

  sentReply(id: string) {
    return this.db.selectFrom('sent_replies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async isBlocked(host: string): Promise<boolean> {
    const row = await this.db.selectFrom('federation_blocks').select('host').where('host', '=', host.toLowerCase()).executeTakeFirst();
    return row !== undefined;
  }

  async block(host: string, at: string): Promise<void> {
    await this.db.insertInto('federation_blocks').values({ host: host.toLowerCase(), created_at: at }).onConflict((oc) => oc.column('host').doNothing()).execute();
  }

  async unblock(host: string): Promise<void> {
    await this.db.deleteFrom('federation_blocks').where('host', '=', host.toLowerCase()).execute();
  }

  blocks() {
    return this.db.selectFrom('federation_blocks').selectAll().orderBy('host').execute();
  }
}
