import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database, SimilarReason } from '../db/schema.js';

/** How many similar tracks the job keeps per track. */
export const SIMILAR_PER_TRACK = 50;
/** Each signal looks at this many of the newest rows behind it (a seed's listeners, a listener's plays, a tag's tracks…). */
export const SIGNAL_WINDOW = 200;

/** Points per shared listener, liker, tag; a same-genre neighbour gets the least. */
export const SIGNAL_WEIGHTS = { 'co-listened': 100, 'co-liked': 60, 'same tags': 30, 'same genre': 1 } as const;

export interface SimilarRow {
  track_id: string;
  similar_id: string;
  score: number;
  reason: SimilarReason;
}

export interface Cursor {
  at: string;
  id: string;
}

/**
 * Radio's data: track_similar, the job's cursors and the daily mixes. The similar
 * tracks are computed here in one SQL statement per batch of tracks (REFRESH_BATCH: 25, a quarter of a second of a busy SQLite at 20,000 tracks), the same on both engines.
 */
export class RadioRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /**
   * Recomputes the similar tracks of `ids` (replacing their rows): co-listens (listeners among the
   * track's newest SIGNAL_WINDOW plays, each one's newest SIGNAL_WINDOW plays), co-likes the same
   * way, shared tags (each tag's newest 100 tracks) and, as the fallback, the genre's newest 30
   * visible tracks. Scores add up per neighbour; the reason is the strongest kind of signal present.
   * Only visible (public, not moderated) neighbours are kept, at most SIMILAR_PER_TRACK per track.
   */
  async refresh(ids: string[], now: string): Promise<number> {
    if (ids.length === 0) return 0;
    const statement = this.refreshStatement(ids, now);
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('track_similar').where(this.dialect.idIn(sql.ref('track_id'), ids)).execute();
      const result = await statement.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    });
  }

  /** The INSERT … SELECT of refresh (public so the plan test can EXPLAIN it). */
  refreshStatement(ids: string[], now: string): RawBuilder<unknown> {
    const w = SIGNAL_WEIGHTS;
    const offset = SIGNAL_WINDOW - 1;
    return sql`
      with seeds as (
        select t.id, t.genre from tracks t where ${this.dialect.idIn(sql.ref('t.id'), ids)}
      ),
      listeners as (
        select distinct s.id as seed_id, h.user_id from seeds s
        join history h on h.track_id = s.id
          and h.played_at >= coalesce((select x.played_at from history x where x.track_id = s.id order by x.played_at desc limit 1 offset ${sql.lit(offset)}), '')
      ),
      likers as (
        select distinct s.id as seed_id, k.user_id from seeds s
        join track_likes k on k.track_id = s.id
          and k.created_at >= coalesce((select x.created_at from track_likes x where x.track_id = s.id order by x.created_at desc limit 1 offset ${sql.lit(offset)}), '')
      ),
      signals as (
        select l.seed_id, h.track_id as similar_id, count(distinct l.user_id) * ${sql.lit(w['co-listened'])} as score, 4 as strength
        from listeners l
        join history h on h.user_id = l.user_id
          and h.played_at >= coalesce((select x.played_at from history x where x.user_id = l.user_id order by x.played_at desc limit 1 offset ${sql.lit(offset)}), '')
        where h.track_id <> l.seed_id
        group by l.seed_id, h.track_id
        union all
        select l.seed_id, k.track_id as similar_id, count(distinct l.user_id) * ${sql.lit(w['co-liked'])} as score, 3 as strength
        from likers l
        join track_likes k on k.user_id = l.user_id
          and k.created_at >= coalesce((select x.created_at from track_likes x where x.user_id = l.user_id order by x.created_at desc limit 1 offset ${sql.lit(offset)}), '')
        where k.track_id <> l.seed_id
        group by l.seed_id, k.track_id
        union all
        select s.id as seed_id, t2.track_id as similar_id, count(*) * ${sql.lit(w['same tags'])} as score, 2 as strength
        from seeds s
        join track_tags t1 on t1.track_id = s.id and ${this.dialect.idIn(sql.ref('t1.track_id'), ids)}
        join track_tags t2 on t2.tag = t1.tag
          and t2.created_at >= coalesce((select x.created_at from track_tags x where x.tag = t1.tag order by x.created_at desc limit 1 offset 99), '')
        where t2.track_id <> s.id
        group by s.id, t2.track_id
        union all
        select s.id as seed_id, g.id as similar_id, ${sql.lit(w['same genre'])} as score, 1 as strength
        from seeds s
        join tracks g on g.genre = s.genre and g.hidden = 0
          and g.created_at >= coalesce((select x.created_at from tracks x where x.genre = s.genre and x.hidden = 0 order by x.created_at desc limit 1 offset 29), '')
        where g.id <> s.id
      ),
      combined as (
        select seed_id, similar_id, sum(score) as score, max(strength) as strength from signals group by seed_id, similar_id
      ),
      ranked as (
        select c.seed_id, c.similar_id, c.score, c.strength,
          row_number() over (partition by c.seed_id order by c.score desc, c.similar_id) as n
        from combined c join tracks t on t.id = c.similar_id and t.hidden = 0
      )
      insert into track_similar (track_id, similar_id, score, reason, computed_at)
      select seed_id, similar_id, cast(score as integer),
        case strength when 4 then 'co-listened' when 3 then 'co-liked' when 2 then 'same tags' else 'same genre' end,
        ${now}
      from ranked where n <= ${sql.lit(SIMILAR_PER_TRACK)}`;
  }

  /** Tracks played after the cursor (history_time_idx), oldest first: up to `rows` plays, as distinct ids and the new cursor. */
  async playedAfter(cursor: Cursor | undefined, rows: number): Promise<{ ids: string[]; cursor: Cursor | undefined }> {
    const plays = await this.db
      .selectFrom('history')
      .select(['played_at', 'track_id'])
      .$if(cursor !== undefined, (q) => q.where(sql<SqlBool>`(played_at, track_id) > (${cursor!.at}, ${cursor!.id})`))
      .orderBy('played_at')
      .orderBy('track_id')
      .limit(rows)
      .execute();
    const last = plays.at(-1);
    return { ids: [...new Set(plays.map((p) => p.track_id))], cursor: last ? { at: last.played_at, id: last.track_id } : cursor };
  }

  /** Visible tracks after the cursor in creation order (tracks_created_idx): the catalogue walk. */
  async tracksAfter(cursor: Cursor | undefined, limit: number): Promise<{ ids: string[]; cursor: Cursor | undefined }> {
    const rows = await this.db
      .selectFrom('tracks')
      .select(['id', 'created_at'])
      .where('hidden', '=', 0)
      .$if(cursor !== undefined, (q) => q.where(sql<SqlBool>`(created_at, id) > (${cursor!.at}, ${cursor!.id})`))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    const last = rows.at(-1);
    return { ids: rows.map((r) => r.id), cursor: last ? { at: last.created_at, id: last.id } : cursor };
  }

  async getCursor(name: string): Promise<Cursor | undefined> {
    const row = await this.db.selectFrom('radio_cursors').select('value').where('name', '=', name).executeTakeFirst();
    if (!row) return undefined;
    const at = row.value.indexOf('~');
    return { at: row.value.slice(0, at), id: row.value.slice(at + 1) };
  }

  async setCursor(name: string, cursor: Cursor): Promise<void> {
    const value = `${cursor.at}~${cursor.id}`;
    await this.db
      .insertInto('radio_cursors')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  }

  /** The query behind similarTo (public so the plan test can EXPLAIN it): a range of track_similar_order_idx. */
  similarQuery(trackId: string, exclude: string[], limit: number) {
    return this.db
      .selectFrom('track_similar')
      .innerJoin('tracks', 'tracks.id', 'track_similar.similar_id')
      .select(['track_similar.track_id', 'track_similar.similar_id', 'track_similar.score', 'track_similar.reason'])
      .where('track_similar.track_id', '=', trackId)
      .where('tracks.hidden', '=', 0)
      .where(this.dialect.idNotIn(sql.ref('track_similar.similar_id'), exclude))
      .orderBy('track_similar.score', 'desc')
      .orderBy('track_similar.similar_id')
      .limit(limit);
  }

  /** A track's visible similar tracks, best first, leaving out `exclude`. */
  async similarTo(trackId: string, exclude: string[], limit: number): Promise<SimilarRow[]> {
    const rows = await this.similarQuery(trackId, exclude, limit).execute();
    return rows.map((r) => ({ ...r, score: Number(r.score) }));
  }

  /** The query behind genreFill (public for EXPLAIN): the genre's newest visible tracks from tracks_genre_order_idx. */
  genreQuery(genre: string, exclude: string[], limit: number) {
    return this.db
      .selectFrom('tracks')
      .select('id')
      .where('genre', '=', genre)
      .where('hidden', '=', 0)
      .where(this.dialect.idNotIn(sql.ref('id'), exclude))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
  }

  async genreFill(genre: string, exclude: string[], limit: number): Promise<string[]> {
    return (await this.genreQuery(genre, exclude, limit).execute()).map((r) => r.id);
  }

  /** The query behind newestFill (public for EXPLAIN): the newest visible tracks from tracks_created_idx. */
  newestQuery(exclude: string[], limit: number) {
    return this.db
      .selectFrom('tracks')
      .select('id')
      .where('hidden', '=', 0)
      .where(this.dialect.idNotIn(sql.ref('id'), exclude))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
  }

  async newestFill(exclude: string[], limit: number): Promise<string[]> {
    return (await this.newestQuery(exclude, limit).execute()).map((r) => r.id);
  }

  /** An artist's most listened visible tracks (tracks_artist_order_idx narrows to the artist). */
  async artistTop(artistId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tracks')
      .select('id')
      .where('artist_id', '=', artistId)
      .where('hidden', '=', 0)
      .orderBy('listens_count', 'desc')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The listener's most recently played distinct tracks, and most recently liked. */
  async listenerSeeds(userId: string, before: string, limit: number): Promise<string[]> {
    const played = await this.db
      .selectFrom('history')
      .select(['track_id', (eb) => eb.fn.max('played_at').as('at')])
      .where('user_id', '=', userId)
      .where('played_at', '<', before)
      .groupBy('track_id')
      .orderBy('at', 'desc')
      .orderBy('track_id')
      .limit(limit)
      .execute();
    const liked = await this.db
      .selectFrom('track_likes')
      .select('track_id')
      .where('user_id', '=', userId)
      .where('created_at', '<', before)
      .orderBy('created_at', 'desc')
      .orderBy('track_id')
      .limit(Math.ceil(limit / 2))
      .execute();
    return [...new Set([...played.map((r) => r.track_id), ...liked.map((r) => r.track_id)])];
  }

  async getDailyMix(userId: string, day: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('daily_mixes').select('items').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
    return row?.items;
  }

  /** Keeps the first mix written for the day (a concurrent request's is the same or loses); older days go. */
  async saveDailyMix(userId: string, day: string, items: string): Promise<string> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('daily_mixes').where('user_id', '=', userId).where('day', '<>', day).execute();
      await trx
        .insertInto('daily_mixes')
        .values({ user_id: userId, day, items })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .execute();
    });
    return (await this.getDailyMix(userId, day)) ?? items;
  }
}
