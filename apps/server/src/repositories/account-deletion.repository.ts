import { type Kysely, type Transaction, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { AccountDeletionsTable, Database } from '../db/schema.js';

/** What an audit row names instead of an account that was deleted. */
export const DELETED_ACCOUNT = 'deleted-account';

/** A track of the account being purged, with every storage key it holds. */
export interface PurgeTrack {
  id: string;
  artist_id: string;
  hidden: number;
  storage_key: string;
  image_key: string | null;
  high_key: string | null;
  saver_key: string | null;
}

/** A counter column on a table with a text `id`, lowered by the rows a purge step deleted. */
type Counted = { table: 'tracks' | 'releases' | 'posts' | 'profiles'; column: string };

/**
 * Deleting an account: the request (pending during its grace, cancelled by a sign-in) and the
 * purge, as steps that each delete at most `limit` rows of one kind in one transaction and lower
 * in that transaction every counter those rows counted (likes, listens, reposts, subscribers,
 * subscriptions), so a counter equals a recount after every committed step, and a huge account
 * never holds one long transaction. Each step answers how many rows it took; 0 means that kind is
 * done, so running the steps again after a crash finishes the work (idempotent). The batch is
 * read and deleted in the same transaction, under row locks on PostgreSQL, and counters are
 * updated in id order (as the listens batches lock tracks), so two writers never deadlock.
 */
export class AccountDeletionRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /** Records (or replaces) the request; `due_at` is when the purge may start. */
  async request(userId: string, requestedAt: string, dueAt: string): Promise<void> {
    await this.db
      .insertInto('account_deletions')
      .values({ user_id: userId, requested_at: requestedAt, due_at: dueAt })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ requested_at: requestedAt, due_at: dueAt }))
      .execute();
  }

  async get(userId: string): Promise<AccountDeletionsTable | undefined> {
    return this.db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Cancels a request still in its grace (due after `now`); false when there was none, or it is already due. */
  async cancelInGrace(userId: string, now: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('account_deletions').where('user_id', '=', userId).where('due_at', '>', now).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** Accounts whose grace is over (or whose purge a crash stopped), soonest first. */
  async due(now: string, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('account_deletions').select('user_id').where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();
    return rows.map((row) => row.user_id);
  }

  /** The account's email and whether it still exists (the purge needs the email for the last step). */
  async email(userId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
    return row?.email;
  }

  /**
   * First step: every way in. Sessions, Subsonic credentials, ListenBrainz link and outbox, play
   * queue, now playing, daily mixes and notification opt-outs (a handful of rows per account).
   */
  async closeAccess(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM "session" WHERE "userId" = ${userId}`.execute(trx);
      for (const table of ['subsonic_credentials', 'listenbrainz_pending', 'listenbrainz_links', 'play_queues', 'now_playing', 'daily_mixes', 'notification_optouts'] as const) {
        await trx.deleteFrom(table).where('user_id', '=', userId).execute();
      }
    });
  }

  /** The account's next tracks to delete (the service deletes their files, then each row through the track's own delete). */
  async tracks(userId: string, limit: number): Promise<PurgeTrack[]> {
    return this.db
      .selectFrom('tracks')
      .select(['id', 'artist_id', 'hidden', 'storage_key', 'image_key', 'high_key', 'saver_key'])
      .where('artist_id', '=', userId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Thins one of the account's tracks before its row goes: up to `limit` of its listens (its
   * listens_count lowered), else of its likes (likes_count lowered), else of its history rows, so
   * a much-played track never makes one huge transaction.
   */
  async thinTrack(trackId: string, limit: number): Promise<number> {
    const listens = await this.deleteCounted({ table: 'tracks', column: 'listens_count' }, async (trx) => {
      const ids = (await trx.selectFrom('listens').select('id').where('track_id', '=', trackId).limit(limit).execute()).map((r) => r.id);
      if (ids.length > 0) await trx.deleteFrom('listens').where('id', 'in', ids).execute();
      return ids.map(() => trackId);
    });
    if (listens > 0) return listens;
    const likes = await this.deleteCounted({ table: 'tracks', column: 'likes_count' }, async (trx) => {
      const users = (await trx.selectFrom('track_likes').select('user_id').where('track_id', '=', trackId).limit(limit).execute()).map((r) => r.user_id);
      if (users.length > 0) await trx.deleteFrom('track_likes').where('track_id', '=', trackId).where('user_id', 'in', users).execute();
      return users.map(() => trackId);
    });
    if (likes > 0) return likes;
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('history').select('id').where('track_id', '=', trackId).limit(limit).execute()).map((r) => r.id);
      if (ids.length > 0) await trx.deleteFrom('history').where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  /** The account's releases (their tracks are gone by now: releases keep no track of their own). Their likes and reposts go by cascade. */
  async deleteReleases(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await this.dialect.forUpdate(trx.selectFrom('releases').select('id').where('artist_id', '=', userId).orderBy('id').limit(limit)).execute()).map((r) => r.id);
      if (ids.length === 0) return 0;
      await trx.updateTable('tracks').set({ release_id: null, release_position: null }).where('release_id', 'in', ids).execute();
      await trx.deleteFrom('releases').where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  /** The account's likes of tracks, each track's likes_count lowered. */
  deleteTrackLikes(userId: string, limit: number): Promise<number> {
    return this.deleteCounted({ table: 'tracks', column: 'likes_count' }, async (trx) => {
      const rows = await this.dialect.forUpdate(trx.selectFrom('track_likes').select('track_id').where('user_id', '=', userId).orderBy('track_id').limit(limit)).execute();
      const ids = rows.map((r) => r.track_id);
      if (ids.length > 0) await trx.deleteFrom('track_likes').where('user_id', '=', userId).where('track_id', 'in', ids).execute();
      return ids;
    });
  }

  /** The account's likes of releases, each release's likes_count lowered. */
  deleteReleaseLikes(userId: string, limit: number): Promise<number> {
    return this.deleteCounted({ table: 'releases', column: 'likes_count' }, async (trx) => {
      const rows = await this.dialect.forUpdate(trx.selectFrom('release_likes').select('release_id').where('user_id', '=', userId).orderBy('release_id').limit(limit)).execute();
      const ids = rows.map((r) => r.release_id);
      if (ids.length > 0) await trx.deleteFrom('release_likes').where('user_id', '=', userId).where('release_id', 'in', ids).execute();
      return ids;
    });
  }

  /** The account's likes of posts, each post's likes_count lowered. */
  deletePostLikes(userId: string, limit: number): Promise<number> {
    return this.deleteCounted({ table: 'posts', column: 'likes_count' }, async (trx) => {
      const rows = await this.dialect.forUpdate(trx.selectFrom('post_likes').select('post_id').where('user_id', '=', userId).orderBy('post_id').limit(limit)).execute();
      const ids = rows.map((r) => r.post_id);
      if (ids.length > 0) await trx.deleteFrom('post_likes').where('user_id', '=', userId).where('post_id', 'in', ids).execute();
      return ids;
    });
  }

  /**
   * The account's counted listens, each track's listens_count lowered (the plays leave the
   * artists' statistics with the listener). Taken track by track (listens_user_track_time_idx), so
   * a batch lowers a few tracks' counters by many rather than hundreds by one: a counter update
   * rewrites every index of its track row on PostgreSQL (bench/account-deletion.md).
   */
  deleteListens(userId: string, limit: number): Promise<number> {
    return this.deleteCounted({ table: 'tracks', column: 'listens_count' }, async (trx) => {
      const rows = await this.dialect
        .forUpdate(trx.selectFrom('listens').select(['id', 'track_id']).where('user_id', '=', userId).orderBy('track_id').orderBy('created_at').limit(limit))
        .execute();
      if (rows.length > 0) await trx.deleteFrom('listens').where('id', 'in', rows.map((r) => r.id)).execute();
      return rows.map((r) => r.track_id);
    });
  }

  /** The account's history (no counter counts it). */
  async deleteHistory(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('history').select('id').where('user_id', '=', userId).orderBy('played_at').limit(limit).execute()).map((r) => r.id);
      if (ids.length > 0) await trx.deleteFrom('history').where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  /**
   * The account's posts and reposts; a repost lowers its track's or release's reposts_count. The
   * likes others gave these posts go with them (post_likes cascades; they count nothing else).
   */
  async deletePosts(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.dialect
        .forUpdate(trx.selectFrom('posts').select(['id', 'kind', 'track_id', 'release_id']).where('author_id', '=', userId).orderBy('id').limit(limit))
        .execute();
      if (rows.length === 0) return 0;
      await trx.deleteFrom('posts').where('id', 'in', rows.map((r) => r.id)).execute();
      const reposts = rows.filter((r) => r.kind === 'repost');
      await lowerCounters(trx, this.dialect, { table: 'tracks', column: 'reposts_count' }, reposts.flatMap((r) => (r.track_id ? [r.track_id] : [])));
      await lowerCounters(trx, this.dialect, { table: 'releases', column: 'reposts_count' }, reposts.flatMap((r) => (r.release_id ? [r.release_id] : [])));
      return rows.length;
    });
  }

  /**
   * The account's comments and replies. A thread's first comment takes its replies with it, as
   * deleting one always does (a reply is never left answering nothing); notifications about
   * them go by cascade. No counter counts comments.
   */
  async deleteComments(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('comments').select('id').where('user_id', '=', userId).orderBy('created_at').limit(limit).execute()).map((r) => r.id);
      if (ids.length === 0) return 0;
      await trx.deleteFrom('comments').where('parent_id', 'in', ids).execute();
      await trx.deleteFrom('comments').where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  /**
   * Whom the account follows (each artist's subscribers_count lowered, and the account's own
   * subscriptions_count), then who follows it (each follower's subscriptions_count lowered, and the
   * account's own subscribers_count): its profile keeps counting right until it goes.
   */
  async deleteFollows(userId: string, limit: number): Promise<number> {
    const following = await this.deleteCounted({ table: 'profiles', column: 'subscribers_count' }, async (trx) => {
      const ids = (await this.dialect.forUpdate(trx.selectFrom('follows').select('artist_id').where('subscriber_id', '=', userId).orderBy('artist_id').limit(limit)).execute()).map((r) => r.artist_id);
      if (ids.length > 0) {
        await trx.deleteFrom('follows').where('subscriber_id', '=', userId).where('artist_id', 'in', ids).execute();
        await trx.updateTable('profiles').set((eb) => ({ subscriptions_count: eb('subscriptions_count', '-', ids.length) })).where('id', '=', userId).execute();
      }
      return ids;
    });
    if (following > 0) return following;
    return this.deleteCounted({ table: 'profiles', column: 'subscriptions_count' }, async (trx) => {
      const ids = (await this.dialect.forUpdate(trx.selectFrom('follows').select('subscriber_id').where('artist_id', '=', userId).orderBy('subscriber_id').limit(limit)).execute()).map((r) => r.subscriber_id);
      if (ids.length > 0) {
        await trx.deleteFrom('follows').where('artist_id', '=', userId).where('subscriber_id', 'in', ids).execute();
        await trx.updateTable('profiles').set((eb) => ({ subscribers_count: eb('subscribers_count', '-', ids.length) })).where('id', '=', userId).execute();
      }
      return ids;
    });
  }

  /** The account's own playlists, whole (entries, collaborators and activity cascade; nothing outside counts them). */
  async deletePlaylists(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('playlists').select('id').where('user_id', '=', userId).orderBy('id').limit(limit).execute()).map((r) => r.id);
      if (ids.length > 0) await trx.deleteFrom('playlists').where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  /**
   * What the account did in others' collaborative playlists: its entries stay, attributed to no
   * one ("a deleted account"), its activity lines likewise, and it stops being a collaborator.
   */
  async releaseCollaborations(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const entries = (await trx.selectFrom('playlist_tracks').select('id').where('added_by', '=', userId).limit(limit).execute()).map((r) => r.id);
      if (entries.length > 0) await trx.updateTable('playlist_tracks').set({ added_by: null }).where('id', 'in', entries).execute();
      const activity = (await trx.selectFrom('playlist_activity').select('id').where('user_id', '=', userId).limit(limit).execute()).map((r) => r.id);
      if (activity.length > 0) await trx.updateTable('playlist_activity').set({ user_id: null }).where('id', 'in', activity).execute();
      const left = await trx.deleteFrom('playlist_collaborators').where('user_id', '=', userId).executeTakeFirst();
      return entries.length + activity.length + Number(left.numDeletedRows);
    });
  }

  /** The account's notifications, and the ones it caused others to get (it is their actor). */
  async deleteNotifications(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const own = await trx.selectFrom('notifications').select('key').where('user_id', '=', userId).limit(limit).execute();
      if (own.length > 0) await trx.deleteFrom('notifications').where('user_id', '=', userId).where('key', 'in', own.map((r) => r.key)).execute();
      if (own.length > 0) return own.length;
      const caused = await trx.selectFrom('notifications').select(['user_id', 'key']).where('actor_id', '=', userId).limit(limit).execute();
      for (const row of caused) await trx.deleteFrom('notifications').where('user_id', '=', row.user_id).where('key', '=', row.key).execute();
      return caused.length;
    });
  }

  /** The reports the account made (gone), and its name on reports it reviewed as an admin (cleared). */
  async deleteReports(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('reports').select('id').where('user_id', '=', userId).limit(limit).execute()).map((r) => r.id);
      if (ids.length > 0) await trx.deleteFrom('reports').where('id', 'in', ids).execute();
      const reviewed = await trx.updateTable('reports').set({ reviewed_by: null }).where('reviewed_by', '=', userId).executeTakeFirst();
      return ids.length + Number(reviewed.numUpdatedRows);
    });
  }

  /** The account's upload rows (their files go with the account's `uploads/<id>/` folder). */
  async deleteUploads(userId: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('uploads').select('id').where('user_id', '=', userId).limit(limit).execute()).map((r) => r.id);
      if (ids.length > 0) await trx.deleteFrom('uploads').where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  /**
   * The last step, in one transaction: messages sent to the admins from the account's address,
   * better-auth's rows (verification values naming the account or its address, accounts,
   * sessions; a plugin's own tables, two-factor and passkeys, cascade from `user`), the profile,
   * the user and the request itself. Nothing that counts anything is left to cascade by now.
   */
  async finish(userId: string, email: string | undefined): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (email) await trx.deleteFrom('contact_messages').where('email', '=', email).execute();
      await sql`DELETE FROM "verification" WHERE "identifier" LIKE ${`%${userId}%`} OR "value" LIKE ${`%${userId}%`}`.execute(trx);
      if (email) await sql`DELETE FROM "verification" WHERE "identifier" LIKE ${`%${email}%`} OR "value" LIKE ${`%${email}%`}`.execute(trx);
      // The audit log keeps what admins did, but not who to or by: the account becomes "a deleted account".
      await trx.updateTable('admin_audit').set({ target_id: DELETED_ACCOUNT, details: '{}' }).where('target_id', '=', userId).execute();
      await trx.updateTable('admin_audit').set({ actor_id: null }).where('actor_id', '=', userId).execute();
      await trx
        .updateTable('admin_audit')
        .set({ details: '{}' })
        .where((eb) => eb.or([eb('details', 'like', `%${userId}%`), ...(email ? [eb('details', 'like', `%${email}%`)] : [])]))
        .execute();
      await sql`DELETE FROM "account" WHERE "userId" = ${userId}`.execute(trx);
      await sql`DELETE FROM "session" WHERE "userId" = ${userId}`.execute(trx);
      await trx.deleteFrom('profiles').where('id', '=', userId).execute();
      await trx.deleteFrom('user').where('id', '=', userId).execute();
      await trx.deleteFrom('account_deletions').where('user_id', '=', userId).execute();
    });
  }

  /** Deletes one batch (`take` answers the ids whose counter each deleted row counted) and lowers those counters, in one transaction. */
  private async deleteCounted(counted: Counted, take: (trx: Transaction<Database>) => Promise<string[]>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ids = await take(trx);
      await lowerCounters(trx, this.dialect, counted, ids);
      return ids.length;
    });
  }
}

/**
 * Lowers `counted` on each row once per time its id appears in `ids`: the rows are locked first in
 * id order (PostgreSQL; as the listens batches lock tracks, so the two never deadlock), then one
 * UPDATE per distinct amount (mostly one: each row lowered by 1), not one per row.
 */
async function lowerCounters(trx: Transaction<Database>, dialect: Dialect, counted: Counted, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const distinct = [...counts.keys()].sort();
  await dialect.forUpdate(trx.selectFrom(counted.table).select('id').where('id', 'in', distinct).orderBy('id')).execute();
  const byAmount = new Map<number, string[]>();
  for (const id of distinct) byAmount.set(counts.get(id)!, [...(byAmount.get(counts.get(id)!) ?? []), id]);
  for (const [amount, group] of byAmount) {
    await sql`UPDATE ${sql.table(counted.table)} SET ${sql.ref(counted.column)} = ${sql.ref(counted.column)} - ${amount} WHERE ${dialect.idIn(sql.ref('id'), group)}`.execute(trx);
  }
}
