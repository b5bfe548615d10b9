import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlbumOrder } from '../src/repositories/subsonic.repository.js';
import { seedCatalogueWithReleases } from './support/seeded-catalogue.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

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
    // A release for every fourth seeded track, as catalogue-plans.test.ts makes them; the rest stay singles.
    await seedCatalogueWithReleases(t, ['--tracks', '20000', '--users', '2000'], sql<boolean>`length(id) % 4 = 0 or id like '%a'`, 5000);
    const { db } = t.context.database;
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

  it('continues a full sync (search3 empty query, getAlbumList2 by name, artist, year) by a seek of each index past the last key: no scan, no sort, no OFFSET', async () => {
    const subsonic = t.context.repositories.subsonic;
    const deep = 15_000;
    const [song] = await subsonic.newestTracks(1, deep);
    const [artist] = await subsonic.artists(1, 100);
    const keyOf = async (order: AlbumOrder, offset: number) => (await subsonic.albumPage(order, 1, offset))[0]!.key;
    // SQLite shows a seek as SEARCH … USING INDEX with a range on the key; PostgreSQL as an Index Cond bounding the key.
    const seek = (index: string) => (dialect === 'postgres' ? new RegExp(`Index (Only )?Scan( Backward)? using ${index} on [^\\n]*\\n\\s+Index Cond: \\(.*[<>]`) : new RegExp(`SEARCH \\w+ USING (COVERING )?INDEX ${index} \\(.*[<>]`));
    const cases: Array<[string, { compile(): CompiledQuery }, RegExp[]]> = [
      ['songs newest first', subsonic.newestTracksQuery(50, 0, song!.key), [seek('tracks_created_idx')]],
      ['artists by name', subsonic.artistsQuery(50, 0, [artist!.display_name, artist!.id]), [seek('profiles_artists_name_idx')]],
      ['albums by name', subsonic.albumPageQuery({ by: 'name' }, 50, 0, await keyOf({ by: 'name' }, deep)), [seek('releases_name_idx'), seek('tracks_title_lower_idx')]],
      ['albums by artist', subsonic.albumPageQuery({ by: 'artist' }, 50, 0, await keyOf({ by: 'artist' }, 5000)), [seek('profiles_artists_name_idx'), /releases_artist_name_idx/, /tracks_single_artist_name_idx/]],
      ['albums by year', subsonic.albumPageQuery({ by: 'year', fromYear: 2000, toYear: 2100, descending: true }, 50, 0, await keyOf({ by: 'year', fromYear: 2000, toYear: 2100, descending: true }, deep)), [seek('releases_year_idx'), seek('tracks_created_idx')]],
    ];
    for (const [what, query, indexes] of cases) {
      const plan = await planOf(query);
      const described = `${what}:\n${plan}`;
      expect(query.compile().sql, what).not.toMatch(/\boffset\b/i);
      for (const index of indexes) expect(plan, described).toMatch(index);
      expect(plan, described).not.toMatch(fullScan);
      expect(plan, described).not.toMatch(fullSort);
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
