import type { SearchResult } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

/** Search answers genres and artists as well as titles, and suggests a correction only when it finds something. */
describe(`search by genre, artist and title (${dialect})`, () => {
  let t: TestApp;
  let velvet: Client;
  const ids: Record<string, string> = {};
  const search = async (q: string) => (await new Client(t.baseUrl).json<SearchResult>('GET', `/api/search?q=${encodeURIComponent(q)}`)).body;
  const titles = (result: SearchResult) => result.tracks.map((track) => track.title).sort();

  beforeAll(async () => {
    t = await startTestApp();
    const koma = new Client(t.baseUrl);
    const other = (velvet = new Client(t.baseUrl));
    await koma.signUp('Koma Beats');
    await other.signUp('Velvet Lane');
    const mp3 = await makeMp3(1);
    const upload = async (client: Client, title: string, genre: string) => {
      ids[title] = ((await uploadTrack(client, mp3, { title, genre })) as { id: string }).id;
    };
    await upload(koma, 'Drift Mode', 'Phonk');
    await upload(koma, 'Drip Night', 'Trap');
    await upload(other, 'Cowbell Alley', 'Phonk');
    await upload(other, 'Sunny Side', 'Pop');
  });
  afterAll(() => t.close());

  it('finds a genre by its name, in any case, by a prefix or with one typo, with its tracks', async () => {
    for (const q of ['phonk', 'Phonk', 'pho', 'phnk']) {
      const result = await search(q);
      expect(result.genres, q).toEqual(['Phonk']);
      expect(titles(result), q).toEqual(['Cowbell Alley', 'Drift Mode']);
      expect(result.suggestion, q).toBeNull();
    }
    expect((await search('pop')).genres).toEqual(['Pop']);
    expect(titles(await search('pop'))).toEqual(['Sunny Side']);
  });

  it('lists a hidden track under its genre to nobody', async () => {
    await t.context.services.tracks.setHidden({ id: 'admin', isAdmin: true }, ids['Sunny Side'] as string, true);
    try {
      expect(await search('pop')).toMatchObject({ genres: ['Pop'], tracks: [] });
    } finally {
      await t.context.services.tracks.setHidden({ id: 'admin', isAdmin: true }, ids['Sunny Side'] as string, false);
    }
  });

  it("finds an artist and the artist's tracks by the artist's name", async () => {
    const result = await search('koma');
    expect(result.artists.map((a) => a.displayName)).toEqual(['Koma Beats']);
    expect(titles(result)).toEqual(['Drift Mode', 'Drip Night']);
    expect(result.genres).toEqual([]);
  });

  it('finds an artist by a new name and not by the old one, and not while none of their tracks is visible', async () => {
    const artists = async (q: string) => (await search(q)).artists.map((a) => a.displayName);
    const admin = { id: 'admin', isAdmin: true };
    expect(await artists('velvet')).toEqual(['Velvet Lane']);
    expect((await velvet.json('PATCH', '/api/me/profile', { displayName: 'Amber Quay' })).status).toBe(200);
    try {
      expect(await artists('amber q')).toEqual(['Amber Quay']);
      expect(await artists('velvet')).toEqual([]);
      for (const title of ['Cowbell Alley', 'Sunny Side']) await t.context.services.tracks.setHidden(admin, ids[title] as string, true);
      expect(await artists('amber q')).toEqual([]);
      await t.context.services.tracks.setHidden(admin, ids['Sunny Side'] as string, false);
      expect(await artists('amber q')).toEqual(['Amber Quay']);
    } finally {
      await t.context.services.tracks.setHidden(admin, ids['Cowbell Alley'] as string, false);
      expect((await velvet.json('PATCH', '/api/me/profile', { displayName: 'Velvet Lane' })).status).toBe(200);
    }
    expect(await artists('velvet')).toEqual(['Velvet Lane']);
  });

  it('suggests a corrected query only when the corrected query finds something', async () => {
    // Each word corrects to a known one ('dric' → 'drip'), but no track or artist holds 'drip koma'.
    expect(await search('dric koma')).toMatchObject({ tracks: [], artists: [], genres: [], suggestion: null });
    const typo = await search('drfit mode');
    expect(typo.suggestion).toBe('drift mode');
    expect(titles(typo)).toEqual(['Drift Mode']);
  });

  it('suggests a title written by another instance at once (the words are in the database, not in a process)', async () => {
    // Warm whatever this process might cache, then write a track behind its back, as another instance would.
    expect((await search('marmelade')).suggestion).toBeNull();
    const { db } = t.context.database;
    const tracks = t.context.repositories.tracks;
    const row = await db.selectFrom('tracks').selectAll().where('id', '=', ids['Sunny Side'] as string).executeTakeFirstOrThrow();
    const id = `${row.id}-elsewhere`;
    await db
      .transaction()
      .execute((trx) => tracks.create(trx, { ...row, id, title: 'Marmalade Skies', search_text: 'marmalade skies velvet lane', storage_key: `${row.storage_key}-elsewhere` }));
    try {
      const typo = await search('marmelade');
      expect(typo.suggestion).toBe('marmalade');
      expect(titles(typo)).toEqual(['Marmalade Skies']);
    } finally {
      await db.transaction().execute((trx) => tracks.delete(trx, { id, artist_id: row.artist_id, hidden: row.hidden }));
    }
  });
});
