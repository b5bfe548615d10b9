import { type Kysely, sql } from 'kysely';
import { isPostgres } from './2026-11-21T02-00_search-index.js';

/*
 * Artist search at a million tracks, SQLite: an FTS5 trigram table of the artists search lists
 * (is_artist = 1 and tracks_count > 0) and their lower-cased names. Without it, a query that names
 * fewer than ten artists walked all of profiles_artist_rank_idx (20,000 artists in the seed):
 * 2–3 ms of every such search, twice for a corrected typo (bench/catalogue.md). Its rows are found
 * again by a key kept on the profile (search_rowid), as tracks_search's are. PostgreSQL's
 * profiles_search_trgm_idx (migration search-index) serves the same LIKE there: nothing to do.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The triggers that keep artists_search to the listed artists, by search_rowid. */
export const SQLITE_ARTIST_SEARCH_TRIGGERS = [
  sql`CREATE TRIGGER artists_search_insert AFTER INSERT ON profiles WHEN new.is_artist = 1 AND new.tracks_count > 0 BEGIN
    INSERT INTO artists_search (profile_id, search_name) VALUES (new.id, new.search_name);
    UPDATE profiles SET search_rowid = last_insert_rowid() WHERE id = new.id;
  END`,
  // Only a rename, or becoming or ceasing to be a listed artist: not every change of tracks_count.
  sql`CREATE TRIGGER artists_search_update AFTER UPDATE OF search_name, is_artist, tracks_count ON profiles
    WHEN new.search_name IS NOT old.search_name OR (old.is_artist = 1 AND old.tracks_count > 0) IS NOT (new.is_artist = 1 AND new.tracks_count > 0) BEGIN
    DELETE FROM artists_search WHERE rowid = old.search_rowid;
    INSERT INTO artists_search (profile_id, search_name) SELECT new.id, new.search_name WHERE new.is_artist = 1 AND new.tracks_count > 0;
    UPDATE profiles SET search_rowid = CASE WHEN new.is_artist = 1 AND new.tracks_count > 0 THEN last_insert_rowid() END WHERE id = new.id;
  END`,
  sql`CREATE TRIGGER artists_search_delete AFTER DELETE ON profiles BEGIN
    DELETE FROM artists_search WHERE rowid = old.search_rowid;
  END`,
];

/** What fills artists_search from profiles: here, and after the seed's bulk load (its triggers set aside). */
export const FILL_ARTIST_SEARCH = [
  'UPDATE profiles SET search_rowid = CASE WHEN is_artist = 1 AND tracks_count > 0 THEN rowid END',
  'INSERT INTO artists_search (rowid, profile_id, search_name) SELECT search_rowid, id, search_name FROM profiles WHERE search_rowid IS NOT NULL',
];

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`ALTER TABLE profiles ADD COLUMN search_rowid integer`.execute(db);
  await sql`CREATE VIRTUAL TABLE artists_search USING fts5(profile_id UNINDEXED, search_name, tokenize = 'trigram')`.execute(db);
  for (const statement of FILL_ARTIST_SEARCH) await sql.raw(statement).execute(db);
  for (const trigger of SQLITE_ARTIST_SEARCH_TRIGGERS) await trigger.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['artists_search_insert', 'artists_search_update', 'artists_search_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS artists_search`.execute(db);
  await sql`ALTER TABLE profiles DROP COLUMN search_rowid`.execute(db);
}
