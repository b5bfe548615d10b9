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

  /** Visible tracks by id, in no particular order (callers order them). */
  async getManyVisible(ids: string[]): Promise<TrackWithArtist[]> {
    if (ids.length === 0) return [];
    return this.base().where('tracks.id', 'in', ids).where('tracks.hidden', '=', 0).execute();
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
}
