import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlbumOrder } from '../src/repositories/subsonic.repository.js';
import { Client } from './support/http-client.js';
import { seedCatalogueWithReleases } from './support/seeded-catalogue.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/**
 * OpenSubsonic's full sync (issue 31, item 3): search3 with an empty query and getAlbumList2
 * alphabetical, walked page by page as Symfonium and Substreamer walk them, give every item once,
 * in the order one big OFFSET read gives, at any offset, with the pages after the first served by
 * a keyset seek (sync-cursors.ts), and nothing private. A seeded catalogue of 400 tracks, a
 * quarter of them on releases.
 */
describe(`Subsonic full sync by keyset (${dialect})`, () => {
  let t: TestApp;
  let apiKey: string;
  let privateId: string;

  beforeAll(async () => {
    t = await startTestApp();
    // A release for about every fourth track, as subsonic-plans.test.ts makes them; the rest stay singles.
    await seedCatalogueWithReleases(t, ['--tracks', '400', '--users', '30'], sql<boolean>`hidden = 0 and (id like '%a' or id like '%b' or id like '%c' or id like '%d')`);
    const { db } = t.context.database;
    // Two tracks share a title and an upload time with others: the id alone orders them.
    const [a, b, c] = await db.selectFrom('tracks').select(['id', 'created_at', 'title']).where('hidden', '=', 0).where('release_id', 'is', null).orderBy('id').limit(3).execute();
    await db.updateTable('tracks').set({ title: a!.title, created_at: a!.created_at }).where('id', 'in', [b!.id, c!.id]).execute();
    // A private single of an artist others see.
    privateId = (await db.selectFrom('tracks').select('id').where('hidden', '=', 0).where('release_id', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
    await db.updateTable('tracks').set({ hidden: 1, visibility: 'private' }).where('id', '=', privateId).execute();

    const fan = new Client(t.baseUrl);
    await fan.signUp('Fan', 'fan-sync@example.com');
    const made = await fan.json<{ secret: string }>('POST', '/api/me/subsonic-credentials', { kind: 'apiKey', name: 'Symfonium' });
    expect(made.status).toBe(201);
    apiKey = made.body.secret;
  }, 120_000);

  afterAll(() => t?.close());

  const call = async (method: string, params: Record<string, string | number>): Promise<Body> => {
    const query = new URLSearchParams({ apiKey, f: 'json', v: '1.16.1', c: 'Symfonium', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    const response = await fetch(`${t.baseUrl}/rest/${method}.view?${query}`);
    const body = ((await response.json()) as { 'subsonic-response': Body })['subsonic-response'];
    expect(body.status, JSON.stringify(body.error)).toBe('ok');
    return body;
  };

  /** Walks a list `size` at a time (offset = the previous offset + the previous page's length) to its end. */
  const walk = async (page: (offset: number) => Promise<Array<{ id: string }>>, size: number) => {
    const ids: string[] = [];
    for (let offset = 0; ; offset += size) {
      const items = await page(offset);
      ids.push(...items.map((i) => i.id));
      if (items.length < size) return ids;
    }
  };

  /** What the repository's plain OFFSET read (no key) answers in one piece. */
  const albumIdsByOffset = async (order: AlbumOrder) => (await t.context.repositories.subsonic.albumPage(order, 100_000, 0)).map((a) => (a.kind === 'release' ? a.id : `t-${a.id}`));

  it('walks search3 with an empty query: every song, artist and album once, in OFFSET order, pages after the first by keyset, nothing private', async () => {
    const repository = t.context.repositories.subsonic;
    const songSeeks = vi.spyOn(repository, 'newestTracks');
    const songs = await walk(async (offset) => (await call('search3', { query: '', songCount: 7, songOffset: offset, artistCount: 0, albumCount: 0 })).searchResult3.song ?? [], 7);
    const keyed = songSeeks.mock.calls.filter(([, , after]) => after !== undefined).length;
    songSeeks.mockRestore();
    const expected = (await repository.newestTracks(100_000, 0)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(350);
    expect(songs).toEqual(expected);
    expect(new Set(songs).size).toBe(songs.length);
    expect(songs).not.toContain(privateId);
    // Every page but the first continued the walk by its key.
    expect(keyed).toBe(Math.floor(expected.length / 7));
    // One big page (OFFSET 0) is the same list.
    expect((await call('search3', { query: '', songCount: 500, artistCount: 0, albumCount: 0 })).searchResult3.song.map((s: { id: string }) => s.id)).toEqual(expected);

    const artists = await walk(async (offset) => (await call('search3', { query: '', artistCount: 4, artistOffset: offset, songCount: 0, albumCount: 0 })).searchResult3.artist ?? [], 4);
    expect(artists).toEqual((await repository.artists(100_000)).map((p) => p.id));

    const albums = await walk(async (offset) => (await call('search3', { query: '', albumCount: 9, albumOffset: offset, songCount: 0, artistCount: 0 })).searchResult3.album ?? [], 9);
    const expectedAlbums = await albumIdsByOffset({ by: 'name' });
    expect(albums).toEqual(expectedAlbums);
    expect(albums.filter((id) => !id.startsWith('t-')).length).toBeGreaterThan(50);
    expect(albums).not.toContain(`t-${privateId}`);
  });

  it('walks getAlbumList2 alphabeticalByName and alphabeticalByArtist to the end: every album once, in OFFSET order, by keyset', async () => {
    const repository = t.context.repositories.subsonic;
    for (const [type, order] of [
      ['alphabeticalByName', { by: 'name' }],
      ['alphabeticalByArtist', { by: 'artist' }],
    ] as const) {
      const seeks = vi.spyOn(repository, 'albumPage');
      const albums = await walk(async (offset) => (await call('getAlbumList2', { type, size: 11, offset })).albumList2.album ?? [], 11);
      const keyed = seeks.mock.calls.filter(([, , , after]) => after !== undefined).length;
      seeks.mockRestore();
      const expected = await albumIdsByOffset(order);
      expect(albums, type).toEqual(expected);
      expect(new Set(albums).size, type).toBe(albums.length);
      expect(albums, type).not.toContain(`t-${privateId}`);
      expect(keyed, type).toBe(Math.floor(expected.length / 11));
      expect((await call('getAlbumList2', { type, size: 500 })).albumList2.album.map((a: { id: string }) => a.id), type).toEqual(expected);
    }
  });

  it('continues a walk after the last song given when a new one arrives mid-walk (where OFFSET would repeat one)', async () => {
    const { db } = t.context.database;
    const before = (await t.context.repositories.subsonic.newestTracks(100_000, 0)).map((r) => r.id);
    const page = async (offset: number) => ((await call('search3', { query: '', songCount: 10, songOffset: offset, artistCount: 0, albumCount: 0 })).searchResult3.song ?? []).map((s: { id: string }) => s.id);
    const walked = [...(await page(0)), ...(await page(10))];
    const source = await db
      .selectFrom('tracks')
      .select(['title', 'genre', 'artist_id', 'storage_key', 'content_type', 'size_bytes', 'duration', 'search_text'])
      .where('id', '=', before[0]!)
      .executeTakeFirstOrThrow();
    await db.insertInto('tracks').values({ ...source, id: 'sync-new-upload', storage_key: 'tracks/sync-new-upload.mp3', created_at: '2999-01-01T00:00:00.000Z' }).execute();
    try {
      for (let offset = 20; offset < 60; offset += 10) walked.push(...(await page(offset)));
      expect(walked).toEqual(before.slice(0, 60));
      // A jump (no remembered place) counts the new song first, as OFFSET does.
      expect((await page(5))[0]).toBe(before[4]);
    } finally {
      await db.deleteFrom('tracks').where('id', '=', 'sync-new-upload').execute();
    }
  });

  it('answers a jump to any offset by OFFSET, and continues from there by keyset with the same rows', async () => {
    const expected = await albumIdsByOffset({ by: 'artist' });
    const jump = (await call('getAlbumList2', { type: 'alphabeticalByArtist', size: 13, offset: 100 })).albumList2.album.map((a: { id: string }) => a.id);
    const next = (await call('getAlbumList2', { type: 'alphabeticalByArtist', size: 13, offset: 113 })).albumList2.album.map((a: { id: string }) => a.id);
    expect([...jump, ...next]).toEqual(expected.slice(100, 126));
    // A repeated page (a retry) is answered by OFFSET again, rightly.
    expect((await call('getAlbumList2', { type: 'alphabeticalByArtist', size: 13, offset: 113 })).albumList2.album.map((a: { id: string }) => a.id)).toEqual(next);
    // Past 10,000 (the old cap): accepted, empty here.
    expect((await call('getAlbumList2', { type: 'alphabeticalByName', size: 10, offset: 250_000 })).albumList2).toEqual({ album: [] });
    expect((await call('search3', { query: '', songCount: 10, songOffset: 100_000, albumCount: 10, albumOffset: 100_000, artistCount: 10, artistOffset: 20_000 })).searchResult3).toEqual({ artist: [], album: [], song: [] });
    // With a query, or for a list folded from a walk of tracks, offsets stay within 10,000: a clear error.
    const refused = await fetch(`${t.baseUrl}/rest/search3?${new URLSearchParams({ apiKey, f: 'json', query: 'love', songOffset: '10001' })}`);
    expect(((await refused.json()) as Body)['subsonic-response'].error.message).toMatch(/at most 10000/);
  });
});
