import { type Kysely, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** SQLite's FTS5 tables (migrations search-index, lyrics-search, artist-search). */
export const FTS5_TABLES = ['tracks_search', 'artists_search', 'lyrics_search'] as const;
export type Fts5Table = (typeof FTS5_TABLES)[number];

/**
 * The upkeep of SQLite's FTS5 indexes. An FTS5 index is a set of segments (b-trees): each
 * transaction that writes to the table adds one, FTS5's automerge folds them a few at a time, and
 * a lookup reads every segment. PostgreSQL's GIN trigram indexes need no such upkeep: there the
 * repository knows no tables and does nothing.
 */
export class SearchIndexRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /** The FTS5 tables this database has (none on PostgreSQL). */
  tables(): readonly Fts5Table[] {
    return this.dialect.fullText === 'fts5' ? FTS5_TABLES : [];
  }

  /**
   * The segments of the table's index, each as the number of its rows in the `%_idx` shadow table
   * (one per leaf page that starts a term: roughly the segment's size). A read of every `%_idx`
   * row: at a million tracks 15,000 in the seed's 16 segments (~5 ms), 2,600 once merged.
   */
  async segments(table: Fts5Table): Promise<number[]> {
    const { rows } = await sql<{ pages: number }>`SELECT count(*) AS pages FROM ${sql.table(`${table}_idx`)} GROUP BY segid`.execute(this.db);
    return rows.map((r) => r.pages);
  }

  /**
   * One step of FTS5's incremental 'merge': about `pages` leaf pages written, in a transaction of
   * its own. `start` (a negative budget) first moves every segment to one level, so the merge it
   * begins ends in a single segment; later steps (a positive budget) go on with a merge under way,
   * or merge segments of one level when the table's `usermerge` (2, migration search-index-merge)
   * of them are there. Returns whether the step did any work: per FTS5's documentation, a step
   * that changed fewer than two rows (sqlite3_total_changes) was a no-op.
   */
  async mergeStep(table: Fts5Table, pages: number, start = false): Promise<boolean> {
    // One connection for the three statements: no other query's changes between the two counts.
    return this.db.connection().execute(async (db) => {
      const changes = async () => (await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db)).rows[0]!.n;
      const before = await changes();
      await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}, rank) VALUES ('merge', ${start ? -pages : pages})`.execute(db);
      return (await changes()) - before >= 2;
    });
  }
}
