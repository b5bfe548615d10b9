import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type FakeListenBrainz, startFakeListenBrainz } from './support/listenbrainz-server.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type State = { linked: boolean; userName: string | null; serverUrl: string | null; lastStatus: string | null; lastError: string | null; submitted: number; pending: number };
type ErrorBody = { error: string; message: string };

const TOKEN = 'a3f1c2d4-0000-4000-8000-000000000001';

describe(`ListenBrainz scrobbling (${dialect})`, () => {
  let t: TestApp;
  let lb: FakeListenBrainz;
  let artist: Client;
  let fan: Client;
  let fanId: string;
  let other: Client;
  let trackId: string;
  let secondTrackId: string;
  let thirdTrackId: string;
  const users: Record<string, string> = { [TOKEN]: 'fan_on_lb' };

  const listen = (c: Client, id: string) => c.json<{ counted: boolean }>('POST', `/api/tracks/${id}/listens`, {});
  const state = async (c: Client) => (await c.json<State>('GET', '/api/me/listenbrainz')).body;
  const settle = () => t.context.jobs.idle();

  beforeAll(async () => {
    lb = await startFakeListenBrainz(users);
    t = await startTestApp({ LISTENBRAINZ_URL: lb.url });
    artist = new Client(t.baseUrl);
    await artist.signUp('Scrobbled Artist');
    const mp3 = await makeMp3(2);
    trackId = ((await uploadTrack(artist, mp3, { title: 'First Scrobble' })) as { id: string }).id;
    secondTrackId = ((await uploadTrack(artist, mp3, { title: 'Second Scrobble' })) as { id: string }).id;
    thirdTrackId = ((await uploadTrack(artist, mp3, { title: 'Third Scrobble' })) as { id: string }).id;
    fan = new Client(t.baseUrl);
    fanId = (await fan.signUp('Fan')).id;
    other = new Client(t.baseUrl);
    await other.signUp('Not linked');
    await settle();
  });
  afterAll(async () => {
    await t.close();
    await lb.close();
  });

  it('links an account only with a token the server accepts, and keeps the token sealed', async () => {
    expect((await new Client(t.baseUrl).json('GET', '/api/me/listenbrainz')).status).toBe(401);
    expect(await state(fan)).toMatchObject({ linked: false, userName: null, pending: 0 });

    const wrong = await fan.json<ErrorBody>('PUT', '/api/me/listenbrainz', { token: 'not-the-right-token' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/did not accept this token/);
    const malformed = await fan.json<ErrorBody>('PUT', '/api/me/listenbrainz', { token: 'spaces are not allowed' });
    expect(malformed.status).toBe(400);
    const insecure = await fan.json<ErrorBody>('PUT', '/api/me/listenbrainz', { token: TOKEN, serverUrl: 'http://lb.example.org' });
    expect(insecure.status).toBe(400);
    expect(insecure.body.message).toMatch(/https/);
    // A listener's own server in the server's network is refused (outbound-guard.test.ts has the rest).
    const loopback = await fan.json<ErrorBody>('PUT', '/api/me/listenbrainz', { token: TOKEN, serverUrl: 'https://127.0.0.1:1' });
    expect(loopback.status).toBe(400);
    expect(loopback.body).toMatchObject({ error: 'outbound_blocked_address', message: "Platter can't connect to that address: it points into a private network." });
    expect((await state(fan)).linked).toBe(false);

    const linked = await fan.json<State>('PUT', '/api/me/listenbrainz', { token: TOKEN });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ linked: true, userName: 'fan_on_lb', serverUrl: null, lastStatus: null, submitted: 0, pending: 0 });
    const row = await t.context.database.db.selectFrom('listenbrainz_links').selectAll().where('user_id', '=', fanId).executeTakeFirstOrThrow();
    expect(row.token_sealed).not.toContain(TOKEN);
  });

  it('submits each counted listen once, from a job, with the track’s metadata; replays and unlinked listeners send nothing', async () => {
    const before = Date.now();
    expect((await listen(fan, trackId)).body.counted).toBe(true);
    await expect.poll(() => lb.accepted.length, { timeout: 15_000 }).toBe(1);
    const [submission] = lb.accepted;
    expect(submission).toMatchObject({ token: TOKEN, listen_type: 'single' });
    const listen0 = submission!.payload[0] as { listened_at: number; track_metadata: { artist_name: string; track_name: string; additional_info: Record<string, unknown> } };
    expect(listen0.track_metadata).toMatchObject({ artist_name: 'Scrobbled Artist', track_name: 'First Scrobble' });
    expect(listen0.track_metadata.additional_info).toMatchObject({ submission_client: 'Platter', duration_ms: expect.any(Number) });
    expect(Math.abs(listen0.listened_at * 1000 - before)).toBeLessThan(60_000);
    await expect.poll(() => state(fan), { timeout: 15_000 }).toMatchObject({ lastStatus: 'ok', lastError: null, submitted: 1, pending: 0 });

    // The replay guard holds: a second report of the same play is not counted, so not submitted.
    expect((await listen(fan, trackId)).body.counted).toBe(false);
    // A listener without a link sends nothing.
    expect((await listen(other, trackId)).body.counted).toBe(true);
    await settle();
    expect(lb.accepted).toHaveLength(1);
  });

  it('tells ListenBrainz what plays now (public tracks only), without listened_at', async () => {
    expect((await fan.json('POST', '/api/me/now-playing', { trackId: secondTrackId })).status).toBe(204);
    await expect.poll(() => lb.accepted.length, { timeout: 15_000 }).toBe(2);
    const now = lb.accepted.at(-1)!;
    expect(now.listen_type).toBe('playing_now');
    expect(now.payload[0]).not.toHaveProperty('listened_at');
    expect(now.payload[0]).toMatchObject({ track_metadata: { track_name: 'Second Scrobble' } });
    // Not signed in: refused; an unknown track: nothing sent.
    expect((await new Client(t.baseUrl).json('POST', '/api/me/now-playing', { trackId })).status).toBe(401);
    const count = lb.accepted.length;
    expect((await fan.json('POST', '/api/me/now-playing', { trackId: 'no-such-track' })).status).toBe(204);
    await settle();
    expect(lb.accepted).toHaveLength(count);
  });

  it('keeps listens queued while ListenBrainz fails, never failing the listen, and sends them together when it recovers', async () => {
    const count = lb.accepted.length;
    lb.failNext(503, 1);
    const ack = await listen(fan, secondTrackId);
    expect(ack.status).toBe(200);
    expect(ack.body.counted).toBe(true);
    await expect.poll(() => state(fan), { timeout: 15_000 }).toMatchObject({ lastStatus: 'retrying', pending: 1 });
    expect((await state(fan)).lastError).toMatch(/503/);

    // The retry (run here rather than after its 30 s backoff) finds ListenBrainz back.
    await t.context.services.listenBrainz.submit(fanId, { lastAttempt: false });
    await settle();
    const sent = lb.accepted.slice(count).flatMap((s) => s.payload.map((p) => (p as { track_metadata: { track_name: string } }).track_metadata.track_name));
    expect(sent.sort()).toEqual(['Second Scrobble']);
    expect(await state(fan)).toMatchObject({ lastStatus: 'ok', pending: 0, submitted: 2 });
  });

  it('stops on a revoked token until relinked, keeping the listens; unlinking drops them', async () => {
    delete users[TOKEN];
    expect((await listen(fan, thirdTrackId)).status).toBe(200);
    await expect.poll(() => state(fan), { timeout: 15_000 }).toMatchObject({ lastStatus: 'failed', pending: 1 });
    const broken = await state(fan);
    expect(broken.lastError).toMatch(/refused the token.*Link ListenBrainz again/);

    expect((await fan.json('DELETE', '/api/me/listenbrainz')).status).toBe(204);
    expect(await state(fan)).toMatchObject({ linked: false, pending: 0 });
    const left = await t.context.database.db.selectFrom('listenbrainz_pending').select('listen_id').where('user_id', '=', fanId).execute();
    expect(left).toEqual([]);
  });
});
