import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../src/cli/seed.js';
import { rareWord } from '../src/cli/seed-data.js';
import { TEST_SECRET, type TestApp, dialect, startTestApp } from './support/test-app.js';

/**
 * The catalogue's reads stay index reads: the plans of the queries behind the home list (first,
 * anchored and last pages), the genre and artist lists, search (its index, its window of newest
 * tracks), artist search and "did you mean", read from each engine's planner on a seeded
 * catalogue big enough (20,000 tracks) for the planner to prefer an index where one serves, with
 * nothing forced. A change that brings back a scan of every track or a sort of every match fails
 * here; what that costs at a million tracks is in bench/catalogue.md.
 */
describe(`catalogue query plans at scale (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    const env = { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, BETTER_AUTH_SECRET: TEST_SECRET, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) };
    const seeded = await runSeed(['--tracks', '20000', '--users', '2000'], env, () => {});
    expect(seeded.code, seeded.output).toBe(0);
  }, 180_000);

  afterAll(() => t?.close());

  const planOf = async (query: { compile(): CompiledQuery }) => {
    const compiled = query.compile();
    const explain = CompiledQuery.raw(`${dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${compiled.sql}`, [...compiled.parameters]);
    const { rows } = await t.context.database.db.executeQuery<Record<string, string>>(explain);
    return rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
  };
  /** A read of every row of a big table, or a sort of everything it read. */
  const fullScan = dialect === 'postgres' ? /Seq Scan on (tracks|profiles|search_words)\b/ : /^\s*SCAN (tracks|profiles|search_words)\b(?! USING)/m;
  const sorts = dialect === 'postgres' ? /Sort Key/ : /USE TEMP B-TREE FOR ORDER BY/;
  const repo = () => t.context.repositories.tracks;

  it('reads the first page of All and of a genre from the newest end of an index, with no sort', async () => {
    for (const [filter, index] of [
      [{}, /tracks_created_idx/],
      [{ genre: 'Phonk' }, /tracks_genre_order_idx|tracks_created_idx/],
      [{ artistId: 'someone' }, /tracks_artist_order_idx/],
    ] as const) {
      const plan = await planOf(repo().newest(filter).limit(9));
      expect(plan).toMatch(index);
      expect(plan).not.toMatch(fullScan);
      expect(plan).not.toMatch(sorts);
    }
  });

  it('reads a page next to an anchor by seeking to it, and the last pages from the oldest end', async () => {
    const anchored = await planOf(repo().newest({}).where((eb) => eb(eb.refTuple('tracks.created_at', 'tracks.id'), '<', eb.tuple('2026-01-01T00:00:00.000Z', 'x'))).limit(9));
    expect(anchored).toMatch(/tracks_created_idx/);
    expect(anchored).not.toMatch(sorts);
    const last = await planOf(repo().oldest({ genre: 'Pop' }).offset(5).limit(9));
    expect(last).toMatch(/tracks_genre_order_idx|tracks_created_idx/);
    expect(last).not.toMatch(sorts);
  });

  it("counts and finds a search's matches through the search index", async () => {
    const plan = await planOf(repo().indexedMatches({ search: rareWord(77) }).limit(1001));
    expect(plan).toMatch(dialect === 'postgres' ? /tracks_search_trgm_idx/ : /tracks_search VIRTUAL TABLE INDEX/);
    expect(plan).not.toMatch(fullScan);
    const inGenre = await planOf(repo().indexedMatches({ search: rareWord(77), genre: 'Rap' }).limit(1001));
    expect(inGenre).toMatch(dialect === 'postgres' ? /tracks_search_trgm_idx/ : /tracks_search VIRTUAL TABLE INDEX/);
    expect(inGenre).not.toMatch(fullScan);
  });

  it("reads a common word's page from the newest tracks, not by sorting every match", async () => {
    const plan = await planOf(repo().windowMatches({ search: 'love' }, 5000, 9));
    expect(plan).toMatch(/tracks_created_idx/);
    expect(plan).not.toMatch(fullScan);
  });

  it('finds artists by walking the ranked partial index, with no sort', async () => {
    const plan = await planOf(t.context.repositories.profiles.searchArtistIds('li', 10));
    expect(plan).toMatch(/profiles_artist_rank_idx/);
    expect(plan).not.toMatch(fullScan);
    // PostgreSQL may as well sort the few hundred artists of this catalogue; SQLite walks the index.
    if (dialect === 'sqlite') expect(plan).not.toMatch(sorts);
  });

  it("reads the news feed of a listener subscribed to many artists from the newest posts, with no scan of every post", async () => {
    const authors = (await t.context.database.db.selectFrom('profiles').select('id').orderBy('subscribers_count', 'desc').limit(300).execute()).map((r) => r.id);
    const plan = await planOf(t.context.repositories.posts.newsQuery(authors, 21));
    expect(plan).toMatch(/posts_time_idx|posts_author_time_idx/);
    expect(plan).not.toMatch(dialect === 'postgres' ? /Seq Scan on posts/ : /^\s*SCAN posts\b(?! USING)/m);
  });

  it("reads a page of the longest playlist as one range of its places, whatever the page", async () => {
    const longest = await t.context.database.db.selectFrom('playlists').select(['id', 'track_count']).orderBy('track_count', 'desc').executeTakeFirstOrThrow();
    expect(longest.track_count).toBeGreaterThanOrEqual(5000);
    for (const from of [0, 4950]) {
      const plan = await planOf(t.context.repositories.playlists.entriesBetweenQuery(longest.id, from, from + 50));
      expect(plan).toMatch(/playlist_tracks_order_idx/);
      expect(plan).not.toMatch(dialect === 'postgres' ? /Seq Scan|Gather/ : /^\s*SCAN playlist_tracks\b(?! USING)/m);
    }
  });

  it('finds the scheduled releases that are due through the partial index on publish_at, with no sort', async () => {
    const plan = await planOf(repo().dueQuery(new Date().toISOString()).limit(100));
    expect(plan).toMatch(/tracks_publish_at_idx/);
    expect(plan).not.toMatch(fullScan);
    expect(plan).not.toMatch(sorts);
  });

  it('looks up "did you mean" candidates as ranges of the word indexes', async () => {
    const plan = await planOf(repo().nearWordsQuery('midnigth', 2));
    expect(plan).toMatch(/search_words_length_word_idx/);
    expect(plan).toMatch(/search_words_length_reversed_idx/);
    expect(plan).not.toMatch(fullScan);
  });
});
