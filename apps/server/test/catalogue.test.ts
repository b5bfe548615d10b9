import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type Track = { id: string; title: string; genre: string; artist: string; artistId: string; url: string; duration: number | null; likes: number; listens: number; createdAt: string; audio?: Record<string, unknown> };
type Page = { items: Track[]; total: number; page: number; pageSize: number };

describe(`catalogue API (${dialect})`, () => {
  let t: TestApp;
  let anon: Client;
  let artistId: string;
  const titles: Array<[string, string]> = [
    ['Ночной город', 'Rap'],
    ['Midnight Drive', 'Phonk'],
    ['Summer 100%', 'Pop'],
    ['Basement_Tapes', 'Hip-Hop'],
    ['ГОРОД ОГНЕЙ', 'Rap'],
    ['Trap Lord', 'Trap'],
    ['Floor Filler', 'Dance'],
    ['Just a sketch', 'Other'],
    ['Drive slow', 'Trap'],
    ['Tenth', 'Pop'],
  ];

  beforeAll(async () => {
    t = await startTestApp();
    anon = new Client(t.baseUrl);
    const artist = new Client(t.baseUrl);
    artistId = (await artist.signUp('Кирилл Beats')).id;
    const mp3 = await makeMp3(1);
    for (const [title, genre] of titles) await uploadTrack(artist, mp3, { title, genre });
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const { status, body } = await anon.json<Page>('GET', `/api/tracks${query}`);
    expect(status).toBe(200);
    return body;
  };

  it('lists tracks newest first with every field of the contract', async () => {
    const page = await list();
    expect(page.total).toBe(10);
    expect(page.items.map((i) => i.title)).toEqual(titles.map(([title]) => title).reverse().slice(0, 9));
    const track = page.items[0];
    expect(Object.keys(track ?? {}).sort()).toEqual(['artist', 'artistId', 'audio', 'createdAt', 'downloadable', 'duration', 'genre', 'hasLyrics', 'hidden', 'id', 'image', 'likes', 'listens', 'publishAt', 'release', 'reposts', 'tags', 'title', 'url', 'visibility', 'waveform'].sort());
    expect(Object.keys(track?.audio ?? {}).sort()).toEqual(['high', 'loudness', 'saver', 'sourceCodec', 'sourceKbps', 'status', 'truePeak']);
    expect(track).toMatchObject({ artist: 'Кирилл Beats', artistId, likes: 0, listens: 0, hidden: false, image: null });
  });

  it('pages with page and pageSize', async () => {
    const first = await list('?pageSize=9&page=1');
    const second = await list('?pageSize=9&page=2');
    expect(first.items).toHaveLength(9);
    expect(second.items).toHaveLength(1);
    expect(second).toMatchObject({ page: 2, pageSize: 9, total: 10 });
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(10);
    expect((await list('?page=5')).items).toEqual([]);
  });

  it('filters by genre and counts genres', async () => {
    const rap = await list('?genre=Rap');
    expect(rap.total).toBe(2);
    expect(rap.items.every((i) => i.genre === 'Rap')).toBe(true);
    expect((await list('?genre=All')).total).toBe(10);
    const { body } = await anon.json<{ total: number; genres: Array<{ genre: string; count: number }> }>('GET', '/api/genres');
    expect(body.total).toBe(10);
    expect(body.genres).toEqual([
      { genre: 'Rap', count: 2 },
      { genre: 'Hip-Hop', count: 1 },
      { genre: 'Trap', count: 2 },
      { genre: 'Pop', count: 2 },
      { genre: 'Phonk', count: 1 },
      { genre: 'Dance', count: 1 },
      { genre: 'Other', count: 1 },
    ]);
  });

  it('searches title or artist case-insensitively, Cyrillic included', async () => {
    const titlesOf = async (q: string) => (await list(`?pageSize=50&q=${encodeURIComponent(q)}`)).items.map((i) => i.title).sort();
    expect(await titlesOf('drive')).toEqual(['Drive slow', 'Midnight Drive']);
    expect(await titlesOf('ГОРОД')).toEqual(['ГОРОД ОГНЕЙ', 'Ночной город']);
    expect(await titlesOf('город')).toEqual(['ГОРОД ОГНЕЙ', 'Ночной город']);
    expect(await titlesOf('кирилл')).toHaveLength(10);
    expect((await list('?q=drive&genre=Trap')).items.map((i) => i.title)).toEqual(['Drive slow']);
    // LIKE wildcards in a query match themselves only.
    expect(await titlesOf('100%')).toEqual(['Summer 100%']);
    expect(await titlesOf('_')).toEqual(['Basement_Tapes']);
    expect((await list('?q=nothing-like-this')).items).toEqual([]);
  });

  it('gets one track, and 404s an unknown one', async () => {
    const [first] = (await list()).items;
    expect((await anon.json('GET', `/api/tracks/${first?.id}`)).body).toEqual(first);
    const missing = await anon.json<{ error: string }>('GET', '/api/tracks/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('track_not_found');
  });

  it('refuses bad query parameters with a 400 and a message', async () => {
    for (const query of ['?genre=Polka', '?page=0', '?pageSize=1000', '?page=abc']) {
      const { status, body } = await anon.json<{ error: string; message: string }>('GET', `/api/tracks${query}`);
      expect(status, query).toBe(400);
      expect(body.message.length, query).toBeGreaterThan(0);
    }
  });

  it('lists an artist’s tracks and counts them on the profile', async () => {
    expect((await list(`?artistId=${artistId}&pageSize=100`)).total).toBe(10);
    expect((await anon.json<{ tracks: number }>('GET', `/api/profiles/${artistId}`)).body.tracks).toBe(10);
  });
});
