import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** ISO timestamps are UTC text on both engines, so the first ten characters are the UTC day. */
const day = sql<string>`substr(created_at, 1, 10)`;

/**
 * The artist dashboard's aggregates. Listens are read by listens_artist_time_idx (the artist is on
 * each listen row), subscribers by follows_artist_time_idx, totals from the artist's tracks
 * (tracks_artist_order_idx): the cost follows the artist's own activity, not the catalogue's.
 */
export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private listensOfArtist(artistId: string, since: string) {
    return this.db.selectFrom('listens').where('listens.artist_id', '=', artistId).where('listens.created_at', '>=', since);
  }

  /** The query behind listensPerDay(); public so a test can read its plan. */
  listensPerDayQuery(artistId: string, since: string) {
    return this.listensOfArtist(artistId, since)
      .select([sql<string>`substr(listens.created_at, 1, 10)`.as('date'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(sql`substr(listens.created_at, 1, 10)`);
  }

  async listensPerDay(artistId: string, since: string): Promise<Array<{ date: string; count: number }>> {
    const rows = await this.listensPerDayQuery(artistId, since).execute();
    return rows.map((r) => ({ date: r.date, count: Number(r.n) }));
  }

  /** Listens inside the range per track, most first. */
  async listensByTrack(artistId: string, since: string, limit: number): Promise<Array<{ trackId: string; count: number }>> {
    const rows = await this.listensOfArtist(artistId, since)
      .select(['listens.track_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('listens.track_id')
      .orderBy('n', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ trackId: r.track_id, count: Number(r.n) }));
  }

  async subscribersPerDay(artistId: string, since: string): Promise<Array<{ date: string; count: number }>> {
    const rows = await this.db
      .selectFrom('follows')
      .where('artist_id', '=', artistId)
      .where('created_at', '>=', since)
      .select([day.as('date'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(day)
      .execute();
    return rows.map((r) => ({ date: r.date, count: Number(r.n) }));
  }

  /** Totals over all the artist's tracks, hidden ones included (they are still the artist's). */
  async trackTotals(artistId: string): Promise<{ listens: number; likes: number; tracks: number }> {
    const row = await this.db
      .selectFrom('tracks')
      .where('artist_id', '=', artistId)
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('listens_count'), sql<number>`0`).as('listens'),
        eb.fn.coalesce(eb.fn.sum<number>('likes_count'), sql<number>`0`).as('likes'),
        eb.fn.countAll<number>().as('tracks'),
      ])
      .executeTakeFirstOrThrow();
    return { listens: Number(row.listens), likes: Number(row.likes), tracks: Number(row.tracks) };
  }

}
