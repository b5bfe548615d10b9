import { type Kysely, sql } from 'kysely';
import { isPostgres } from './2026-11-21T02-00_search-index.js';

/*
 * Search in lyrics: a phrase of a track's lyrics finds the track, with the matching line.
 * - track_lyrics.body: the lyrics' lines as plain text, one per line (no LRC stamps), written with
 *   the row; what both engines index and cut the snippet from.
 * - Words, not stems: neither English stemming nor any one language's, so Russian lyrics match as
 *   typed; case and diacritics are folded (ё is е, café is cafe) on both engines.
 * - PostgreSQL: a GIN index on search_vector, to_tsvector('lyrics_simple', body) stored (a copy
 *   of the `simple` configuration with `unaccent` before it); stored, so checking a phrase's word
 *   positions reads the vector instead of parsing the lyrics again. Visibility is a join on
 *   tracks.hidden at query time.
 * - SQLite: an FTS5 table (unicode61, diacritics removed) holding the lyrics of visible tracks only,
 *   kept by triggers on track_lyrics and on tracks.hidden, and found again by a key kept on the
 *   lyrics row (search_rowid), as tracks_search is. unicode61 folds Latin diacritics only, so ё is
 *   written as е (one UTF-16 unit for one: the highlighted text lines up with the original).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The lines' text, one per line; the snippet markers (\u0002, \u0003) can never be in it. */
const bodyOf = (lines: string) =>
  (JSON.parse(lines) as Array<{ text: string }>).map((line) => line.text.replaceAll('\u0002', '').replaceAll('\u0003', '').replace(/[\n\r]/g, '')).join('\n');

/** The body as SQLite's lyrics_search holds it: ё folded to е (lib/lyrics-search.ts folds the query alike). */
const fold = (column: string) => sql.raw(`replace(replace(${column}, 'ё', 'е'), 'Ё', 'Е')`);

const SQLITE_TRIGGERS = [
  sql`CREATE TRIGGER lyrics_search_insert AFTER INSERT ON track_lyrics
    WHEN (SELECT hidden FROM tracks WHERE id = new.track_id) = 0 BEGIN
    INSERT INTO lyrics_search (track_id, body) VALUES (new.track_id, ${fold('new.body')});
    UPDATE track_lyrics SET search_rowid = last_insert_rowid() WHERE track_id = new.track_id;
  END`,
  sql`CREATE TRIGGER lyrics_search_update AFTER UPDATE OF body ON track_lyrics BEGIN
    DELETE FROM lyrics_search WHERE rowid = old.search_rowid;
    INSERT INTO lyrics_search (track_id, body) SELECT new.track_id, ${fold('new.body')} WHERE (SELECT hidden FROM tracks WHERE id = new.track_id) = 0;
    UPDATE track_lyrics SET search_rowid = CASE WHEN (SELECT hidden FROM tracks WHERE id = new.track_id) = 0 THEN last_insert_rowid() END
      WHERE track_id = new.track_id;
  END`,
  sql`CREATE TRIGGER lyrics_search_delete AFTER DELETE ON track_lyrics BEGIN
    DELETE FROM lyrics_search WHERE rowid = old.search_rowid;
  END`,
  // A track leaving or joining the public lists (visibility, moderation) takes its lyrics along.
  sql`CREATE TRIGGER lyrics_search_track_hidden AFTER UPDATE OF hidden ON tracks WHEN old.hidden <> new.hidden BEGIN
    DELETE FROM lyrics_search WHERE rowid = (SELECT search_rowid FROM track_lyrics WHERE track_id = new.id);
    INSERT INTO lyrics_search (track_id, body) SELECT track_id, ${fold('body')} FROM track_lyrics WHERE track_id = new.id AND new.hidden = 0;
    UPDATE track_lyrics SET search_rowid = CASE WHEN new.hidden = 0 THEN last_insert_rowid() END WHERE track_id = new.id;
  END`,
];

export async function up(db: AnyDb): Promise<void> {
  await sql`ALTER TABLE track_lyrics ADD COLUMN body text NOT NULL DEFAULT ''`.execute(db);
  let after = '';
  for (;;) {
    const batch = (await db.selectFrom('track_lyrics').select(['track_id', 'lines']).where('track_id', '>', after).orderBy('track_id').limit(1000).execute()) as Array<{
      track_id: string;
      lines: string;
    }>;
    if (batch.length === 0) break;
    for (const row of batch) await db.updateTable('track_lyrics').set({ body: bodyOf(row.lines) }).where('track_id', '=', row.track_id).execute();
    after = batch[batch.length - 1]!.track_id;
  }

  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
    await sql`CREATE TEXT SEARCH CONFIGURATION lyrics_simple (COPY = simple)`.execute(db);
    await sql`ALTER TEXT SEARCH CONFIGURATION lyrics_simple
      ALTER MAPPING FOR asciiword, hword_asciipart, word, hword_part, numword, hword_numpart WITH unaccent, simple`.execute(db);
    // A hyphenated word counts as its parts only ("rock-n-roll" is rock, n, roll), as FTS5 and the
    // query split it: the whole compound would take a position and break phrases around it.
    await sql`ALTER TEXT SEARCH CONFIGURATION lyrics_simple DROP MAPPING FOR asciihword, hword, numhword`.execute(db);
    await sql`ALTER TABLE track_lyrics ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('lyrics_simple', body)) STORED`.execute(db);
    await sql`CREATE INDEX track_lyrics_search_idx ON track_lyrics USING gin (search_vector)`.execute(db);
    return;
  }
  await sql`ALTER TABLE track_lyrics ADD COLUMN search_rowid integer`.execute(db);
  await sql`CREATE VIRTUAL TABLE lyrics_search USING fts5(track_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`UPDATE track_lyrics SET search_rowid = rowid WHERE (SELECT hidden FROM tracks WHERE id = track_lyrics.track_id) = 0`.execute(db);
  await sql`INSERT INTO lyrics_search (rowid, track_id, body) SELECT search_rowid, track_id, ${fold('body')} FROM track_lyrics WHERE search_rowid IS NOT NULL`.execute(db);
  for (const trigger of SQLITE_TRIGGERS) await trigger.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS track_lyrics_search_idx`.execute(db);
    await sql`ALTER TABLE track_lyrics DROP COLUMN IF EXISTS search_vector`.execute(db);
    await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS lyrics_simple`.execute(db);
  } else {
    for (const trigger of ['lyrics_search_insert', 'lyrics_search_update', 'lyrics_search_delete', 'lyrics_search_track_hidden']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS lyrics_search`.execute(db);
    await db.schema.alterTable('track_lyrics').dropColumn('search_rowid').execute();
  }
  await db.schema.alterTable('track_lyrics').dropColumn('body').execute();
}
