import { type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Reposts: rows of `posts` with kind 'repost' (migration reposts-notifications), so the news feed
 * reads them with the posts it already reads. tracks.reposts_count moves with the row, in the
 * caller's transaction.
 */
export class RepostRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds the repost and bumps the counter, both or neither; false when it already existed. */
  async repost(trx: Transaction<Database>, repost: { id: string; userId: string; trackId: string; at: string }): Promise<boolean> {
    const inserted = await trx
      .insertInto('posts')
      .values({ id: repost.id, author_id: repost.userId, text: '', kind: 'repost', track_id: repost.trackId, created_at: repost.at })
      .onConflict((oc) => oc.columns(['track_id', 'author_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx.updateTable('tracks').set((eb) => ({ reposts_count: eb('reposts_count', '+', 1) })).where('id', '=', repost.trackId).execute();
    return true;
  }

  /** Removes the repost (and its likes) and lowers the counter, all or nothing; false when there was none. */
  async unrepost(trx: Transaction<Database>, userId: string, trackId: string): Promise<boolean> {
    const row = await trx.selectFrom('posts').select('id').where('track_id', '=', trackId).where('author_id', '=', userId).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('post_likes').where('post_id', '=', row.id).execute();
    const deleted = await trx.deleteFrom('posts').where('id', '=', row.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await trx.updateTable('tracks').set((eb) => ({ reposts_count: eb('reposts_count', '-', 1) })).where('id', '=', trackId).execute();
    return true;
  }

  /** A release's repost (migration release-reposts): the row and releases.reposts_count, both or neither; false when it already existed. */
  async repostRelease(trx: Transaction<Database>, repost: { id: string; userId: string; releaseId: string; at: string }): Promise<boolean> {
    const inserted = await trx
      .insertInto('posts')
      .values({ id: repost.id, author_id: repost.userId, text: '', kind: 'repost', release_id: repost.releaseId, created_at: repost.at })
      .onConflict((oc) => oc.columns(['release_id', 'author_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx.updateTable('releases').set((eb) => ({ reposts_count: eb('reposts_count', '+', 1) })).where('id', '=', repost.releaseId).execute();
    return true;
  }

  /** Removes a release's repost (and its likes) and lowers the counter, all or nothing; false when there was none. */
  async unrepostRelease(trx: Transaction<Database>, userId: string, releaseId: string): Promise<boolean> {
    const row = await trx.selectFrom('posts').select('id').where('release_id', '=', releaseId).where('author_id', '=', userId).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('post_likes').where('post_id', '=', row.id).execute();
    const deleted = await trx.deleteFrom('posts').where('id', '=', row.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await trx.updateTable('releases').set((eb) => ({ reposts_count: eb('reposts_count', '-', 1) })).where('id', '=', releaseId).execute();
    return true;
  }

  async isReleaseReposted(userId: string, releaseId: string): Promise<boolean> {
    const row = await this.db.selectFrom('posts').select('id').where('release_id', '=', releaseId).where('author_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  async releaseCount(releaseId: string, db: Kysely<Database> | Transaction<Database> = this.db): Promise<number | undefined> {
    const row = await db.selectFrom('releases').select('reposts_count').where('id', '=', releaseId).executeTakeFirst();
    return row?.reposts_count;
  }

  async isReposted(userId: string, trackId: string): Promise<boolean> {
    const row = await this.db.selectFrom('posts').select('id').where('track_id', '=', trackId).where('author_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  async count(trackId: string, db: Kysely<Database> | Transaction<Database> = this.db): Promise<number | undefined> {
    const row = await db.selectFrom('tracks').select('reposts_count').where('id', '=', trackId).executeTakeFirst();
    return row?.reposts_count;
  }

  /** An author's reposts, newest first, strictly older than `before`: one range of posts_author_kind_time_idx. */
  byAuthorQuery(authorId: string, before: string | undefined, limit: number) {
    let query = this.db
      .selectFrom('posts')
      .select(['posts.track_id', 'posts.release_id', 'posts.created_at'])
      .where('posts.author_id', '=', authorId)
      .where('posts.kind', '=', 'repost')
      .orderBy('posts.created_at', 'desc')
      .limit(limit);
    if (before) query = query.where('posts.created_at', '<', before);
    return query;
  }

  /** An author's reposts: each of a track (`track_id`) or of a release (`release_id`). */
  async byAuthor(authorId: string, before: string | undefined, limit: number): Promise<Array<{ track_id: string | null; release_id: string | null; created_at: string }>> {
    return this.byAuthorQuery(authorId, before, limit).execute();
  }
}
