import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Substring search that uses an index on both engines, not a full scan:
 * - PostgreSQL: pg_trgm GIN indexes, which serve `LIKE '%…%'` directly.
 * - SQLite: an FTS5 table with the trigram tokenizer (one row per track, kept in step by triggers),
 *   which serves `LIKE '%…%'` for patterns of three or more characters.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX tracks_search_trgm_idx ON tracks USING gin (search_text gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX profiles_search_trgm_idx ON profiles USING gin (search_name gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE tracks_search USING fts5(track_id UNINDEXED, search_text, tokenize = 'trigram')`.execute(db);
  await sql`INSERT INTO tracks_search (track_id, search_text) SELECT id, search_text FROM tracks`.execute(db);
  await sql`CREATE TRIGGER tracks_search_insert AFTER INSERT ON tracks BEGIN
    INSERT INTO tracks_search (track_id, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER tracks_search_update AFTER UPDATE OF search_text ON tracks BEGIN
    DELETE FROM tracks_search WHERE track_id = old.id;
    INSERT INTO tracks_search (track_id, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER tracks_search_delete AFTER DELETE ON tracks BEGIN
    DELETE FROM tracks_search WHERE track_id = old.id;
  END`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS profiles_search_trgm_idx`.execute(db);
    await sql`DROP INDEX IF EXISTS tracks_search_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['tracks_search_insert', 'tracks_search_update', 'tracks_search_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS tracks_search`.execute(db);
}
