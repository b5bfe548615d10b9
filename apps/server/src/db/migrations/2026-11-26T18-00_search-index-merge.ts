import { type Kysely, sql } from 'kysely';
import { isPostgres } from './2026-11-21T02-00_search-index.js';

/*
 * SQLite's FTS5 tables merge two segments of one level at a 'merge' command (FTS5's `usermerge`
 * option, 4 by default): the `search-index-merge` job (services/search-index.service.ts) folds the
 * few small segments writes leave into one without waiting for four of a level. Stored in each
 * table's `%_config`; it changes nothing else (automerge keeps its own setting). PostgreSQL: nothing.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TABLES = ['tracks_search', 'artists_search', 'lyrics_search'];

async function setUsermerge(db: AnyDb, value: number): Promise<void> {
  for (const table of TABLES) await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}, rank) VALUES ('usermerge', ${sql.lit(value)})`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await setUsermerge(db, 2);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await setUsermerge(db, 4);
}
