import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDeletionService } from '../src/services/account-deletion.service.js';
import type { Storage } from '../src/storage/storage.js';
import { counterMismatches, placesHolding, storedKeys } from './support/account-traces.js';
import { makeMp3, toneWav } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { type S3TestServer, startS3Server } from './support/s3-server.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

type Track = { id: string; audio: { status: string; high: string | null; saver: string | null }; waveform: string; image: string | null };
type State = { pending: boolean; dueAt: string | null; requestedAt: string | null; graceDays: number; confirmWith: 'password' | 'email'; secondFactor: boolean };
type ApiError = { error: string; message: string };
type Detail = { id: string; collaborative?: boolean; entries: Array<{ track: { id: string; title: string }; addedBy?: { id: string; name: string } | null }> };

const PASSWORD = 'correct-horse-battery';

async function upload(client: Client, bytes: Buffer, fileName: string, type: string, title: string): Promise<Track> {
  const urls = await getUploadUrl(client, bytes, fileName, type);
  expect((await put(client, urls.uploadURL, bytes, type)).status).toBe(200);
  const created = await client.json<Track>('POST', '/api/tracks', { title, genre: 'Pop', url: urls.fileUrl });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** The track once its waveform and audio jobs have run. */
async function processed(t: TestApp, client: Client, id: string): Promise<Track> {
  for (let i = 0; i < 300; i++) {
    await t.context.jobs.idle(60_000);
    const { body } = await client.json<Track>('GET', `/api/tracks/${id}`);
    if (body.audio.status !== 'processing' && body.waveform !== 'pending') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`track ${id} is still processing`);
}

/** Three people: the one who leaves (with a bit of everything Platter keeps of a person) and two who stay. */
interface World {
  victim: Client;
  victimId: string;
  email: string;
  victimTracks: string[];
  other: Client;
  otherId: string;
  otherTrack: string;
  otherRelease: string;
  collaborative: string;
  fan: Client;
  fanId: string;
}

async function buildWorld(t: TestApp, tag: string): Promise<World> {
  const victim = new Client(t.baseUrl);
  const email = `leaving-${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const victimId = (await victim.signUp('Leaving Artist', email, PASSWORD)).id;
  const other = new Client(t.baseUrl);
  const otherId = (await other.signUp('Staying Artist')).id;
  const fan = new Client(t.baseUrl);
  const fanId = (await fan.signUp('Staying Fan')).id;
  /** A request that must succeed (200, 201, 202 or 204, as each route answers). */
  const ok = async (pending: Promise<{ status: number; body: unknown }>, _status?: number) => {
    const { status, body } = await pending;
    expect([200, 201, 202, 204], `${status} ${JSON.stringify(body)}`).toContain(status);
    return body;
  };

  // The victim's tracks: uploaded, processed (renditions of a lossless file, waveform), with a cover.
  const wav = toneWav(3, 44_100, 2, -20);
  const victimTracks: string[] = [];
  for (const title of ['Leaving One', 'Leaving Two']) victimTracks.push((await upload(victim, wav, `${title}.wav`, 'audio/wav', title)).id);
  const png = await makePng(700, 700);
  expect((await victim.request('PUT', `/api/tracks/${victimTracks[0]}/cover`, { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } })).status).toBe(200);
  expect((await victim.request('PUT', '/api/me/images/avatar', { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } })).status).toBe(200);
  for (const id of victimTracks) {
    const track = await processed(t, victim, id);
    expect(track.audio.high, 'a rendition was made').toMatch(/^\/media\/renditions\//);
  }
  // A pending upload never made into a track.
  await getUploadUrl(victim, wav, 'later.wav', 'audio/wav');
  await ok(victim.json('POST', '/api/releases', { title: 'Farewell EP', type: 'ep', trackIds: victimTracks }), 201);

  const otherTrack = (await upload(other, await makeMp3(2), 'stay.mp3', 'audio/mpeg', 'Staying Song')).id;
  const otherSecond = (await upload(other, await makeMp3(2), 'stay2.mp3', 'audio/mpeg', 'Staying Song Two')).id;
  const otherRelease = ((await ok(other.json('POST', '/api/releases', { title: 'Staying LP', type: 'album', trackIds: [otherTrack, otherSecond] }), 201)) as { id: string }).id;

  // Likes, reposts, follows both ways, listens, history.
  await ok(victim.json('PUT', `/api/tracks/${otherTrack}/like`));
  await ok(fan.json('PUT', `/api/tracks/${victimTracks[0]}/like`));
  await ok(fan.json('PUT', `/api/tracks/${otherTrack}/like`));
  await ok(victim.json('PUT', `/api/releases/${otherRelease}/like`));
  await ok(victim.json('POST', `/api/tracks/${otherTrack}/repost`));
  await ok(victim.json('PUT', `/api/releases/${otherRelease}/repost`));
  await ok(other.json('POST', `/api/tracks/${victimTracks[1]}/repost`));
  await ok(victim.json('PUT', `/api/artists/${otherId}/subscription`));
  await ok(fan.json('PUT', `/api/artists/${victimId}/subscription`));
  await ok(victim.json('PUT', `/api/artists/${fanId}/subscription`));
  for (const id of [otherTrack, otherSecond]) await ok(victim.json('POST', `/api/tracks/${id}/listens`));
  await ok(fan.json('POST', `/api/tracks/${victimTracks[0]}/listens`));
  await ok(fan.json('POST', `/api/tracks/${otherTrack}/listens`));
  await ok(victim.json('POST', '/api/me/history', { trackId: otherTrack }));

  // Comments and replies, both ways; posts and their likes.
  const victimComment = (await ok(victim.json('POST', `/api/tracks/${otherTrack}/comments`, { text: 'lovely' }), 201)) as { id: string };
  await ok(other.json('POST', `/api/tracks/${otherTrack}/comments`, { text: 'thanks!', replyTo: victimComment.id }), 201);
  const otherComment = (await ok(other.json('POST', `/api/tracks/${otherSecond}/comments`, { text: 'first' }), 201)) as { id: string };
  await ok(victim.json('POST', `/api/tracks/${otherSecond}/comments`, { text: 'a reply of mine', replyTo: otherComment.id }), 201);
  await ok(fan.json('POST', `/api/tracks/${victimTracks[0]}/comments`, { text: 'on your track' }), 201);
  const victimPost = (await ok(victim.json('POST', '/api/posts', { text: 'goodbye soon' }), 201)) as { id: string };
  const otherPost = (await ok(other.json('POST', '/api/posts', { text: 'still here' }), 201)) as { id: string };
  await ok(fan.json('PUT', `/api/posts/${victimPost.id}/like`));
  await ok(victim.json('PUT', `/api/posts/${otherPost.id}/like`));

  // Playlists: the victim's own (with a cover), and entries in another's collaborative one.
  const own = (await ok(victim.json('POST', '/api/playlists', { name: 'Mine' }), 201)) as { id: string };
  await ok(victim.json('POST', `/api/playlists/${own.id}/tracks`, { trackId: otherTrack }));
  expect((await victim.request('PUT', `/api/playlists/${own.id}/cover`, { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } })).status).toBe(200);
  const collaborative = ((await ok(other.json('POST', '/api/playlists', { name: 'Together' }), 201)) as { id: string }).id;
  await ok(other.json('PATCH', `/api/playlists/${collaborative}`, { isPublic: true }));
  await ok(other.json('POST', `/api/playlists/${collaborative}/tracks`, { trackId: otherTrack }));
  const invite = (await ok(other.json('POST', `/api/playlists/${collaborative}/invite`))) as { invite: string };
  await ok(victim.json('POST', `/api/playlists/${collaborative}/collaborators`, { invite: invite.invite }));
  await ok(victim.json('POST', `/api/playlists/${collaborative}/tracks`, { trackId: otherSecond }));
  await ok(victim.json('POST', `/api/playlists/${collaborative}/tracks`, { trackId: victimTracks[1] }));
  await ok(fan.json('POST', `/api/playlists/${((await ok(fan.json('POST', '/api/playlists', { name: 'Fan list' }), 201)) as { id: string }).id}/tracks`, { trackId: victimTracks[0] }));

  // Credentials and the rest: a Subsonic API key (with a small cover copy made through it), a
  // play queue, a report, a message to the team from the victim's address.
  const key = (await ok(victim.json('POST', '/api/me/subsonic-credentials', { kind: 'apiKey', name: 'Symfonium' }), 201)) as { secret: string };
  const cover = await fetch(`${t.baseUrl}/rest/getCoverArt?id=tr-${victimTracks[0]}&size=64&apiKey=${encodeURIComponent(key.secret)}&c=test&v=1.16.1`, { redirect: 'manual' });
  expect(cover.status).toBeLessThan(400);
  await cover.arrayBuffer();
  await ok(victim.json('PUT', '/api/me/play-queue', { trackIds: [otherTrack, victimTracks[0]], currentId: otherTrack, device: 'Laptop' }));
  await ok(victim.json('POST', `/api/tracks/${otherSecond}/reports`, { reason: 'test' }), 201);
  await ok(new Client(t.baseUrl).json('POST', '/api/contact', { name: 'Leaving', email, message: 'hello' }), 201);
  // An admin acted on the account once (the audit log names it, with its email in the details).
  await t.context.repositories.audit.record({ id: randomUUID(), actorId: null, action: 'user.role', targetType: 'user', targetId: victimId, details: { email, role: 'artist' }, at: new Date().toISOString() });
  // Notification emails on, and a finished "Download my data" archive in storage.
  await ok(victim.json('PUT', '/api/notifications/email', { follow: true, comment: true }));
  await ok(victim.json('POST', '/api/account/export'), 202);
  await t.context.jobs.idle(60_000);
  return { victim, victimId, email, victimTracks, other, otherId, otherTrack, otherRelease, collaborative, fan, fanId };
}

/** Everything the deletion must leave: nothing of the victim anywhere, counters right, the others' pages fine. */
async function expectGone(t: TestApp, w: World): Promise<void> {
  const db = t.context.database.db;
  expect(await placesHolding(db, dialect, w.victimId), 'columns still holding the id').toEqual([]);
  expect(await placesHolding(db, dialect, w.email), 'columns still holding the email').toEqual([]);
  const keys = await storedKeys(t);
  expect(keys.filter((key) => key.includes(w.victimId) || w.victimTracks.some((track) => key.includes(track)))).toEqual([]);
  expect(await counterMismatches(db)).toEqual([]);

  // The others' pages answer, and their collaborative playlist keeps the victim's entry of another's track, by nobody.
  const visitor = new Client(t.baseUrl);
  for (const url of [
    `/api/tracks/${w.otherTrack}`,
    `/api/tracks/${w.otherTrack}/comments`,
    `/api/artists/${w.otherId}`,
    `/api/artists/${w.otherId}/posts`,
    `/api/artists/${w.otherId}/releases`,
    `/api/artists/${w.otherId}/reposts`,
    `/api/releases/${w.otherRelease}`,
    `/api/playlists/${w.collaborative}`,
    `/api/search?q=staying`,
    `/api/search?q=leaving`,
    `/api/tracks`,
    `/api/stats`,
    `/api/genres`,
  ]) {
    const response = await visitor.get(url);
    await response.arrayBuffer();
    expect(response.status, url).toBe(200);
  }
  for (const client of [w.other, w.fan]) {
    for (const url of ['/api/news', '/api/notifications', '/api/me/likes', '/api/me/history', '/api/playlists', '/api/me/subscriptions', '/api/me/dashboard?days=7', '/api/me/play-queue']) {
      const response = await client.get(url);
      await response.arrayBuffer();
      expect(response.status, url).toBe(200);
    }
  }
  expect((await visitor.json('GET', `/api/artists/${w.victimId}`)).status).toBe(404);
  const together = (await w.other.json<Detail>('GET', `/api/playlists/${w.collaborative}`)).body;
  // Nobody collaborates on it any more, but its rows still say who added them.
  expect(together.collaborative).toBe(true);
  expect(together.entries.map((e) => [e.track.title, e.addedBy?.name ?? null])).toEqual([
    ['Staying Song', 'Staying Artist'],
    ['Staying Song Two', null],
  ]);
  // The victim's session is gone, and so is the account: signing in fails.
  expect((await w.victim.json('GET', '/api/me')).body).toBeNull();
  expect((await new Client(t.baseUrl).json('POST', '/api/auth/sign-in/email', { email: w.email, password: PASSWORD })).status).toBe(401);
}

/** The victim's traces before the deletion, so the checks after it are known to look where they should. */
async function expectPresent(t: TestApp, w: World): Promise<void> {
  const db = t.context.database.db;
  const places = await placesHolding(db, dialect, w.victimId);
  // Every kind of row the world gave them, including notifications of theirs and to others about them.
  for (const place of [
    'user.id', 'session.userId', 'account.userId', 'profiles.id', 'tracks.artist_id', 'releases.artist_id', 'track_likes.user_id', 'release_likes.user_id', 'post_likes.user_id',
    'listens.user_id', 'history.user_id', 'comments.user_id', 'posts.author_id', 'follows.subscriber_id', 'follows.artist_id', 'playlists.user_id', 'playlist_tracks.added_by',
    'playlist_collaborators.user_id', 'playlist_activity.user_id', 'notifications.user_id', 'notifications.actor_id', 'reports.user_id', 'uploads.user_id',
    'subsonic_credentials.user_id', 'play_queues.user_id', 'data_exports.user_id', 'email_digest_optins.user_id', 'email_digests.user_id', 'admin_audit.target_id',
  ]) {
    expect(places.map((p) => p.replace(/^public\./, ''))).toContain(place);
  }
  expect((await placesHolding(db, dialect, w.email)).map((p) => p.replace(/^public\./, ''))).toEqual(expect.arrayContaining(['user.email', 'contact_messages.email']));
  const keys = await storedKeys(t);
  expect(keys.some((key) => key.startsWith(`images/${w.victimId}/`))).toBe(true);
  expect(keys.some((key) => key.startsWith(`images/sized/64/${w.victimId}/`))).toBe(true);
  expect(keys.some((key) => key.startsWith(`uploads/${w.victimId}/`))).toBe(true);
  expect(keys.some((key) => key.startsWith(`exports/${w.victimId}/`) && key.endsWith('.zip'))).toBe(true);
  expect(keys.some((key) => key.startsWith(`renditions/${w.victimTracks[0]}/`))).toBe(true);
  expect(await counterMismatches(db)).toEqual([]);
}

describe(`deleting an account on local disk, after its grace (${dialect})`, () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t, 'disk');
  }, 240_000);
  afterAll(() => t?.close());

  it('shows what confirming takes and refuses what is not the owner’s password, in words', async () => {
    const state = await w.victim.json<State>('GET', '/api/account/deletion');
    expect(state.body).toEqual({ pending: false, requestedAt: null, dueAt: null, graceDays: 7, confirmWith: 'password', secondFactor: false });
    const missing = await w.victim.json<ApiError>('POST', '/api/account/deletion', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'password_required', message: 'Enter your password to delete your account.' });
    const wrong = await w.victim.json<ApiError>('POST', '/api/account/deletion', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'wrong_password', message: 'That password is not right. Enter the password you sign in with.' });
    // Another signed-in user can only ever ask about their own account: the victim's password does not delete anyone.
    const stranger = new Client(t.baseUrl);
    await stranger.signUp('Stranger', undefined, 'a-password-of-their-own');
    const attempt = await stranger.json<ApiError>('POST', '/api/account/deletion', { password: PASSWORD });
    expect(attempt.status).toBe(400);
    expect(attempt.body.error).toBe('wrong_password');
    expect((await w.victim.json<State>('GET', '/api/account/deletion')).body.pending).toBe(false);
    expect((await stranger.json<State>('GET', '/api/account/deletion')).body.pending).toBe(false);
    const anonymous = new Client(t.baseUrl);
    for (const method of ['GET', 'POST', 'DELETE']) expect((await anonymous.json(method, '/api/account/deletion', method === 'POST' ? { password: PASSWORD } : undefined)).status).toBe(401);
  });

  it('is pending for the grace, says when, and keeps everything meanwhile', async () => {
    await expectPresent(t, w);
    const asked = await w.victim.json<State>('POST', '/api/account/deletion', { password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.pending).toBe(true);
    const days = (Date.parse(asked.body.dueAt!) - Date.parse(asked.body.requestedAt!)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    await t.context.services.accountDeletion.sweep();
    expect((await w.victim.json<State>('GET', '/api/account/deletion')).body.pending).toBe(true);
    expect((await w.other.json('GET', `/api/artists/${w.victimId}`)).status).toBe(200);
  });

  it('is cancelled by the owner, and by signing in during the grace', async () => {
    expect((await w.victim.json<State>('DELETE', '/api/account/deletion')).body.pending).toBe(false);
    expect((await w.victim.json<State>('POST', '/api/account/deletion', { password: PASSWORD })).body.pending).toBe(true);
    const elsewhere = new Client(t.baseUrl);
    expect((await elsewhere.json('POST', '/api/auth/sign-in/email', { email: w.email, password: PASSWORD })).status).toBe(200);
    expect((await w.victim.json<State>('GET', '/api/account/deletion')).body.pending).toBe(false);
  });

  it('after the grace refuses sign-in, then a purge stopped halfway leaves every counter right and the next sweep finishes it', async () => {
    expect((await w.victim.json<State>('POST', '/api/account/deletion', { password: PASSWORD })).body.pending).toBe(true);
    const db = t.context.database.db;
    await db.updateTable('account_deletions').set({ due_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', w.victimId).execute();
    const refused = await new Client(t.baseUrl).json<ApiError>('POST', '/api/auth/sign-in/email', { email: w.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/being deleted/);

    // A purge whose storage fails on the third file it deletes: the steps committed before stand, with their counters.
    let deletes = 0;
    const failing: Storage = Object.create(t.context.storage, {
      delete: {
        value: async (key: string) => {
          if (++deletes === 3) throw new Error('storage went away');
          return t.context.storage.delete(key);
        },
      },
    });
    const service = (overrides: Partial<ConstructorParameters<typeof AccountDeletionService>[0]>) =>
      new AccountDeletionService({
        db,
        deletions: t.context.repositories.accountDeletions,
        tracks: t.context.repositories.tracks,
        storage: t.context.storage,
        events: t.context.events,
        jobs: t.context.jobs,
        identity: { requirements: async () => ({ password: true, secondFactor: false, email: w.email }), verifyPassword: async () => true, verifySecondFactor: async () => false },
        graceDays: 7,
        batchSize: 1,
        ...overrides,
      });
    await expect(service({ storage: failing }).purge(w.victimId)).rejects.toThrow('storage went away');
    expect(await counterMismatches(db)).toEqual([]);

    // Again, one row per step, every counter checked against a recount after each committed step,
    // until the process "crashes" halfway through the batched steps (at notifications, after every
    // kind of row that a counter counts).
    const repository = t.context.repositories.accountDeletions;
    const checked: string[] = [];
    const watched = new Proxy(repository, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function' || !/^(delete|thin|release|close)/.test(String(name))) return value;
        return async (...args: unknown[]) => {
          const answer = (await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)) as unknown;
          expect(await counterMismatches(db), `after ${String(name)}`).toEqual([]);
          checked.push(String(name));
          if (name === 'deleteNotifications') throw new Error('the process died');
          return answer;
        };
      },
    });
    await expect(service({ deletions: watched }).purge(w.victimId)).rejects.toThrow('the process died');
    expect(new Set(checked)).toEqual(
      new Set(['closeAccess', 'thinTrack', 'deleteReleases', 'deleteTrackLikes', 'deleteReleaseLikes', 'deletePostLikes', 'deleteListens', 'deleteHistory', 'deletePosts', 'deleteComments', 'deleteFollows', 'deletePlaylists', 'releaseCollaborations', 'deleteNotifications']),
    );
    expect(checked.filter((name) => name === 'deleteFollows').length, 'one follow per step, both ways').toBe(4);
    expect(await db.selectFrom('account_deletions').select('user_id').where('user_id', '=', w.victimId).executeTakeFirst()).toBeDefined();

    // The job (as the schedule sends it) finishes the work.
    await t.context.jobs.send('account-deletion-sweep', {}, { singletonKey: 'account-deletion-sweep' });
    await t.context.jobs.idle(120_000);
    await expectGone(t, w);
  });
});

describe(`deleting an account on S3 storage with no grace (${dialect})`, () => {
  let s3: S3TestServer;
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp({ ...s3.env, ACCOUNT_DELETION_GRACE_DAYS: '0' });
    w = await buildWorld(t, 's3');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('deletes at once: signed out in the answer, then everything of theirs is gone from every table and the bucket', async () => {
    await expectPresent(t, w);
    const asked = await w.victim.json<State>('POST', '/api/account/deletion', { password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ pending: true, graceDays: 0 });
    expect((await w.victim.json('GET', '/api/me')).body).toBeNull();
    for (let i = 0; i < 100; i++) {
      await t.context.jobs.idle(120_000);
      const left = await sql<{ n: number }>`SELECT count(*) AS n FROM account_deletions`.execute(t.context.database.db);
      if (Number(left.rows[0]?.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expectGone(t, w);
  });
});
