import { type Kysely, sql } from 'kysely';
import { isPostgres } from './2026-11-21T02-00_search-index.js';

/*
 * Search at a million tracks:
 * - search_words: every word of every title and artist name once, with how many tracks brought
 *   it, so "did you mean" looks up the words near a typo by prefix and by suffix (an index on the
 *   word and one on it reversed, each after its length) instead of rebuilding a vocabulary from every title. Words are
 *   added with their track and never removed: a suggestion is only given when the corrected query
 *   finds something, so a word whose tracks went suggests nothing.
 * - profiles_artist_rank_idx: artists with tracks in the order artist search ranks them, holding
 *   their lower-cased name and id, so a search walks it alone and stops at the tenth match (it replaces
 *   profiles_artist_search_idx and profiles_artist_name_idx, which no query orders by and which
 *   led the planner to read and sort every artist).
 * - SQLite's tracks_search holds visible tracks only, with their created_at, so a search counts and
 *   orders its matches from the FTS5 table alone. Its rows are found again by a key kept on the
 *   track (search_rowid), not by the unindexed track_id (a scan of every row per update) nor by
 *   the track's own rowid (VACUUM may renumber a table without an INTEGER PRIMARY KEY).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Lower-case words of letters and digits, as lib/spelling.ts splits text. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
export const reversedWord = (word: string) => [...word].reverse().join('');

/**
 * Adds words (with how many tracks each came from) to search_words; a word already there has its
 * count raised, or, with `missingOnly`, is left as it is.
 */
export async function addSearchWords(db: AnyDb, counts: Map<string, number>, options: { missingOnly?: boolean } = {}): Promise<void> {
  const rows = [...counts].map(([word, tracks]) => ({ word, reversed: reversedWord(word), length: [...word].length, tracks }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('search_words')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => (options.missingOnly ? oc.column('word').doNothing() : oc.column('word').doUpdateSet({ tracks: sql`search_words.tracks + excluded.tracks` })))
      .execute();
  }
}

/** The SQLite triggers that keep tracks_search to the visible tracks, by search_rowid. */
export const SQLITE_SEARCH_TRIGGERS = [
  sql`CREATE TRIGGER tracks_search_insert AFTER INSERT ON tracks WHEN new.hidden = 0 BEGIN
    INSERT INTO tracks_search (track_id, created_at, search_text) VALUES (new.id, new.created_at, new.search_text);
    UPDATE tracks SET search_rowid = last_insert_rowid() WHERE id = new.id;
  END`,
  sql`CREATE TRIGGER tracks_search_update AFTER UPDATE OF search_text, hidden ON tracks BEGIN
    DELETE FROM tracks_search WHERE rowid = old.search_rowid;
    INSERT INTO tracks_search (track_id, created_at, search_text) SELECT new.id, new.created_at, new.search_text WHERE new.hidden = 0;
    UPDATE tracks SET search_rowid = CASE WHEN new.hidden = 0 THEN last_insert_rowid() END WHERE id = new.id;
  END`,
  sql`CREATE TRIGGER tracks_search_delete AFTER DELETE ON tracks BEGIN
    DELETE FROM tracks_search WHERE rowid = old.search_rowid;
  END`,
];

async function rebuildSqliteSearch(db: AnyDb): Promise<void> {
  for (const trigger of ['tracks_search_insert', 'tracks_search_update', 'tracks_search_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE tracks_search`.execute(db);
  await sql`ALTER TABLE tracks ADD COLUMN search_rowid integer`.execute(db);
  await sql`CREATE VIRTUAL TABLE tracks_search USING fts5(track_id UNINDEXED, created_at UNINDEXED, search_text, tokenize = 'trigram')`.execute(db);
  await sql`UPDATE tracks SET search_rowid = rowid WHERE hidden = 0`.execute(db);
  await sql`INSERT INTO tracks_search (rowid, track_id, created_at, search_text) SELECT search_rowid, id, created_at, search_text FROM tracks WHERE hidden = 0`.execute(db);
  for (const trigger of SQLITE_SEARCH_TRIGGERS) await trigger.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  // Byte order ("C"), so a prefix is one range of the index on PostgreSQL whatever the database's locale.
  const collate = isPostgres(db) ? sql` COLLATE "C"` : sql``;
  await sql`CREATE TABLE search_words (
    word text${collate} PRIMARY KEY,
    reversed text${collate} NOT NULL,
    length integer NOT NULL,
    tracks integer NOT NULL DEFAULT 0
  )`.execute(db);
  // By length first: a typo's candidates are a word's length ± its edits, each a narrow range.
  await sql`CREATE INDEX search_words_length_word_idx ON search_words (length, word)`.execute(db);
  await sql`CREATE INDEX search_words_length_reversed_idx ON search_words (length, reversed)`.execute(db);
  await sql`CREATE INDEX profiles_artist_rank_idx ON profiles (subscribers_count DESC, tracks_count DESC, search_name, id)
    WHERE is_artist = 1 AND tracks_count > 0`.execute(db);
  await sql`DROP INDEX profiles_artist_search_idx`.execute(db);
  // A genre's and an artist's lists are ordered by (created_at, id): with id in the index, both
  // engines read a page (and seek to an anchor) in index order, with no sort for ties.
  await sql`CREATE INDEX tracks_genre_order_idx ON tracks (genre, created_at, id)`.execute(db);
  await sql`CREATE INDEX tracks_artist_order_idx ON tracks (artist_id, created_at, id)`.execute(db);
  await sql`DROP INDEX tracks_genre_created_idx`.execute(db);
  await sql`DROP INDEX tracks_artist_created_idx`.execute(db);
  await sql`DROP INDEX profiles_artist_name_idx`.execute(db);
  if (!isPostgres(db)) await rebuildSqliteSearch(db);

  // The words of the tracks already here, a batch of tracks at a time.
  let after = '';
  for (;;) {
    const batch = (await db
      .selectFrom('tracks')
      .select(['id', 'search_text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000)
      .execute()) as Array<{ id: string; search_text: string }>;
    if (batch.length === 0) break;
    const counts = new Map<string, number>();
    for (const row of batch) for (const word of new Set(wordsOf(row.search_text))) counts.set(word, (counts.get(word) ?? 0) + 1);
    await addSearchWords(db, counts);
    after = batch[batch.length - 1]!.id;
  }
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP INDEX IF EXISTS profiles_artist_rank_idx`.execute(db);
  await sql`CREATE INDEX profiles_artist_search_idx ON profiles (is_artist, tracks_count)`.execute(db);
  await sql`CREATE INDEX tracks_genre_created_idx ON tracks (genre, created_at)`.execute(db);
  await sql`CREATE INDEX tracks_artist_created_idx ON tracks (artist_id, created_at)`.execute(db);
  await sql`DROP INDEX tracks_genre_order_idx`.execute(db);
  await sql`DROP INDEX tracks_artist_order_idx`.execute(db);
  await sql`CREATE INDEX profiles_artist_name_idx ON profiles (is_artist, display_name)`.execute(db);
  await db.schema.dropTable('search_words').ifExists().execute();
}
