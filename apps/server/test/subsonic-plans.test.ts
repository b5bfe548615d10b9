import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../src/cli/seed.js';
import type { AlbumOrder } from '../src/repositories/subsonic.repository.js';
import { TEST_SECRET, type TestApp, dialect, startTestApp } from './support/test-app.js';

/**
 * getAlbumList2's catalogue-wide lists (alphabeticalByName, alphabeticalByArtist, byYear) stay
 * index walks at any catalogue size: their plans, read from each engine's planner on a seeded
 * catalogue (20,000 tracks, 5,000 releases) big enough for it to prefer an index where one serves,
 * with nothing forced. A plan that reads every album, or sorts them all, fails here.
 */
describe(`Subsonic album list plans at scale (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    const env = { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, BETTER_AUTH_SECRET: TEST_SECRET, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) };
    const seeded = await runSeed(['--tracks', '20000', '--users', '2000'], env, () => {});
    expect(seeded.code, seeded.output).toBe(0);
    // A release for every fourth seeded track, as catalogue-plans.test.ts makes them; the rest stay singles.
    const { db } = t.context.database;
    await db
      .insertInto('releases')
      .columns(['id', 'artist_id', 'title', 'type', 'release_date', 'track_count', 'search_text', 'created_at', 'updated_at'])
      .expression(
        db
          .selectFrom('tracks')
          .select(['id', 'artist_id', 'title', sql<string>`'album'`.as('type'), sql<string>`substr(created_at, 1, 10)`.as('release_date'), sql<number>`1`.as('track_count'), 'search_text', 'created_at', 'created_at as updated_at'])
          .where(sql<boolean>`length(id) % 4 = 0 or id like '%a'`)
          .limit(5000),
      )
      .execute();
    await db.updateTable('tracks').set({ release_id: sql`id` }).where('id', 'in', db.selectFrom('releases').select('id')).execute();
    await sql`ANALYZE`.execute(db);
  }, 240_000);

  afterAll(() => t?.close());

  const planOf = async (query: { compile(): CompiledQuery }) => {
    const compiled = query.compile();
    const explain = CompiledQuery.raw(`${dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${compiled.sql}`, [...compiled.parameters]);
    const { rows } = await t.context.database.db.executeQuery<Record<string, string>>(explain);
    return rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
  };

  /** A read of every row of a big table, or a sort of everything read (a sort within one artist's albums is allowed). */
  const fullScan = dialect === 'postgres' ? /Seq Scan on (tracks|releases|profiles)\b/ : /^\s*SCAN (tracks|releases|profiles)\b(?! USING)/m;
  const fullSort = dialect === 'postgres' ? /(^|->\s+)Sort\s/m : /USE TEMP B-TREE FOR ORDER BY/;
  const merge = dialect === 'postgres' ? /Merge Append/ : /MERGE \(UNION ALL\)/;

  it('pages through albums by name, by artist and by year as two merged index walks, with no sort of the catalogue', async () => {
    const cases: Array<[AlbumOrder, number, RegExp[]]> = [
      [{ by: 'name' }, 0, [/releases_name_idx/, /tracks_title_lower_idx/]],
      [{ by: 'name' }, 5000, [/releases_name_idx/, /tracks_title_lower_idx/]],
      [{ by: 'artist' }, 0, [/profiles_artists_name_idx/, /releases_artist_name_idx/, /tracks_single_artist_name_idx/]],
      [{ by: 'artist' }, 200, [/profiles_artists_name_idx/, /releases_artist_name_idx/, /tracks_single_artist_name_idx/]],
      [{ by: 'year', fromYear: 2000, toYear: 2100, descending: false }, 0, [/releases_year_idx/, /tracks_created_idx/]],
      [{ by: 'year', fromYear: 2000, toYear: 2100, descending: true }, 5000, [/releases_year_idx/, /tracks_created_idx/]],
    ];
    for (const [order, offset, indexes] of cases) {
      const plan = await planOf(t.context.repositories.subsonic.albumPageQuery(order, 50, offset));
      const what = `${JSON.stringify(order)} offset ${offset}:\n${plan}`;
      expect(plan, what).toMatch(merge);
      for (const index of indexes) expect(plan, what).toMatch(index);
      expect(plan, what).not.toMatch(fullScan);
      expect(plan, what).not.toMatch(fullSort);
    }
  });

  it('gives each listed album once, in order, page after page', async () => {
    const subsonic = t.context.repositories.subsonic;
    const pages = [...(await subsonic.albumPage({ by: 'name' }, 300, 0)), ...(await subsonic.albumPage({ by: 'name' }, 300, 300))];
    const whole = await subsonic.albumPage({ by: 'name' }, 600, 0);
    expect(pages).toEqual(whole);
    expect(new Set(whole.map((a) => a.id)).size).toBe(600);
    expect(new Set(whole.map((a) => a.kind))).toEqual(new Set(['release', 'single']));
  });
});
