import { type Kysely, sql } from 'kysely';

/*
 * Playlist import (issue 14) matches a file's entries to tracks by title (then artist): listed
 * tracks by their lower-cased title, so a batch of titles is one probe of the index per title,
 * at any catalogue size. (SQLite's lower() folds ASCII only; both sides of the match use it.)
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await sql`CREATE INDEX tracks_title_lower_idx ON tracks (lower(title)) WHERE hidden = 0`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tracks_title_lower_idx').execute();
}
