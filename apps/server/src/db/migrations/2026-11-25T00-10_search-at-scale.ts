import { type Kysely, sql } from 'kysely';
import { isPostgres } from './2026-11-21T02-00_search-index.js';

/*
 * Search at a million tracks:
 * - search_words: every word of every title and artist name once, with how many tracks brought
 *   it, so "did you mean" looks up the words near a typo by prefix and by suffix (an index on the
 *   word and one on it reversed) instead of rebuilding a vocabulary from every title. Words are
 *   added with their track and never removed: a suggestion is only given when the corrected query
 *   finds something, so a word whose tracks went suggests nothing.
 * - profiles_artist_rank_idx: artists with tracks in the order artist search ranks them, holding
 *   their lower-cased name, so a search walks it and stops at the tenth match.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Lower-case words of letters and digits, as lib/spelling.ts splits text. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
export const reversedWord = (word: string) => [...word].reverse().join('');

/** Adds words (with how many tracks each came from) to search_words. */
export async function addSearchWords(db: AnyDb, counts: Map<string, number>): Promise<void> {
  const rows = [...counts].map(([word, tracks]) => ({ word, reversed: reversedWord(word), tracks }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('search_words')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('word').doUpdateSet({ tracks: sql`search_words.tracks + excluded.tracks` }))
      .execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  // Byte order ("C"), so a prefix is one range of the index on PostgreSQL whatever the database's locale.
  const collate = isPostgres(db) ? sql` COLLATE "C"` : sql``;
  await sql`CREATE TABLE search_words (
    word text${collate} PRIMARY KEY,
    reversed text${collate} NOT NULL,
    tracks integer NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE INDEX search_words_reversed_idx ON search_words (reversed)`.execute(db);
  await sql`CREATE INDEX profiles_artist_rank_idx ON profiles (subscribers_count DESC, tracks_count DESC, search_name)
    WHERE is_artist = 1 AND tracks_count > 0`.execute(db);

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
  await db.schema.dropTable('search_words').ifExists().execute();
}
