import type { DailyMix, RadioPage, SimilarTracks } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

/**
 * Radio on a small crafted catalogue: the `radio-similar` job's track_similar (co-listens
 * first, then co-likes, shared tags, the genre), what the API answers from it, and that tracks the
 * public may not see never come out, whatever their signals.
 */
describe(`radio (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let listeners: Client[];
  let liker: Client;
  let mp3: Buffer;
  const ids: Record<string, string> = {};

  const upload = async (title: string, genre: string, tags: string[] = []) => {
    const urls = await getUploadUrl(artist, mp3);
    expect((await put(artist, urls.uploadURL, mp3)).status).toBe(200);
    const created = await artist.json<{ id: string }>('POST', '/api/tracks', { title, genre, tags, url: urls.fileUrl });
    expect(created.status).toBe(201);
    ids[title] = created.body.id;
  };
  const play = async (who: Client, title: string) => expect((await who.json('POST', '/api/me/history', { trackId: ids[title] })).status).toBe(204);
  const runJob = async () => {
    await t.context.jobs.send('radio-similar', {}, { singletonKey: 'radio-similar' });
    await t.context.jobs.idle();
  };
  const similarRows = (title: string) =>
    t.context.database.db.selectFrom('track_similar').select(['similar_id', 'score', 'reason']).where('track_id', '=', ids[title]!).orderBy('score', 'desc').orderBy('similar_id').execute();
  const titleOf = (id: string) => Object.keys(ids).find((k) => ids[k] === id);

  beforeAll(async () => {
    t = await startTestApp();
    mp3 = await makeMp3(1);
    artist = new Client(t.baseUrl);
    await artist.signUp('Radio Artist');
    await upload('Seed', 'Rap', ['night']);
    await upload('Twin', 'Rap');
    await upload('Cousin', 'Rap');
    await upload('Loved', 'Rap');
    await upload('Tagged', 'Rap', ['night', 'drive']);
    await upload('Secret', 'Rap');
    await upload('Genre Mate', 'Rap');
    await upload('Elsewhere', 'Pop');
    listeners = [];
    for (const name of ['Ann', 'Bob', 'Cid']) {
      const c = new Client(t.baseUrl);
      await c.signUp(name);
      listeners.push(c);
    }
    // Three listeners played Seed and Twin, two also Secret, one also Cousin.
    for (const [i, c] of listeners.entries()) {
      await play(c, 'Seed');
      await play(c, 'Twin');
      if (i < 2) await play(c, 'Secret');
      if (i === 0) await play(c, 'Cousin');
    }
    liker = new Client(t.baseUrl);
    await liker.signUp('Dee');
    for (const title of ['Seed', 'Loved']) expect((await liker.json('PUT', `/api/tracks/${ids[title]}/like`)).status).toBe(200);
    // Secret then goes private: the strongest signals of all must not bring it back.
    expect((await artist.json('PATCH', `/api/tracks/${ids.Secret}/visibility`, { visibility: 'private' })).status).toBe(200);
    await t.context.jobs.idle();
    await runJob();
  });
  afterAll(() => t.close());

  it('ranks co-listens, then co-likes, shared tags and the genre, each with its reason, and keeps hidden tracks out', async () => {
    const rows = await similarRows('Seed');
    expect(rows.map((r) => [titleOf(r.similar_id), r.reason])).toEqual([
      ['Twin', 'co-listened'],
      ['Cousin', 'co-listened'],
      ['Loved', 'co-liked'],
      ['Tagged', 'same tags'],
      ['Genre Mate', 'same genre'],
    ]);
    expect(rows.map((r) => Number(r.score))).toEqual([301, 101, 61, 31, 1]);
    // Nobody's neighbours hold the private track.
    const anywhere = await t.context.database.db.selectFrom('track_similar').select('track_id').where('similar_id', '=', ids.Secret!).execute();
    expect(anywhere).toEqual([]);
  });

  it('refreshes only what was played since its last run, then nothing', async () => {
    expect(await t.context.services.radio.refreshSome()).toBe(0);
    await play(listeners[2]!, 'Cousin');
    expect(await t.context.services.radio.refreshSome()).toBe(1);
    expect((await similarRows('Seed')).map((r) => Number(r.score)).slice(0, 2)).toEqual([301, 101]);
    // Cousin's own neighbours now count both of its listeners of Seed.
    const cousin = await similarRows('Cousin');
    expect(
      cousin
        .slice(0, 2)
        .map((r) => `${titleOf(r.similar_id)} ${Number(r.score)}`)
        .sort(),
    ).toEqual(['Seed 201', 'Twin 201']);
  });

  it('answers similar tracks of a visible track, worded, and 404 for one the caller may not see', async () => {
    const anonymous = new Client(t.baseUrl);
    const r = await anonymous.json<SimilarTracks>('GET', `/api/tracks/${ids.Seed}/similar`);
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => i.track.title)).toEqual(['Twin', 'Cousin', 'Loved', 'Tagged', 'Genre Mate']);
    expect(r.body.items[0]!.reason).toEqual({ kind: 'co-listened', seedId: ids.Seed, seedTitle: 'Seed', detail: null });
    expect(r.body.items[3]!.reason).toEqual({ kind: 'same-tags', seedId: ids.Seed, seedTitle: 'Seed', detail: 'night' });
    expect(r.body.items[4]!.reason).toMatchObject({ kind: 'same-genre', detail: 'Rap' });
    expect((await anonymous.json('GET', `/api/tracks/${ids.Secret}/similar`)).status).toBe(404);
    expect((await listeners[0]!.json('GET', `/api/tracks/${ids.Secret}/similar`)).status).toBe(404);
    expect((await artist.json('GET', `/api/tracks/${ids.Secret}/similar`)).status).toBe(200);
    expect((await anonymous.json('GET', '/api/tracks/nope/similar')).status).toBe(404);
  });

  it('drops a track from the answers as soon as it is hidden, before the job runs again', async () => {
    expect((await artist.json('PATCH', `/api/tracks/${ids.Loved}/visibility`, { visibility: 'unlisted' })).status).toBe(200);
    try {
      const r = await new Client(t.baseUrl).json<SimilarTracks>('GET', `/api/tracks/${ids.Seed}/similar`);
      expect(r.body.items.map((i) => i.track.title)).not.toContain('Loved');
      const radio = await new Client(t.baseUrl).json<RadioPage>('GET', `/api/radio?seed=track:${ids.Seed}&limit=25`);
      expect(radio.body.items.map((i) => i.track.title)).not.toContain('Loved');
    } finally {
      expect((await artist.json('PATCH', `/api/tracks/${ids.Loved}/visibility`, { visibility: 'public' })).status).toBe(200);
    }
  });

  it('radio from a track: the next tracks best first without the seed and the excluded ones, and it never runs dry', async () => {
    const c = new Client(t.baseUrl);
    const first = await c.json<RadioPage>('GET', `/api/radio?seed=track:${ids.Seed}&limit=3`);
    expect(first.status).toBe(200);
    expect(first.body.seed).toEqual({ kind: 'track', id: ids.Seed, label: 'Seed' });
    expect(first.body.items.map((i) => i.track.title)).toEqual(['Twin', 'Cousin', 'Loved']);
    const played = [...first.body.items.map((i) => i.track.id).reverse(), ids.Seed];
    const next = await c.json<RadioPage>('GET', `/api/radio?seed=track:${ids.Seed}&limit=3&exclude=${played.join(',')}`);
    // What is left near Seed: the tagged track, then the genre, then (a small catalogue) the newest of any genre; never the private track.
    expect(next.body.items.map((i) => [i.track.title, i.reason.kind])).toEqual([
      ['Tagged', 'same-tags'],
      ['Genre Mate', 'same-genre'],
      ['Elsewhere', 'fresh'],
    ]);
    // Everything public of the genre played: it goes round again rather than stopping, never with the last plays nor a private track.
    const all = ['Genre Mate', 'Tagged', 'Loved', 'Cousin', 'Twin', 'Seed'].map((k) => ids[k]!);
    const again = await c.json<RadioPage>('GET', `/api/radio?seed=track:${ids.Seed}&limit=5&exclude=${all.join(',')}`);
    expect(again.body.items.length).toBeGreaterThan(0);
    for (const item of again.body.items) expect(['Genre Mate', 'Tagged', 'Loved', 'Secret']).not.toContain(item.track.title);
  });

  it('radio from an artist and from a genre; bad seeds are clear 4xx', async () => {
    const c = new Client(t.baseUrl);
    const profileId = (await artist.json<{ user: { id: string } }>('GET', '/api/me')).body.user.id;
    const byArtist = await c.json<RadioPage>('GET', `/api/radio?seed=artist:${profileId}&limit=10`);
    expect(byArtist.status).toBe(200);
    expect(byArtist.body.seed.label).toBe('Radio Artist');
    expect(byArtist.body.items.length).toBeGreaterThan(0);
    expect(byArtist.body.items.map((i) => i.track.title)).not.toContain('Secret');
    expect(byArtist.body.items.some((i) => i.reason.kind === 'artist' && i.reason.detail === 'Radio Artist')).toBe(true);
    const byGenre = await c.json<RadioPage>('GET', '/api/radio?seed=genre:Pop');
    expect(byGenre.body.items.map((i) => i.track.title)).toEqual(['Elsewhere']);
    expect(byGenre.body.items[0]!.reason.kind).toBe('same-genre');
    for (const [query, status] of [
      ['seed=genre:Polka', 400],
      ['seed=nothing', 400],
      ['seed=track:', 400],
      [`seed=track:${ids.Secret}`, 404],
      ['seed=track:missing', 404],
      ['seed=artist:missing', 404],
      [`seed=track:${ids.Seed}&limit=500`, 400],
      [`seed=track:${ids.Seed}&exclude=,,`, 400],
    ] as const) {
      const r = await c.json<{ error: string; message: string }>('GET', `/api/radio?${query}`);
      expect(r.status, query).toBe(status);
      expect(r.body.message, query).toMatch(/\w/);
    }
    // The owner may start a radio from their private track; the track itself still never comes back.
    const own = await artist.json<RadioPage>('GET', `/api/radio?seed=track:${ids.Secret}&limit=25`);
    expect(own.status).toBe(200);
    expect(own.body.items.map((i) => i.track.title)).not.toContain('Secret');
  });

  it('a daily mix from my plays and likes, the same all day; empty without history; never a hidden track', async () => {
    const mine = await listeners[0]!.json<DailyMix>('GET', '/api/me/daily-mix');
    expect(mine.status).toBe(200);
    expect(mine.body.day).toBe(new Date().toISOString().slice(0, 10));
    const titles = mine.body.items.map((i) => i.track.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles).not.toContain('Secret');
    for (const item of mine.body.items) expect(item.reason.seedTitle === null || typeof item.reason.seedTitle === 'string').toBe(true);
    // More plays and a new run of the job do not change today's mix.
    await play(listeners[0]!, 'Elsewhere');
    await runJob();
    expect((await listeners[0]!.json<DailyMix>('GET', '/api/me/daily-mix')).body).toEqual(mine.body);
    const newcomer = new Client(t.baseUrl);
    await newcomer.signUp('New');
    expect((await newcomer.json<DailyMix>('GET', '/api/me/daily-mix')).body.items).toEqual([]);
    expect((await new Client(t.baseUrl).json('GET', '/api/me/daily-mix')).status).toBe(401);
  });
});
