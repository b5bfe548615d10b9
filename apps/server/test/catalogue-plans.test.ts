import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../src/cli/seed.js';
import { COMMON_WORD, rareWord } from '../src/cli/seed-data.js';
import { trackWords } from '../src/lib/spelling.js';
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

  it('reads the top charts from the top end of tracks_listens_order_idx, ties included, with no sort and no parallel workers', async () => {
    const plan = await planOf(repo().topByListensQuery(10));
    expect(plan).toMatch(/tracks_listens_order_idx/);
    expect(plan).not.toMatch(fullScan);
    expect(plan).not.toMatch(sorts);
    expect(plan).not.toMatch(/Gather/);
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

  it("gives /api/search the first page of a search without counting its matches, the same rows", async () => {
    // A rare word, a common one, one in a few percent of titles, a mid-frequency syllable, a short query, no match.
    for (const search of [rareWord(77), COMMON_WORD, 'ночь', 'ka', 'ra', 'lvoe', 'mi']) {
      for (const limit of [9, 20]) {
        const page = await repo().search({ search }, 0, limit);
        const first = await repo().newestMatches({ search }, limit);
        expect(first.map((r) => r.id), `${search} ${limit}`).toEqual(page.rows.map((r) => r.id));
      }
    }
  });

  it("pages a word in thousands of titles exactly as the whole filter orders it, its total capped at 500", async () => {
    const filter = { search: COMMON_WORD };
    const every = await repo().filtered(filter).orderBy('tracks.created_at', 'desc').orderBy('tracks.id', 'desc').limit(6000).execute();
    expect(every.length).toBeGreaterThan(4 * 500);
    // The first page, one inside the newest tracks' window, and one past it (read by offset).
    for (const offset of [0, 99, 4000]) {
      const page = await repo().search(filter, offset, 9);
      expect(page.rows.map((r) => r.id), `offset ${offset}`).toEqual(every.slice(offset, offset + 9).map((r) => r.id));
      expect({ total: page.total, capped: page.capped }).toEqual({ total: 500, capped: true });
    }
  });

  it('finds every match of a search, and counts it, exactly as the whole filter does: rare words, parts of words, two words, typos', async () => {
    // A rare word, its first and last syllables (parts of many words), a middle part, two words
    // (a match across a space), a word with a genre, a typo (nothing), and a rare word in Cyrillic.
    const rare = rareWord(77);
    const cases: Array<{ search: string; genre?: string }> = [
      { search: rare },
      { search: rare.slice(0, 4) },
      { search: rare.slice(-4) },
      { search: rare.slice(1, -1) },
      { search: rareWord(78) },
      { search: `${COMMON_WORD} ${rare.slice(0, 3)}` },
      { search: rare, genre: 'Rap' },
      { search: `${rare.slice(0, 3)}qx${rare.slice(3)}` },
      { search: 'полно' },
    ];
    for (const filter of cases) {
      const every = await repo().filtered(filter).orderBy('tracks.created_at', 'desc').orderBy('tracks.id', 'desc').limit(501).execute();
      const page = await repo().search(filter, 0, 500);
      const label = JSON.stringify(filter);
      expect(page.rows.map((r) => r.id), label).toEqual(every.slice(0, 500).map((r) => r.id));
      expect({ total: page.total, capped: page.capped }, label).toEqual({ total: Math.min(every.length, 500), capped: every.length > 500 });
      const first = await repo().newestMatches(filter, 20);
      expect(first.map((r) => r.id), label).toEqual(every.slice(0, 20).map((r) => r.id));
    }
  });

  it.runIf(dialect === 'postgres')("finds a rare word's tracks by the word index (tracks_words_idx), and the words containing it by search_words_trgm_idx", async () => {
    const rare = rareWord(77);
    const vocabulary = await repo().vocabulary(rare.slice(0, 4));
    expect(vocabulary.containing?.length).toBeGreaterThan(1);
    expect(vocabulary.containing!.every((word) => word.includes(rare.slice(0, 4)))).toBe(true);
    const words = await planOf(repo().vocabularyQuery(rare, rare));
    expect(words).toMatch(/search_words_trgm_idx/);
    expect(words).not.toMatch(fullScan);
    // As the search reads them: every match, sequential scans off (at a million tracks the planner
    // read 56 rare words' 863 tracks by a scan of the table from its start: 6.5 s).
    const plan = await repo().withoutSequentialScans(async (trx) => {
      const compiled = repo().wordMatches({ search: rare.slice(0, 4) }, vocabulary.containing!, trx).compile();
      const { rows } = await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on tracks_words_idx/);
    expect(plan).toMatch(/tracks_words_null_idx/);
    expect(plan).not.toMatch(/tracks_search_trgm_idx/);
    expect(plan).not.toMatch(fullScan);
    expect(plan).not.toMatch(/Limit|Index Scan using/);
    // A word in thousands of titles is left to the trigram index and the newest tracks.
    expect((await repo().vocabulary(COMMON_WORD)).containing).toBeUndefined();
  });

  it.runIf(dialect === 'postgres')('still finds a track whose words no writer gave, or whose text changed without them', async () => {
    const db = t.context.database.db;
    const rare = rareWord(77);
    const before = (await repo().search({ search: rare }, 0, 500)).rows.map((r) => r.id);
    const other = await db.selectFrom('tracks').select(['id', 'search_text']).where('hidden', '=', 0).where('search_text', 'not like', `%${rare}%`).orderBy('id').limit(2).execute();
    expect(other).toHaveLength(2);
    // One text rewritten by hand (the trigger drops its words), one with its words taken away.
    await db.updateTable('tracks').set({ search_text: `${other[0]!.search_text} ${rare}` }).where('id', '=', other[0]!.id).execute();
    await db.updateTable('tracks').set({ words: null, search_text: `${other[1]!.search_text} x${rare}x` }).where('id', '=', other[1]!.id).execute();
    try {
      const nulls = await db.selectFrom('tracks').select('id').where('words', 'is', null).execute();
      expect(nulls.map((r) => r.id).sort()).toEqual([other[0]!.id, other[1]!.id].sort());
      const after = (await repo().search({ search: rare }, 0, 500)).rows.map((r) => r.id);
      expect(after.sort()).toEqual([...before, other[0]!.id, other[1]!.id].sort());
    } finally {
      for (const row of other) await db.updateTable('tracks').set({ search_text: row.search_text, words: trackWords(row.search_text) }).where('id', '=', row.id).execute();
    }
  });

  it("reads a common word's page from the newest tracks, not by sorting every match", async () => {
    const plan = await planOf(repo().windowMatches({ search: 'love' }, 5000, 9));
    expect(plan).toMatch(/tracks_created_idx/);
    expect(plan).not.toMatch(fullScan);
  });

  it('finds the same artists as the ranked walk, a rare name through artists_search on SQLite', async () => {
    const profiles = t.context.repositories.profiles;
    const names = (await t.context.database.db.selectFrom('profiles').select('search_name').where('tracks_count', '>', 0).limit(3).execute()).map((r) => r.search_name);
    const queries = ['li', 'ana', 'ova', 'nov', 'ivan', 'ночь', 'zzq', ...names, ...names.map((n) => n.slice(2, 7))];
    for (const q of queries) {
      const walked = (await profiles.searchArtistIds(q, 10).execute()).map((r) => r.id);
      expect((await profiles.searchArtists(q, 10)).map((r) => r.id), q).toEqual(walked);
    }
    if (dialect === 'sqlite') {
      expect(await planOf(profiles.artistCandidates(names[0]!, 101))).toMatch(/artists_search VIRTUAL TABLE INDEX/);
      const ranked = await planOf(profiles.rankedArtists(['a', 'b', 'c'], names[0]!, 10));
      expect(ranked).toMatch(/SEARCH profiles USING (INDEX sqlite_autoindex_profiles_1|PRIMARY KEY) \(id=\?\)/);
      expect(ranked).not.toMatch(fullScan);
    }
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

  it("reads News's singles and releases for a listener following many artists from the newest, with no sort of their every track", async () => {
    const artists = (await t.context.database.db.selectFrom('profiles').select('id').orderBy('subscribers_count', 'desc').limit(300).execute()).map((r) => r.id);
    const singles = await planOf(t.context.repositories.newsFeed.singlesQuery(artists, 21));
    const releases = await planOf(t.context.repositories.newsFeed.releasesQuery(artists, 21));
    expect(singles).not.toMatch(fullScan);
    if (dialect === 'sqlite') {
      // (The seed makes no releases: PostgreSQL rightly reads an empty table whole.)
      expect(releases).not.toMatch(/^\s*SCAN (releases|profiles)\b(?! USING)/m);
      // Without the unary +, SQLite read every track of the 300 artists and sorted them (705 ms at a million tracks).
      expect(singles).toMatch(/SCAN tracks USING INDEX tracks_created_idx/);
      expect(singles).not.toMatch(sorts);
    }
  });

  it("reads an artist's posts, pinned first, as one range of posts_author_pinned_time_idx, with no sort", async () => {
    // The seed's largest author has a few dozen posts, which both planners rightly read and sort;
    // an artist with 3,000 (the largest has 2,205 at ten million tracks) is what the index is for.
    const { db } = t.context.database;
    const author = await db.selectFrom('profiles').select('id').where('is_artist', '=', 1).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await db
      .insertInto('posts')
      .columns(['id', 'author_id', 'text', 'created_at'])
      .expression(db.selectFrom('tracks').select([sql<string>`'many-' || id`.as('id'), sql<string>`${author.id}`.as('author_id'), 'title', 'created_at']).limit(3000))
      .execute();
    await sql`ANALYZE posts`.execute(db);
    const plan = await planOf(t.context.repositories.posts.listByAuthorQuery(author.id, 50));
    expect(plan).toMatch(/posts_author_pinned_time_idx/);
    expect(plan).not.toMatch(sorts);
  });

  it("reads an artist's reposts as one range of posts_author_kind_time_idx, with no sort", async () => {
    const author = await t.context.database.db.selectFrom('posts').select('author_id').limit(1).executeTakeFirstOrThrow();
    const plan = await planOf(t.context.repositories.reposts.byAuthorQuery(author.author_id, '2030-01-01T00:00:00.000Z', 21));
    expect(plan).toMatch(/posts_author_kind_time_idx/);
    expect(plan).not.toMatch(sorts);
  });

  it("reads a page of one user's many notifications as one range of notifications_user_time_idx, and counts the unread from its partial index", async () => {
    const { db } = t.context.database;
    const users = await db.selectFrom('profiles').select('id').orderBy('id').limit(2).execute();
    const [one, other] = users.map((u) => u.id);
    // Every track liked by each of two users, notified to the other: 20,000 rows per recipient;
    // all read but the other's newest 150, as after a while of use.
    for (const [recipient, actor] of [
      [other, one],
      [one, other],
    ] as const) {
      await db
        .insertInto('notifications')
        .columns(['user_id', 'key', 'kind', 'group_key', 'actor_id', 'track_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('tracks')
            .select([
              sql<string>`CAST(${recipient} AS text)`.as('user_id'),
              sql<string>`'like:' || tracks.id`.as('key'),
              sql<string>`'like'`.as('kind'),
              sql<string>`'like:' || tracks.id`.as('group_key'),
              sql<string>`CAST(${actor} AS text)`.as('actor_id'),
              'tracks.id',
              'tracks.created_at',
            ])
            .where(sql<boolean>`true`),
        )
        .execute();
    }
    const newest = db.selectFrom('notifications').select('key').where('user_id', '=', other!).orderBy('created_at', 'desc').limit(150);
    await db
      .updateTable('notifications')
      .set({ read: 1 })
      .where((eb) => eb.or([eb('user_id', '!=', other!), eb('key', 'not in', newest)]))
      .execute();
    // PostgreSQL's planner learns the table's new size (SQLite plans by its indexes without statistics).
    if (dialect === 'postgres') await sql`ANALYZE notifications`.execute(db);
    const page = await planOf(t.context.repositories.notifications.pageQuery(other!, { at: '2030-01-01T00:00:00.000Z', key: 'x' }, 51));
    expect(page).toMatch(/notifications_user_time_idx/);
    expect(page).not.toMatch(sorts);
    expect(page).not.toMatch(dialect === 'postgres' ? /Seq Scan on notifications/ : /^\s*SCAN n\b(?! USING)/m);
    const unread = await planOf(t.context.repositories.notifications.unreadQuery(other!, 99));
    expect(unread).toMatch(/notifications_unread_idx|notifications_pk|notifications_user_time_idx/);
    expect(unread).not.toMatch(dialect === 'postgres' ? /Seq Scan on notifications/ : /^\s*SCAN notifications\b(?! USING)/m);
    expect(await t.context.repositories.notifications.unreadCount(other!, 99)).toBe(100);
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

  it("reads a tag page as one range of the tag index from its newest end, each track by its key", async () => {
    // Every seeded track gets one of ten tags (2,000 tracks a tag), as tagged uploads would.
    const { db } = t.context.database;
    await db
      .insertInto('track_tags')
      .columns(['track_id', 'tag', 'created_at'])
      .expression(db.selectFrom('tracks').select(['id', sql<string>`'tag' || (length(id) % 10)`.as('tag'), 'created_at']))
      .execute();
    await sql`ANALYZE`.execute(db);
    for (const offset of [0, 1000]) {
      const plan = await planOf(repo().byTag('tag3').offset(offset).limit(20));
      expect(plan).toMatch(/track_tags_tag_order_idx/);
      expect(plan).not.toMatch(fullScan);
      expect(plan).not.toMatch(sorts);
    }
  });

  it('answers the Subsonic lists (artists by name, albums by newest, most played, most liked, a genre, random) from indexes, with no sort', async () => {
    const subsonic = t.context.repositories.subsonic;
    const artists = await planOf(subsonic.artistsQuery(100, 0));
    expect(artists).toMatch(/profiles_artists_name_idx/);
    expect(artists).not.toMatch(fullScan);
    expect(artists).not.toMatch(sorts);
    for (const [order, genre, index] of [
      ['newest', undefined, /tracks_created_idx/],
      ['frequent', undefined, /tracks_listens_order_idx/],
      ['highest', undefined, /tracks_likes_order_idx/],
      ['newest', 'Phonk', /tracks_genre_order_idx|tracks_genre_created_idx|tracks_created_idx/],
    ] as const) {
      const plan = await planOf(subsonic.trackIdsQuery(order, { genre, limit: 40, offset: 20 }));
      expect(plan, `${order} ${genre ?? ''}`).toMatch(index);
      expect(plan, `${order} ${genre ?? ''}`).not.toMatch(fullScan);
      expect(plan, `${order} ${genre ?? ''}`).not.toMatch(sorts);
    }
    for (const op of ['>=', '<'] as const) {
      const plan = await planOf(subsonic.randomRangeQuery('8f3c1a52-0000-4000-8000-000000000000', op, 50));
      expect(plan).not.toMatch(fullScan);
      expect(plan).not.toMatch(sorts);
    }
  });

  it('finds releases by walking the ranked partial index', async () => {
    // A release for every fourth seeded track (5,000), most of them listed.
    const { db } = t.context.database;
    await db
      .insertInto('releases')
      .columns(['id', 'artist_id', 'title', 'type', 'release_date', 'track_count', 'search_text', 'created_at', 'updated_at'])
      .expression(
        db
          .selectFrom('tracks')
          .select([
            sql<string>`'r-' || id`.as('id'),
            'artist_id',
            'title',
            sql<string>`'album'`.as('type'),
            sql<string>`substr(created_at, 1, 10)`.as('release_date'),
            sql<number>`case when length(id) % 5 = 0 then 0 else 1 end`.as('track_count'),
            'search_text',
            'created_at',
            'created_at as updated_at',
          ])
          .where(sql<boolean>`length(id) % 4 = 0 or id like '%a'`)
          .limit(5000),
      )
      .execute();
    await sql`ANALYZE`.execute(db);
    const plan = await planOf(t.context.repositories.releases.searchIds('li', 10));
    expect(plan).toMatch(/releases_search_rank_idx/);
    expect(plan).not.toMatch(dialect === 'postgres' ? /Seq Scan on releases/ : /^\s*SCAN releases\b(?! USING)/m);
  });
});
