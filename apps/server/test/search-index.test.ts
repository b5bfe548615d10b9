import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

/**
 * Search must be served by an index on both engines (pg_trgm on Postgres, an FTS5 trigram table
 * on SQLite), not by a scan of every track. This reads the plan of the query the API runs.
 */
describe(`track search uses an index (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const planOf = async (compiled: CompiledQuery) => {
    const explain = CompiledQuery.raw(`${dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${compiled.sql}`, [...compiled.parameters]);
    return t.context.database.db.transaction().execute(async (trx) => {
      // On a tiny table a scan is cheaper; forbid it to see that the index can serve the query.
      if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<Record<string, string>>(explain);
      return rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
    });
  };

  it('plans the substring search through the search index', async () => {
    const plan = await planOf(t.context.repositories.tracks.filtered({ search: 'midnight' }).limit(9).compile());
    expect(plan).toMatch(dialect === 'postgres' ? /tracks_search_trgm_idx/ : /tracks_search VIRTUAL TABLE INDEX/);
  });

  it('plans "did you mean" (the known words near a typo) as two ranges of the word indexes', async () => {
    const plan = await planOf(t.context.repositories.tracks.nearWordsQuery('midnigth', 2).compile());
    expect(plan).toMatch(/search_words_length_word_idx/);
    expect(plan).toMatch(/search_words_length_reversed_idx/);
  });

  it("plans a genre's newest tracks (what a genre query adds to search) through the genre index", async () => {
    const query = t.context.repositories.tracks.filtered({ genre: 'Phonk' }).orderBy('tracks.created_at', 'desc').limit(9);
    const plan = await planOf(query.compile());
    expect(plan).toMatch(/tracks_genre_order_idx|tracks_created_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });
});
