import { type Kysely, sql } from 'kysely';
import { trackWords } from '../../lib/spelling.js';
import { isPostgres } from './2026-11-21T02-00_search-index.js';
import { addSearchWords } from './2026-11-25T00-10_search-at-scale.js';

/*
 * A word index for search on PostgreSQL (issue 31: a rare word cost 2.1–2.3× at ten million tracks
 * what it cost at one million). The trigram index answers `search_text LIKE '%word%'` by
 * intersecting the posting lists of the word's trigrams; a made-up word's trigrams are syllables
 * that thousands of other words share, so those lists, and the read, grow with the catalogue
 * (531 index pages for 8 rows at ten million).
 *
 * Every occurrence of a word's letters in a title lies inside one of the title's words (letters and
 * digits, as lib/spelling.ts splits them). So the tracks matching a query are those holding a word
 * that contains the query's longest word, and the catalogue's vocabulary (search_words, which holds
 * every word of every track's search_text) names those words:
 * - tracks.words: the distinct words of search_text, written with it; tracks_words_idx, a GIN on
 *   it, finds the tracks holding any of a few words by their own posting lists;
 * - search_words_trgm_idx: the vocabulary's words by trigram, to find the words containing a query;
 * - tracks_words_null_idx: tracks whose words no writer gave (a row copied in by hand) are still
 *   searched, by this partial index of the nulls (empty when every writer gives them);
 * - the trigger tracks_words_stale: a write of search_text that leaves words as they were makes
 *   them null, so words never hold an older text's words. A writer that forgets them costs speed
 *   (its tracks join the nulls), never a match.
 * Rows are filled 5,000 at a time; a word of theirs the vocabulary lacks is added to it.
 * SQLite keeps its FTS5 trigram table, which this does not touch.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BATCH = 5000;

/** A text[] literal of words, each quoted (so a word spelled "null" stays a word). */
export const wordsLiteral = (words: string[]) => `{${words.map((w) => `"${w.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Adds to search_words the words it lacks (with how many tracks brought each), leaving the others' counts. */
export const addMissingWords = (db: AnyDb, counts: Map<string, number>) => addSearchWords(db, counts, { missingOnly: true });

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`ALTER TABLE tracks ADD COLUMN words text[]`.execute(db);
  let after = '';
  for (;;) {
    const batch = (await db.selectFrom('tracks').select(['id', 'search_text']).where('id', '>', after).orderBy('id').limit(BATCH).execute()) as Array<{ id: string; search_text: string }>;
    if (batch.length === 0) break;
    const counts = new Map<string, number>();
    const literals = batch.map((row) => {
      const words = trackWords(row.search_text);
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
      return wordsLiteral(words);
    });
    await sql`UPDATE tracks SET words = v.words::text[] FROM unnest(${batch.map((r) => r.id)}::text[], ${literals}::text[]) AS v(id, words) WHERE tracks.id = v.id`.execute(db);
    await addMissingWords(db, counts);
    after = batch[batch.length - 1]!.id;
  }
  await sql`CREATE INDEX tracks_words_idx ON tracks USING gin (words)`.execute(db);
  await sql`CREATE INDEX tracks_words_null_idx ON tracks (id) WHERE words IS NULL`.execute(db);
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)`.execute(db);
  await sql`CREATE FUNCTION tracks_words_stale() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.search_text IS DISTINCT FROM OLD.search_text AND NEW.words IS NOT DISTINCT FROM OLD.words THEN
        NEW.words := NULL;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER tracks_words_stale BEFORE UPDATE OF search_text ON tracks FOR EACH ROW EXECUTE FUNCTION tracks_words_stale()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER tracks_words_stale ON tracks`.execute(db);
  await sql`DROP FUNCTION tracks_words_stale()`.execute(db);
  await sql`DROP INDEX search_words_trgm_idx`.execute(db);
  await sql`DROP INDEX tracks_words_null_idx`.execute(db);
  await sql`DROP INDEX tracks_words_idx`.execute(db);
  await sql`ALTER TABLE tracks DROP COLUMN words`.execute(db);
}
