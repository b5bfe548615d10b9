import { type Kysely, sql } from 'kysely';

/*
 * Playlist import matches a file's entries to tracks by title (then artist): tracks by
 * their lower-cased title, so a batch of titles is one probe of the index per title, at any
 * catalogue size; hidden ones are filtered after. Not partial (WHERE hidden = 0): PostgreSQL would
 * take such an index as a cheap walk of the visible tracks and prefer it to the search indexes on
 * a small catalogue. (SQLite's lower() folds ASCII only; both sides of the match use it.)
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await sql`CREATE INDEX tracks_title_lower_idx ON tracks (lower(title))`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tracks_title_lower_idx').execute();
}
