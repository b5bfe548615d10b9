import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type Track = { id: string; title: string; likes: number; listens: number };

describe(`likes, listens, charts, history, reports, search (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let fan: Client;
  const tracks: Track[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    await artist.signUp('Ночная Смена');
    await fan.signUp('Fan');
    const mp3 = await makeMp3(1);
    for (const title of ['Midnight Drive', 'Cowbell Requiem', 'Город огней']) tracks.push((await uploadTrack(artist, mp3, { title, genre: 'Phonk' })) as unknown as Track);
  });
  afterAll(() => t.close());

  const track = (i: number) => tracks[i] as Track;
  const getTrack = async (id: string) => (await new Client(t.baseUrl).json<Track>('GET', `/api/tracks/${id}`)).body;

  it('likes once, unlikes once, and keeps the counter in step', async () => {
    const id = track(0).id;
    expect((await fan.json('PUT', `/api/tracks/${id}/like`)).body).toEqual({ trackId: id, liked: true, likes: 1 });
    expect((await fan.json('PUT', `/api/tracks/${id}/like`)).body).toEqual({ trackId: id, liked: true, likes: 1 });
    expect((await artist.json('PUT', `/api/tracks/${id}/like`)).body).toMatchObject({ likes: 2 });
    expect((await fan.json<{ ids: string[] }>('GET', '/api/me/liked-ids')).body.ids).toEqual([id]);
    expect((await fan.json<{ items: Track[] }>('GET', '/api/me/likes')).body.items.map((i) => i.id)).toEqual([id]);
    expect((await fan.json('DELETE', `/api/tracks/${id}/like`)).body).toEqual({ trackId: id, liked: false, likes: 1 });
    expect((await fan.json('DELETE', `/api/tracks/${id}/like`)).body).toEqual({ trackId: id, liked: false, likes: 1 });
    expect((await getTrack(id)).likes).toBe(1);
  });

  it('refuses likes and personal lists signed out, and likes of unknown tracks', async () => {
    const anon = new Client(t.baseUrl);
    expect((await anon.json('PUT', `/api/tracks/${track(0).id}/like`)).status).toBe(401);
    expect((await anon.json('GET', '/api/me/liked-ids')).status).toBe(401);
    expect((await anon.json('GET', '/api/me/history')).status).toBe(401);
    expect((await anon.json('POST', '/api/me/history', { trackId: track(0).id })).status).toBe(401);
    expect((await fan.json('PUT', '/api/tracks/nope/like')).status).toBe(404);
  });

  it('counts one listen per playback start, guarding against an immediate replay', async () => {
    const id = track(1).id;
    const first = await fan.json<{ counted: boolean; listens: number }>('POST', `/api/tracks/${id}/listens`);
    expect(first.body).toEqual({ trackId: id, counted: true, listens: 1 });
    expect((await fan.json('POST', `/api/tracks/${id}/listens`)).body).toMatchObject({ counted: false, listens: 1 });
    // Another listener, and an anonymous one, count separately.
    expect((await artist.json('POST', `/api/tracks/${id}/listens`)).body).toMatchObject({ counted: true, listens: 2 });
    const anon = new Client(t.baseUrl);
    expect((await anon.json('POST', `/api/tracks/${id}/listens`)).body).toMatchObject({ counted: true, listens: 3 });
    expect((await anon.json('POST', `/api/tracks/${id}/listens`)).body).toMatchObject({ counted: false });
    expect((await getTrack(id)).listens).toBe(3);
    const rows = await t.context.database.db.selectFrom('listens').select('user_id').where('track_id', '=', id).execute();
    expect(rows).toHaveLength(3);
  });

  it('ranks the top charts by listens', async () => {
    await fan.json('POST', `/api/tracks/${track(2).id}/listens`);
    const charts = await new Client(t.baseUrl).json<{ items: Track[] }>('GET', '/api/charts/top');
    expect(charts.body.items.map((i) => i.title)).toEqual(['Cowbell Requiem', 'Город огней', 'Midnight Drive']);
  });

  it('keeps history on the server, newest first, one entry per track', async () => {
    const listener = new Client(t.baseUrl);
    await listener.signUp('Historian');
    for (const i of [0, 1, 0, 2]) expect((await listener.request('POST', '/api/me/history', { json: { trackId: track(i).id } })).status).toBe(204);
    const history = await listener.json<{ items: Array<{ track: Track; playedAt: string }> }>('GET', '/api/me/history');
    expect(history.body.items.map((i) => i.track.title)).toEqual(['Город огней', 'Midnight Drive', 'Cowbell Requiem']);
    // Another device of the same user sees it; another user does not.
    expect((await fan.json<{ items: unknown[] }>('GET', '/api/me/history')).body.items).toEqual([]);
  });

  it('stores a report, signed in or not', async () => {
    const anonymous = await new Client(t.baseUrl).json<{ id: string }>('POST', `/api/tracks/${track(0).id}/reports`, {});
    expect(anonymous.status).toBe(201);
    const reasoned = await fan.json<{ id: string }>('POST', `/api/tracks/${track(0).id}/reports`, { reason: '  stolen beat  ' });
    expect(reasoned.status).toBe(201);
    const rows = await t.context.database.db.selectFrom('reports').selectAll().orderBy('created_at').execute();
    expect(rows.map((r) => r.reason)).toEqual([null, 'stolen beat']);
    expect((await fan.json('POST', `/api/tracks/${track(0).id}/reports`, { reason: 'x'.repeat(501) })).status).toBe(400);
  });

  it('searches tracks and artists, and corrects one typo', async () => {
    const anon = new Client(t.baseUrl);
    const search = async (q: string) => (await anon.json<{ tracks: Track[]; artists: Array<{ displayName: string }>; suggestion: string | null }>('GET', `/api/search?q=${encodeURIComponent(q)}`)).body;
    const byTitle = await search('requiem');
    expect(byTitle.tracks.map((i) => i.title)).toEqual(['Cowbell Requiem']);
    expect(byTitle.suggestion).toBeNull();
    const artists = await search('ночная');
    expect(artists.artists.map((a) => a.displayName)).toEqual(['Ночная Смена']);
    expect(artists.tracks).toHaveLength(3);
    // The fan has no tracks, so is no artist.
    expect((await search('fan')).artists).toEqual([]);
    // A prefix is no typo: 'cowbel' is found as a substring.
    expect((await search('cowbel')).suggestion).toBeNull();
    const typo = await search('cowbell requeim');
    expect(typo.suggestion).toBe('cowbell requiem');
    expect(typo.tracks.map((i) => i.title)).toEqual(['Cowbell Requiem']);
    const cyrillicTypo = await search('горот');
    expect(cyrillicTypo.suggestion).toBe('город');
    expect(cyrillicTypo.tracks.map((i) => i.title)).toEqual(['Город огней']);
    expect(await search('')).toEqual({ query: '', tracks: [], artists: [], albums: [], genres: [], suggestion: null });
    expect(await search('qqqqqqq')).toMatchObject({ tracks: [], artists: [], suggestion: null });
  });
});
