import { type Kysely, sql } from 'kysely';
import { isPostgres } from './2026-11-21T02-00_search-index.js';

/*
 * "Did you mean" at ten million tracks (issue 31): a typo's candidates are the known words sharing
 * its first or its last part (TrackCatalogueRepository.nearWords), and in a large vocabulary a
 * short part is shared by thousands of words: 7,220 rows for one 8-letter typo at ten million
 * tracks, each sent to Node and measured there (14.5 ms, most of the typo's 27 ms). PostgreSQL's
 * fuzzystrmatch (a contrib extension shipped with PostgreSQL, like pg_trgm) measures the
 * distance where the rows are, so only the near words leave the database.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await sql`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`.execute(db);
}

export async function down(): Promise<void> {
  // The extension stays: dropping it could break another user of the database.
}
