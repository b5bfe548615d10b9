import type { SearchResult } from '@platter/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as transliterateSearch } from '../src/db/migrations/2026-11-29T06-00_search-transliteration.js';
import { trackWords } from '../src/lib/spelling.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

/**
 * Search across scripts (issue 29): the Latin "kira" finds Кира Север, her tracks and her
 * release; the Cyrillic "хаос" finds the Latin "Khaos"; "did you mean" corrects in both; and the
 * migration gives the rows already there the same spellings, on both engines' indexes.
 */
describe(`search in Latin and Cyrillic letters (${dialect})`, () => {
  let t: TestApp;
  let kira: Client;
  const ids: Record<string, string> = {};
  const search = async (q: string) => (await new Client(t.baseUrl).json<SearchResult>('GET', `/api/search?q=${encodeURIComponent(q)}`)).body;
  const titles = (result: SearchResult) => result.tracks.map((track) => track.title).sort();
  const artists = (result: SearchResult) => result.artists.map((a) => a.displayName).sort();

  beforeAll(async () => {
    t = await startTestApp();
    kira = new Client(t.baseUrl);
    await kira.signUp('Кира Север');
    const theory = new Client(t.baseUrl);
    await theory.signUp('Khaos Theory');
    const mp3 = await makeMp3(1);
    ids['Хаос'] = ((await uploadTrack(kira, mp3, { title: 'Хаос', genre: 'Pop' })) as { id: string }).id;
    ids['Северный ветер'] = ((await uploadTrack(kira, mp3, { title: 'Северный ветер', genre: 'Pop' })) as { id: string }).id;
    ids['Night Drive'] = ((await uploadTrack(theory, mp3, { title: 'Night Drive', genre: 'Pop' })) as { id: string }).id;
    const release = await kira.json<{ id: string }>('POST', '/api/releases', { title: 'Полночь', type: 'ep', trackIds: [ids['Хаос']] });
    expect(release.status).toBe(201);
    ids['Полночь'] = release.body.id;
  });
  afterAll(() => t.close());

  it("finds Кира Север, her tracks and her release by the Latin 'kira', and still by the Cyrillic", async () => {
    for (const q of ['kira', 'Kira', 'KIRA SEVER', 'Кира', 'кира север']) {
      const result = await search(q);
      expect(artists(result), q).toEqual(['Кира Север']);
      expect(titles(result), q).toEqual(['Северный ветер', 'Хаос']);
      expect(result.albums?.map((a) => a.title), q).toEqual(['Полночь']);
      expect(result.suggestion, q).toBeNull();
    }
    const sever = await search('sever');
    expect(artists(sever)).toEqual(['Кира Север']);
    expect(titles(sever)).toEqual(['Северный ветер', 'Хаос']);
    expect((await search('polnoch')).albums?.map((a) => a.title)).toEqual(['Полночь']);
  });

  it("finds 'Хаос' by 'khaos' and 'haos', and the Latin 'Khaos Theory' by 'хаос'", async () => {
    for (const q of ['khaos', 'haos']) expect(titles(await search(q)), q).toContain('Хаос');
    const khaos = await search('хаос');
    expect(titles(khaos)).toEqual(['Night Drive', 'Хаос']);
    expect(artists(khaos)).toEqual(['Khaos Theory']);
  });

  it('suggests a correction in the other script too', async () => {
    const typo = await search('kiraa');
    expect(typo.suggestion).toBe('kira');
    expect(artists(typo)).toEqual(['Кира Север']);
  });

  it('gives the tracks, releases and artists already indexed their transliterations (the migration), on the same indexes', async () => {
    const { db } = t.context.database;
    // As they were written before: lower-cased only.
    await sql`UPDATE tracks SET search_text = lower(title) || ' ' || ${'кира север'} WHERE artist_id = (SELECT id FROM profiles WHERE display_name = ${'Кира Север'})`.execute(db);
    await sql`UPDATE releases SET search_text = ${'полночь кира север'} WHERE id = ${ids['Полночь']!}`.execute(db);
    await sql`UPDATE profiles SET search_name = ${'кира север'} WHERE display_name = ${'Кира Север'}`.execute(db);
    const before = await search('kira');
    expect({ tracks: titles(before), artists: artists(before), albums: before.albums?.length }).toEqual({ tracks: [], artists: [], albums: 0 });
    expect(artists(await search('кира'))).toEqual(['Кира Север']);

    await transliterateSearch(db);
    const after = await search('kira');
    expect(artists(after)).toEqual(['Кира Север']);
    expect(titles(after)).toEqual(['Северный ветер', 'Хаос']);
    expect(after.albums?.map((a) => a.title)).toEqual(['Полночь']);
    // Run again, it changes nothing.
    await transliterateSearch(db);
    expect(titles(await search('sever'))).toEqual(['Северный ветер', 'Хаос']);
  });

  it.runIf(dialect === 'postgres')("gives a track its words with every write of its text (upload, edit, the artist's new name), each of them in the vocabulary", async () => {
    const { db } = t.context.database;
    const lev = new Client(t.baseUrl);
    await lev.signUp('Лев Орлов');
    const id = ((await uploadTrack(lev, await makeMp3(1), { title: 'Полёт', genre: 'Pop' })) as { id: string }).id;
    const wordsWritten = async () => {
      const row = await db.selectFrom('tracks').select(['search_text', 'words']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.words).toEqual(trackWords(row.search_text));
      const known = await db.selectFrom('search_words').select('word').where('word', 'in', row.words!).execute();
      expect(known.map((r) => r.word).sort()).toEqual([...row.words!].sort());
      return row.words!;
    };
    expect(await wordsWritten()).toEqual(expect.arrayContaining(['полёт', 'лев', 'lev', 'orlov']));
    expect((await lev.json('PATCH', `/api/tracks/${id}`, { title: 'Полёт над Волгой', genre: 'Pop' })).status).toBe(200);
    expect(await wordsWritten()).toEqual(expect.arrayContaining(['волгой', 'volgoy']));
    expect((await lev.json('PATCH', '/api/me/profile', { displayName: 'Лёва Соколов' })).status).toBe(200);
    expect(await wordsWritten()).toEqual(expect.arrayContaining(['соколов', 'sokolov']));
    expect(await wordsWritten()).not.toContain('orlov');
    // The new name's Latin spelling finds it by the word index.
    expect((await t.context.repositories.tracks.vocabulary('sokol')).containing).toContain('sokolov');
    expect(titles(await search('sokol'))).toEqual(['Полёт над Волгой']);
  });
});
