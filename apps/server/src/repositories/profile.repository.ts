import { type Kysely, type SqlBool, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import { containsText, longestLiteralRun } from './track-query.js';
import type { Database, NewProfile, ProfileRow, ProfileUpdate } from '../db/schema.js';

/**
 * SQLite: a query naming at most this many artists in artists_search has them ranked from their
 * rows; one naming more walks profiles_artist_rank_idx, where it meets its first ten early.
 */
export const FEW_ARTISTS = 100;

export class ProfileRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  async getById(id: string): Promise<ProfileRow | undefined> {
    return this.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Creates the profile unless one exists; returns whether it was created. */
  async createIfMissing(profile: NewProfile): Promise<boolean> {
    const result = await this.db
      .insertInto('profiles')
      .values(profile)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(id: string, changes: ProfileUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable('profiles')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * SPEC section 5: artists are profiles with isArtist and at least one track whose name contains
   * the text; most subscribed first. Their ids come from profiles_artist_rank_idx alone, a partial
   * index in this order that holds names and ids: the walk stops at the `limit`-th match and reads
   * no row on the way. Its condition is written out literally, as a partial index is only used
   * for a query whose WHERE visibly implies it. Public so tests can EXPLAIN it.
   */
  searchArtistIds(lowerText: string, limit: number) {
    return this.db
      .selectFrom('profiles')
      .select('id')
      .where(sql<SqlBool>`is_artist = 1 and tracks_count > 0`)
      .where((eb) => containsText(eb.ref('search_name'), lowerText))
      .orderBy('subscribers_count', 'desc')
      .orderBy('tracks_count', 'desc')
      .limit(limit);
  }

  /**
   * SQLite's artists_search (migration artist-search): the ids of the listed artists whose name
   * holds the query's longest literal run, at most `limit` of them, in the index's order (public
   * so tests can EXPLAIN it).
   */
  artistCandidates(lowerText: string, limit: number) {
    return this.db
      .selectFrom('artists_search')
      .select('profile_id as id')
      .where(sql<SqlBool>`artists_search.search_name like ${`%${longestLiteralRun(lowerText)}%`}`)
      .limit(limit);
  }

  /**
   * The candidates' ranking as searchArtistIds ranks (ties as its index orders them: by name,
   * then id), each read by its key (public so tests can EXPLAIN it).
   */
  rankedArtists(ids: string[], lowerText: string, limit: number) {
    return this.db
      .selectFrom('profiles')
      .select('id')
      .where('id', 'in', ids)
      .where(sql<SqlBool>`is_artist = 1 and tracks_count > 0`)
      .where((eb) => containsText(eb.ref('search_name'), lowerText))
      .orderBy('subscribers_count', 'desc')
      .orderBy('tracks_count', 'desc')
      .orderBy('search_name')
      .orderBy('id')
      .limit(limit);
  }

  /**
   * The ids searchArtistIds gives. On SQLite, a query of three letters or more first asks
   * artists_search: when it names at most FEW_ARTISTS artists, they are ranked from their rows
   * (a rare name no longer walks every artist to find none); else the ranked walk meets its
   * matches early.
   */
  private async artistIds(lowerText: string, limit: number): Promise<string[]> {
    if (this.dialect.fullText === 'fts5' && longestLiteralRun(lowerText).length >= 3) {
      const candidates = (await this.artistCandidates(lowerText, FEW_ARTISTS + 1).execute()).map((r) => r.id);
      if (candidates.length === 0) return [];
      if (candidates.length <= FEW_ARTISTS) return (await this.rankedArtists(candidates, lowerText, limit).execute()).map((r) => r.id);
    }
    return (await this.searchArtistIds(lowerText, limit).execute()).map((r) => r.id);
  }

  /** The artists searchArtistIds finds, in its order. */
  async searchArtists(lowerText: string, limit: number): Promise<ProfileRow[]> {
    const ids = await this.artistIds(lowerText, limit);
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('profiles').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
