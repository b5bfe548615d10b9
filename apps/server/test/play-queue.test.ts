import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type State = { queue: null | { tracks: Array<{ id: string; title: string }>; currentId: string | null; positionMs: number; changedBy: string; updatedAt: string } };

describe(`the play queue on the server: continue on another device (${dialect})`, () => {
  let t: TestApp;
  let laptop: Client;
  let phone: Client;
  let artist: Client;
  let ids: string[];

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    await artist.signUp('Queue Artist');
    const mp3 = await makeMp3(1);
    ids = [];
    for (const title of ['One', 'Two', 'Three']) ids.push(((await uploadTrack(artist, mp3, { title })) as { id: string }).id);
    laptop = new Client(t.baseUrl);
    const email = `queue-${Date.now()}@example.com`;
    await laptop.signUp('Listener', email, 'correct-horse-battery');
    // The same listener on a second device: a second session of the same account.
    phone = new Client(t.baseUrl);
    expect((await phone.json('POST', '/api/auth/sign-in/email', { email, password: 'correct-horse-battery' })).status).toBe(200);
  });
  afterAll(() => t.close());

  it('keeps the queue one device saves for the next one, with its current track, position and device', async () => {
    expect((await phone.json<State>('GET', '/api/me/play-queue')).body).toEqual({ queue: null });
    const saved = await laptop.json<{ updatedAt: string }>('PUT', '/api/me/play-queue', { trackIds: ids, currentId: ids[1], positionMs: 42_500, device: 'Firefox on Linux' });
    expect(saved.status).toBe(200);
    const { queue } = (await phone.json<State>('GET', '/api/me/play-queue')).body;
    expect(queue).toMatchObject({ currentId: ids[1], positionMs: 42_500, changedBy: 'Firefox on Linux', updatedAt: saved.body.updatedAt });
    expect(queue!.tracks.map((track) => track.title)).toEqual(['One', 'Two', 'Three']);
    // The other listener's queue is their own.
    const stranger = new Client(t.baseUrl);
    await stranger.signUp('Stranger');
    expect((await stranger.json<State>('GET', '/api/me/play-queue')).body.queue).toBeNull();
  });

  it('drops a track that was made private since, and refuses what makes no sense with a reason', async () => {
    expect((await artist.json('PATCH', `/api/tracks/${ids[2]}/visibility`, { visibility: 'private' })).status).toBe(200);
    const { queue } = (await phone.json<State>('GET', '/api/me/play-queue')).body;
    expect(queue!.tracks.map((track) => track.title)).toEqual(['One', 'Two']);

    const notInQueue = await phone.json<{ message: string }>('PUT', '/api/me/play-queue', { trackIds: [ids[0]], currentId: ids[1], device: 'Phone' });
    expect(notInQueue.status).toBe(400);
    expect(notInQueue.body.message).toMatch(/current track must be one of the queue/);
    expect((await phone.json('PUT', '/api/me/play-queue', { trackIds: ids, positionMs: -1, device: 'Phone' })).status).toBe(400);
    expect((await phone.json('PUT', '/api/me/play-queue', { trackIds: ids })).status).toBe(400);
    // An empty queue clears it.
    expect((await phone.json<{ updatedAt: string | null }>('PUT', '/api/me/play-queue', { trackIds: [], device: 'Phone' })).body).toEqual({ updatedAt: null });
    expect((await laptop.json<State>('GET', '/api/me/play-queue')).body.queue).toBeNull();
  });
});
