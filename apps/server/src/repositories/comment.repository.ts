import type { Kysely, Selectable } from 'kysely';
import type { CommentsTable, Database } from '../db/schema.js';

/** A comment with its author's name and avatar, and the title of the track it is on. */
export type CommentWithAuthor = Selectable<CommentsTable> & {
  user_name: string | null;
  user_photo: string | null;
  track_title: string;
  track_artist_id: string;
};

export class CommentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('comments')
      .innerJoin('tracks', 'tracks.id', 'comments.track_id')
      .leftJoin('profiles', 'profiles.id', 'comments.user_id')
      .selectAll('comments')
      .select([
        'profiles.display_name as user_name',
        'profiles.photo_url as user_photo',
        'tracks.title as track_title',
        'tracks.artist_id as track_artist_id',
      ]);
  }

  async getById(id: string): Promise<CommentWithAuthor | undefined> {
    return this.base().where('comments.id', '=', id).executeTakeFirst();
  }

  async create(comment: { id: string; trackId: string; userId: string; text: string; positionSec: number | null; parentId: string | null; at: string }): Promise<void> {
    await this.db
      .insertInto('comments')
      .values({
        id: comment.id,
        track_id: comment.trackId,
        user_id: comment.userId,
        text: comment.text,
        position_sec: comment.positionSec,
        parent_id: comment.parentId,
        created_at: comment.at,
      })
      .execute();
  }

  /**
   * Deletes a comment and, for a thread's first comment, its replies, in one transaction.
   * Returns the ids deleted (none when it was already gone).
   */
  async delete(id: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const replies = await trx.deleteFrom('comments').where('parent_id', '=', id).returning('id').execute();
      const deleted = await trx.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return [];
      return [id, ...replies.map((r) => r.id)];
    });
  }

  /** A track's comments, oldest first (SPEC section 3); a suspended author's are left out. */
  async listForTrack(trackId: string, limit: number): Promise<CommentWithAuthor[]> {
    return this.base().where('comments.track_id', '=', trackId).where('profiles.suspended_at', 'is', null).orderBy('comments.created_at', 'asc').orderBy('comments.id').limit(limit).execute();
  }

  /** Comments on an artist's tracks, newest first: the studio's Comments list and the dashboard. */
  async listForArtist(artistId: string, limit: number): Promise<CommentWithAuthor[]> {
    return this.base()
      .where('tracks.artist_id', '=', artistId)
      .where('profiles.suspended_at', 'is', null)
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(limit)
      .execute();
  }

  async countForArtist(artistId: string): Promise<number> {
    const row = await this.db
      .selectFrom('comments')
      .innerJoin('tracks', 'tracks.id', 'comments.track_id')
      .where('tracks.artist_id', '=', artistId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
