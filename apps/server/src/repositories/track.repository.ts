import { type Expression, type Kysely, type Selectable, type SqlBool, type Transaction, sql } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database, NewTrack, TracksTable } from '../db/schema.js';

export interface TrackFilter {
  genre?: string;
  /** Already lower-cased by the caller (JS lower-cases Cyrillic; SQLite's lower() does not). */
  search?: string;
  artistId?: string;
}

/** A track row with its artist's display name. */
export type TrackWithArtist = Selectable<TracksTable> & { artist_name: string };

type Db = Kysely<Database> | Transaction<Database>;

/**
 * `column LIKE '%text%'` with the user's `%`, `_` and `\\` matching themselves. The ESCAPE clause is
 * spelled out because SQLite has no default escape character (Postgres's is the backslash).
 */
export function containsText(column: Expression<string>, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

/** The longest run of the text with no LIKE wildcard or escape in it: what an index can look up. */
export function longestLiteralRun(text: string): string {
  return text.split(/[\\%_]/).reduce((best, run) => (run.length > best.length ? run : best), '');
}

export class TrackRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName = 'sqlite',
  ) {}

  /**
   * Case-insensitive substring match on search_text, served by an index on both engines: Postgres
   * uses its pg_trgm GIN index for the LIKE itself; on SQLite the FTS5 trigram table narrows the
   * candidates first (it needs three characters) and the exact, escaped LIKE decides.
   */
  private matchesSearch(text: string): Expression<SqlBool> {
    const exact = containsText(sql.ref('tracks.search_text'), text);
    const run = longestLiteralRun(text);
    if (this.dialect === 'postgres' || run.length < 3) return exact;
    return sql<SqlBool>`(tracks.id in (select track_id from tracks_search where search_text like ${`%${run}%`}) and ${exact})`;
  }

  private base(db: Db = this.db) {
    return db
      .selectFrom('tracks')
      .innerJoin('profiles', 'profiles.id', 'tracks.artist_id')
      .selectAll('tracks')
      .select('profiles.display_name as artist_name');
  }

  /** The query behind list() and count(); public so tests and benchmarks can EXPLAIN it. */
  filtered(filter: TrackFilter) {
    let query = this.base().where('tracks.hidden', '=', 0);
    if (filter.genre) query = query.where('tracks.genre', '=', filter.genre);
    if (filter.artistId) query = query.where('tracks.artist_id', '=', filter.artistId);
    if (filter.search) query = query.where(this.matchesSearch(filter.search));
    return query;
  }

  /** Newest first, one page of visible tracks. */
  async list(filter: TrackFilter, offset: number, limit: number): Promise<TrackWithArtist[]> {
    return this.filtered(filter)
      .orderBy('tracks.created_at', 'desc')
      .orderBy('tracks.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(filter: TrackFilter): Promise<number> {
    const row = await this.filtered(filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countByGenre(): Promise<Array<{ genre: string; count: number }>> {
    const rows = await this.db
      .selectFrom('tracks')
      .where('hidden', '=', 0)
      .select(['genre', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('genre')
      .execute();
    return rows.map((r) => ({ genre: r.genre, count: Number(r.n) }));
  }

  /** The most listened visible tracks (ties: newest first). */
  async topByListens(limit: number): Promise<TrackWithArtist[]> {
    return this.base()
      .where('tracks.hidden', '=', 0)
      .orderBy('tracks.listens_count', 'desc')
      .orderBy('tracks.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** An artist's tracks with the most likes (hidden ones included: the artist's own dashboard). */
  async topByLikesOfArtist(artistId: string, limit: number): Promise<TrackWithArtist[]> {
    return this.base()
      .where('tracks.artist_id', '=', artistId)
      .orderBy('tracks.likes_count', 'desc')
      .orderBy('tracks.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Visible tracks by id, in no particular order (callers order them). */
  async getManyVisible(ids: string[]): Promise<TrackWithArtist[]> {
    if (ids.length === 0) return [];
    return this.base().where('tracks.id', 'in', ids).where('tracks.hidden', '=', 0).execute();
  }

  /** Whether "did you mean" asks the database (similarWordTexts) rather than an in-process vocabulary. */
  get suggestsInDatabase(): boolean {
    return this.dialect === 'postgres';
  }

  /** The query behind similarWordTexts (without its threshold setting); public so tests can EXPLAIN it. */
  similarWordQuery(word: string, limit: number, db: Db = this.db) {
    return db
      .selectFrom('tracks')
      .select('search_text')
      .where('hidden', '=', 0)
      .where(sql<SqlBool>`${word} <% search_text`)
      .orderBy(sql`word_similarity(${word}, search_text)`, 'desc')
      .limit(limit);
  }

  /**
   * PostgreSQL only: the search texts (title and artist) of visible tracks that hold a word like
   * `word`, most alike first: pg_trgm's word similarity, served by the trigram index on search_text,
   * so a track written by any instance counts at once. The threshold is lower than pg_trgm's 0.6 so
   * one typo in a short word still matches ('drfit' shares a third of its trigrams with 'drift').
   */
  async similarWordTexts(word: string, limit: number): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.3', true)`.execute(trx);
      const rows = await this.similarWordQuery(word, limit, trx).execute();
      return rows.map((r) => r.search_text);
    });
  }

  /** Every visible track's title, for the search vocabulary. */
  async visibleTitles(): Promise<string[]> {
    const rows = await this.db.selectFrom('tracks').select('title').where('hidden', '=', 0).execute();
    return rows.map((r) => r.title);
  }

  async getById(id: string): Promise<TrackWithArtist | undefined> {
    return this.base().where('tracks.id', '=', id).executeTakeFirst();
  }

  async getByStorageKey(key: string): Promise<TrackWithArtist | undefined> {
    return this.base().where('tracks.storage_key', '=', key).executeTakeFirst();
  }

  /** Which of these tracks have no cover. */
  async withoutImage(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('tracks').select('id').where('id', 'in', ids).where('image_key', 'is', null).execute();
    return rows.map((r) => r.id);
  }

  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('tracks').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Inserts the track and bumps its artist's track counter in the same transaction. */
  async create(trx: Transaction<Database>, track: NewTrack): Promise<void> {
    await trx.insertInto('tracks').values(track).execute();
    await trx
      .updateTable('profiles')
      .set((eb) => ({ tracks_count: eb('tracks_count', '+', 1) }))
      .where('id', '=', track.artist_id)
      .execute();
  }

  /** An artist's tracks, newest first; hidden ones only when asked (for the owner's studio). */
  async listByArtist(artistId: string, includeHidden: boolean, limit: number): Promise<TrackWithArtist[]> {
    let query = this.base().where('tracks.artist_id', '=', artistId);
    if (!includeHidden) query = query.where('tracks.hidden', '=', 0);
    return query.orderBy('tracks.created_at', 'desc').orderBy('tracks.id', 'desc').limit(limit).execute();
  }

  /** Tracks by id, hidden ones included (for the owner's dashboard and the admins' queue). */
  async getMany(ids: string[]): Promise<TrackWithArtist[]> {
    if (ids.length === 0) return [];
    return this.base().where('tracks.id', 'in', ids).execute();
  }

  /**
   * Deletes the track and everything that points at it: likes, comments, listens, history, reports
   * and playlist entries (each playlist's track_count lowered), and the artist's track counter when
   * the track was visible. Explicit rather than left to ON DELETE CASCADE, so the counters stay right.
   */
  async delete(trx: Transaction<Database>, track: { id: string; artist_id: string; hidden: number }): Promise<boolean> {
    const entries = await trx
      .selectFrom('playlist_tracks')
      .select(['playlist_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('track_id', '=', track.id)
      .groupBy('playlist_id')
      .execute();
    for (const entry of entries) {
      await trx
        .updateTable('playlists')
        .set((eb) => ({ track_count: eb('track_count', '-', Number(entry.n)) }))
        .where('id', '=', entry.playlist_id)
        .execute();
    }
    await trx.deleteFrom('playlist_tracks').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('track_likes').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('comments').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('listens').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('history').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('reports').where('track_id', '=', track.id).execute();
    const deleted = await trx.deleteFrom('tracks').where('id', '=', track.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    if (!track.hidden) {
      await trx.updateTable('profiles').set((eb) => ({ tracks_count: eb('tracks_count', '-', 1) })).where('id', '=', track.artist_id).execute();
    }
    return true;
  }

  /** Hides or shows a track; the artist's (visible) track counter follows. False when nothing changed. */
  async setHidden(trx: Transaction<Database>, id: string, hidden: boolean): Promise<boolean> {
    const result = await trx
      .updateTable('tracks')
      .set({ hidden: hidden ? 1 : 0 })
      .where('id', '=', id)
      .where('hidden', '=', hidden ? 0 : 1)
      .returning('artist_id')
      .executeTakeFirst();
    if (!result) return false;
    await trx
      .updateTable('profiles')
      .set((eb) => ({ tracks_count: eb('tracks_count', hidden ? '-' : '+', 1) }))
      .where('id', '=', result.artist_id)
      .execute();
    return true;
  }

  /** Changes what a track says about itself; search_text comes along (the SQLite search table follows by trigger). */
  async updateDetails(id: string, changes: { title: string; genre: string; search_text: string }): Promise<void> {
    await this.db.updateTable('tracks').set(changes).where('id', '=', id).execute();
  }

  async setImage(id: string, imageKey: string | null): Promise<void> {
    await this.db.updateTable('tracks').set({ image_key: imageKey }).where('id', '=', id).execute();
  }

  /** Tracks whose waveform is still to be made, oldest first. */
  async pendingWaveforms(limit: number): Promise<Array<{ id: string; storage_key: string; content_type: string }>> {
    return this.db
      .selectFrom('tracks')
      .select(['id', 'storage_key', 'content_type'])
      .where('waveform_status', '=', 'pending')
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  }

  async setWaveform(id: string, status: 'ready' | 'unavailable', peaks: number[] | null): Promise<void> {
    await this.db
      .updateTable('tracks')
      .set({ waveform_status: status, waveform: peaks ? JSON.stringify(peaks) : null })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps search_text in step with a renamed artist (it holds the artist's name). */
  async renameArtist(artistId: string, displayName: string, searchText: (title: string, artist: string) => string): Promise<void> {
    const rows = await this.db.selectFrom('tracks').select(['id', 'title']).where('artist_id', '=', artistId).execute();
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx.updateTable('tracks').set({ search_text: searchText(row.title, displayName) }).where('id', '=', row.id).execute();
      }
    });
  }
}
