import { type Kysely, type Transaction, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * One reported play, as the listens batch records it (`recordPlays`). `rule` says how it counts:
 * - `guarded`: a signed-in listener's play, counted unless the same user has a listen of the track
 *   between `from` and `to` (the replay guard), in the database or earlier in the same batch;
 * - `counted`: counted (an anonymous play the shared state saw first);
 * - `repeat`: not counted (an anonymous report seen within the guard window); only read the counters.
 */
export interface ReportedPlay {
  id: string;
  trackId: string;
  userId: string | null;
  at: string;
  rule: { kind: 'guarded'; from: string; to: string } | { kind: 'counted' } | { kind: 'repeat' };
}

/** What became of a reported play: its track was missing or hidden, or counted or not, with the track's counters after the commit. */
export type PlayOutcome = { found: false } | { found: true; counted: boolean; likes: number; listens: number };

/** Likes, listens, history and reports: the relations a listener creates by using the player. */
export class EngagementRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

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
   * Records a batch of reported plays in the caller's transaction: one outcome per play, in order.
   * Statements per batch, however many plays: the tracks' rows (locked), the replay guard's lookup
   * (when signed-in plays are in it), one INSERT of the counted plays and one UPDATE … RETURNING
   * of the counters.
   *
   * The replay guard is checked under a lock on the tracks' rows, so simultaneous reports of one
   * play (two tabs, two instances, two batches) count once: on PostgreSQL `SELECT … FOR UPDATE`,
   * taken in id order so that two batches never wait on each other in a cycle; on SQLite a
   * transaction already holds the database's only connection and only writer. Within the batch,
   * plays are decided in order as if each were its own transaction, so a play reported twice in one
   * batch counts once. Missing and hidden tracks count nothing.
   */
  async recordPlays(trx: Transaction<Database>, plays: ReportedPlay[]): Promise<PlayOutcome[]> {
    const trackIds = [...new Set(plays.map((p) => p.trackId))].sort();
    const trackRows = this.dialect.forUpdate(trx.selectFrom('tracks').select(['id', 'artist_id', 'hidden', 'likes_count', 'listens_count']).where('id', 'in', trackIds).orderBy('id'));
    const tracks = new Map((await trackRows.execute()).filter((t) => !t.hidden).map((t) => [t.id, t]));

    // Every earlier listen that could stop a guarded play of the batch, by listener and track.
    const windows = plays.flatMap((p) =>
      p.rule.kind === 'guarded' && p.userId !== null && tracks.has(p.trackId) ? [{ userId: p.userId, trackId: p.trackId, from: p.rule.from, to: p.rule.to }] : [],
    );
    const listenedAt = new Map<string, string[]>();
    const listenerKey = (userId: string, trackId: string) => `${userId}\n${trackId}`;
    if (windows.length > 0) {
      const earlier = await this.listensWithin(trx, windows).execute();
      for (const row of earlier) {
        const key = listenerKey(row.user_id as string, row.track_id);
        listenedAt.set(key, [...(listenedAt.get(key) ?? []), row.created_at]);
      }
    }

    const counted: Array<ReportedPlay & { artistId: string }> = [];
    const decisions = plays.map((play): boolean | undefined => {
      const track = tracks.get(play.trackId);
      if (!track) return undefined;
      if (play.rule.kind === 'repeat') return false;
      if (play.rule.kind === 'guarded' && play.userId !== null) {
        const { from, to } = play.rule;
        const key = listenerKey(play.userId, play.trackId);
        const times = listenedAt.get(key) ?? [];
        if (times.some((at) => at >= from && at <= to)) return false;
        listenedAt.set(key, [...times, play.at]);
      }
      counted.push({ ...play, artistId: track.artist_id });
      return true;
    });

    if (counted.length > 0) {
      await trx
        .insertInto('listens')
        .values(counted.map((p) => ({ id: p.id, track_id: p.trackId, artist_id: p.artistId, user_id: p.userId, created_at: p.at })))
        .execute();
      const added = new Map<string, number>();
      for (const p of counted) added.set(p.trackId, (added.get(p.trackId) ?? 0) + 1);
      // One statement for every track of the batch; the counters come back from it, not from a read.
      const increment = sql<number>`CASE ${sql.ref('id')} ${sql.join(
        [...added].map(([id, n]) => sql`WHEN ${id} THEN CAST(${n} AS integer)`),
        sql` `,
      )} END`;
      const updated = await trx
        .updateTable('tracks')
        .set((eb) => ({ listens_count: eb('listens_count', '+', increment) }))
        .where('id', 'in', [...added.keys()])
        .returning(['id', 'likes_count', 'listens_count'])
        .execute();
      for (const row of updated) {
        const track = tracks.get(row.id);
        if (track) Object.assign(track, { likes_count: row.likes_count, listens_count: row.listens_count });
      }
    }

    return plays.map((play, i) => {
      const track = tracks.get(play.trackId);
      const isCounted = decisions[i];
      if (!track || isCounted === undefined) return { found: false };
      return { found: true, counted: isCounted, likes: track.likes_count, listens: track.listens_count };
    });
  }

  /**
   * The listens of each user and track between its `from` and `to`: what stops a guarded play.
   * Each one is a single range of listens_user_track_time_idx.
   */
  listensWithin(db: Db, windows: Array<{ userId: string; trackId: string; from: string; to: string }>) {
    return db
      .selectFrom('listens')
      .select(['user_id', 'track_id', 'created_at'])
      .where((eb) =>
        eb.or(windows.map((w) => eb.and([eb('user_id', '=', w.userId), eb('track_id', '=', w.trackId), eb('created_at', '>=', w.from), eb('created_at', '<=', w.to)]))),
      );
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
