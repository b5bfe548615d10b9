import type { Kysely } from 'kysely';
import { searchForm } from '../../lib/transliteration.js';
import { words } from '../../lib/spelling.js';
import { addSearchWords } from './2026-11-25T00-10_search-at-scale.js';

/*
 * Search across scripts (issue 29): the Latin "kira" finds "Кира Север", the Cyrillic "хаос"
 * finds "Khaos". What search matches against now carries the text's spellings in the other script
 * (lib/transliteration.ts, `searchForm`), so every read stays one LIKE on the same indexes:
 * - tracks.search_text (title, artist, tags) and releases.search_text (title, artist), recomputed;
 *   on SQLite tracks_search follows by its trigger, on PostgreSQL tracks_search_trgm_idx by itself;
 * - profiles.search_name (an artist's name), recomputed; artists_search (SQLite) follows by its
 *   trigger, profiles_search_trgm_idx and profiles_artist_rank_idx (PostgreSQL) by themselves;
 * - search_words gets the new spellings' words ("did you mean" corrects in both scripts), each
 *   counted once per track that brought it, as the search-at-scale migration counted the others.
 * Rows are rewritten a thousand at a time. Down leaves the longer texts: they still match what
 * they matched before.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BATCH = 1000;

function tagsOf(json: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export async function up(db: AnyDb): Promise<void> {
  let after = '';
  for (;;) {
    const batch = (await db
      .selectFrom('tracks as t')
      .leftJoin('profiles as a', 'a.id', 't.artist_id')
      .select(['t.id', 't.title', 't.tags', 't.search_text', 'a.display_name'])
      .where('t.id', '>', after)
      .orderBy('t.id')
      .limit(BATCH)
      .execute()) as Array<{ id: string; title: string; tags: string | null; search_text: string; display_name: string | null }>;
    if (batch.length === 0) break;
    const counts = new Map<string, number>();
    for (const row of batch) {
      const text = searchForm([row.title, row.display_name ?? '', ...tagsOf(row.tags)].join(' '));
      if (text === row.search_text) continue;
      await db.updateTable('tracks').set({ search_text: text }).where('id', '=', row.id).execute();
      const known = new Set(words(row.search_text));
      for (const word of new Set(words(text))) if (!known.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    await addSearchWords(db, counts);
    after = batch[batch.length - 1]!.id;
  }

  after = '';
  for (;;) {
    const batch = (await db
      .selectFrom('releases as r')
      .leftJoin('profiles as a', 'a.id', 'r.artist_id')
      .select(['r.id', 'r.title', 'r.search_text', 'a.display_name'])
      .where('r.id', '>', after)
      .orderBy('r.id')
      .limit(BATCH)
      .execute()) as Array<{ id: string; title: string; search_text: string; display_name: string | null }>;
    if (batch.length === 0) break;
    for (const row of batch) {
      const text = searchForm([row.title, row.display_name ?? ''].join(' '));
      if (text !== row.search_text) await db.updateTable('releases').set({ search_text: text }).where('id', '=', row.id).execute();
    }
    after = batch[batch.length - 1]!.id;
  }

  after = '';
  for (;;) {
    const batch = (await db.selectFrom('profiles').select(['id', 'display_name', 'search_name']).where('id', '>', after).orderBy('id').limit(BATCH).execute()) as Array<{
      id: string;
      display_name: string;
      search_name: string;
    }>;
    if (batch.length === 0) break;
    for (const row of batch) {
      const name = searchForm(row.display_name);
      if (name !== row.search_name) await db.updateTable('profiles').set({ search_name: name }).where('id', '=', row.id).execute();
    }
    after = batch[batch.length - 1]!.id;
  }
}

export async function down(): Promise<void> {
  // The transliterated spellings stay: they only add matches.
}
