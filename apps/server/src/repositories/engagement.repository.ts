import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewListen {
  id: string;
  trackId: string;
  artistId: string;
  userId: string | null;
  at: string;
}

/** Likes, listens, history and reports: the relations a listener creates by using the player. */
export class EngagementRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Adds the like and bumps the counter, both or neither; false when it already existed. */
  async like(trx: Transaction<Database>, userId: string, trackId: string, at: string): Promise<boolean> {
    const inserted = await trx
      .insertInto('track_likes')
      .values({ user_id: userId, track_id: trackId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'track_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx.updateTable('tracks').set((eb) => ({ likes_count: eb('likes_count', '+', 1) })).where('id', '=', trackId).execute();
    return true;
  }

  /** Removes the like and lowers the counter, both or neither; false when there was none. */
  async unlike(trx: Transaction<Database>, userId: string, trackId: string): Promise<boolean> {
    const deleted = await trx.deleteFrom('track_likes').where('user_id', '=', userId).where('track_id', '=', trackId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await trx.updateTable('tracks').set((eb) => ({ likes_count: eb('likes_count', '-', 1) })).where('id', '=', trackId).execute();
    return true;
  }

  async likedTrackIds(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('track_likes').select('track_id').where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
    return rows.map((r) => r.track_id);
  }

  /**
   * A signed-in listener's play: adds it (as addListen) unless this user already counted this track
   * between `from` and `to` (the replay guard); true when added. The check and the insert run under
   * a lock on the track's row, so simultaneous reports of one play (two tabs, two instances) count
   * once: on PostgreSQL `SELECT … FOR UPDATE` (the counter's UPDATE locks that row anyway); on
   * SQLite a transaction already holds the database's only connection and only writer.
   */
  async addListenUnlessRecent(trx: Transaction<Database>, listen: NewListen & { userId: string }, from: string, to: string): Promise<boolean> {
    if (this.dialect === 'postgres') await trx.selectFrom('tracks').select('id').where('id', '=', listen.trackId).forUpdate().execute();
    const recent = await trx
      .selectFrom('listens')
      .select('id')
      .where('user_id', '=', listen.userId)
      .where('track_id', '=', listen.trackId)
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .executeTakeFirst();
    if (recent) return false;
    await this.addListen(trx, listen);
    return true;
  }

  /** One listens row per counted play, and the track's counter (incremented in SQL), in one transaction. */
  async addListen(trx: Transaction<Database>, listen: NewListen): Promise<void> {
    await trx
      .insertInto('listens')
      .values({ id: listen.id, track_id: listen.trackId, artist_id: listen.artistId, user_id: listen.userId, created_at: listen.at })
      .execute();
    await trx.updateTable('tracks').set((eb) => ({ listens_count: eb('listens_count', '+', 1) })).where('id', '=', listen.trackId).execute();
  }

  async counters(trackId: string, db: Db = this.db): Promise<{ likes: number; listens: number } | undefined> {
    const row = await db.selectFrom('tracks').select(['likes_count', 'listens_count']).where('id', '=', trackId).executeTakeFirst();
    return row ? { likes: row.likes_count, listens: row.listens_count } : undefined;
  }

  async addHistory(entry: { id: string; userId: string; trackId: string; at: string }): Promise<void> {
    await this.db.insertInto('history').values({ id: entry.id, user_id: entry.userId, track_id: entry.trackId, played_at: entry.at }).execute();
  }

  /** The user's most recently played tracks, one row per track, newest first. */
  async recentHistory(userId: string, limit: number): Promise<Array<{ track_id: string; played_at: string }>> {
    return this.db
      .selectFrom('history')
      .select(['track_id', (eb) => eb.fn.max('played_at').as('played_at')])
      .where('user_id', '=', userId)
      .groupBy('track_id')
      .orderBy('played_at', 'desc')
      .limit(limit)
      .execute();
  }

  async addReport(report: { id: string; trackId: string; userId: string | null; reason: string | null; at: string }): Promise<void> {
    await this.db
      .insertInto('reports')
      .values({ id: report.id, track_id: report.trackId, user_id: report.userId, reason: report.reason, created_at: report.at })
      .execute();
  }
}
