import { type Kysely, type SqlBool, sql } from 'kysely';
import { containsText } from './track.repository.js';
import type { Database, NewProfile, ProfileRow, ProfileUpdate } from '../db/schema.js';

export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /** The artists searchArtistIds finds, in its order. */
  async searchArtists(lowerText: string, limit: number): Promise<ProfileRow[]> {
    const ids = (await this.searchArtistIds(lowerText, limit).execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('profiles').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
