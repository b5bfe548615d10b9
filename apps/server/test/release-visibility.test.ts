import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, freshPostgresDatabase, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

const ADMIN_EMAIL = 'release-access-admin@platter.test';
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><title>Platter</title></head><body><div id="root"></div></body></html>`;

type Visibility = 'public' | 'unlisted' | 'private';
interface Track {
  id: string;
  title: string;
  url: string;
  hidden: boolean;
  visibility: Visibility;
  publishAt: string | null;
  secret?: string;
  duration: number | null;
}
interface Release {
  id: string;
  title: string;
  visibility?: Visibility;
  publishAt?: string | null;
  secret?: string;
  trackCount: number;
  durationSeconds: number;
  tracks: Track[];
  canEdit: boolean;
}
type Problem = { error: string; message: string };
type Group = { kind: string; count: number; unread: boolean; track: { id: string } | null; release?: { id: string; title: string } | null };

const mp3 = makeMp3(1);

/** Uploads a file and makes a track of it (the studio's New release flow uploads them private; the release then sets them). */
async function createTrack(client: Client, title: string, visibility: Visibility = 'private'): Promise<Track> {
  const bytes = await mp3;
  const urls = await getUploadUrl(client, bytes);
  expect((await put(client, urls.uploadURL, bytes)).status).toBe(200);
  const created = await client.json<Track>('POST', '/api/tracks', { title, genre: 'Dance', visibility, url: urls.fileUrl });
  expect(created.status).toBe(201);
  return created.body;
}

async function createRelease(client: Client, title: string, fields: { visibility?: Visibility; publishAt?: string | null }, trackCount = 2, trackVisibility: Visibility = 'private') {
  const tracks: Track[] = [];
  for (let i = 0; i < trackCount; i++) tracks.push(await createTrack(client, `${title} ${i + 1}`, trackVisibility));
  return client.json<Release & Problem>('POST', '/api/releases', { title, type: 'ep', trackIds: tracks.map((x) => x.id), ...fields });
}

/** Makes a release's (and its tracks') schedule due now: a test cannot wait for the future, and the API refuses a past time. */
async function makeDue(context: AppContext, releaseId: string): Promise<void> {
  const past = new Date(Date.now() - 1000).toISOString();
  await sql`UPDATE releases SET publish_at = ${past} WHERE id = ${releaseId}`.execute(context.database.db);
  await sql`UPDATE tracks SET publish_at = ${past} WHERE release_id = ${releaseId}`.execute(context.database.db);
}

const ids = (items: Array<{ id: string }>) => items.map((i) => i.id).sort();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe(`release visibility, secret links and scheduled releases (${dialect})`, () => {
  let t: TestApp;
  let webDist: string;
  let owner: Client;
  let other: Client;
  let admin: Client;
  let anonymous: Client;
  let fan: Client;
  let ownerId: string;
  let pub: Release;
  let unl: Release;
  let priv: Release;

  const unreadGroups = async (client: Client) => (await client.json<{ groups: Group[] }>('GET', '/api/notifications')).body.groups;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    t = await startTestApp({ WEB_DIST: webDist, ADMIN_EMAILS: ADMIN_EMAIL });
    owner = new Client(t.baseUrl);
    other = new Client(t.baseUrl);
    admin = new Client(t.baseUrl);
    anonymous = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    ownerId = (await owner.signUp('Quill Records')).id;
    await other.signUp('Otto Other');
    await admin.signUp('Ada Admin', ADMIN_EMAIL);
    await fan.signUp('Fern Fan');
    expect((await fan.json('PUT', `/api/artists/${ownerId}/subscription`)).status).toBe(200);
    pub = (await createRelease(owner, 'Quasar Open', { visibility: 'public' })).body;
    unl = (await createRelease(owner, 'Quasar Secret', { visibility: 'unlisted' })).body;
    priv = (await createRelease(owner, 'Quasar Closed', { visibility: 'private' })).body;
    await t.context.jobs.idle();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('creates releases with a visibility that their tracks take, and one secret link for an unlisted release and all its tracks', async () => {
    expect(pub).toMatchObject({ visibility: 'public', publishAt: null, trackCount: 2 });
    for (const track of pub.tracks) expect(track).toMatchObject({ visibility: 'public', hidden: false });
    expect(unl).toMatchObject({ visibility: 'unlisted', publishAt: null, trackCount: 2 });
    expect(unl.secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    for (const track of unl.tracks) expect(track).toMatchObject({ visibility: 'unlisted', secret: unl.secret });
    expect(priv).toMatchObject({ visibility: 'private', trackCount: 2 });
    for (const track of priv.tracks) expect(track).toMatchObject({ visibility: 'private' });
    // The stored counters are over publicly visible tracks: only the public release has any.
    const rows = await t.context.database.db.selectFrom('releases').select(['id', 'track_count']).where('id', 'in', [pub.id, unl.id, priv.id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.track_count)]))).toEqual({ [pub.id]: 2, [unl.id]: 0, [priv.id]: 0 });
  });

  it('opens GET /api/releases/:id to everyone when public, with the right ?s= when unlisted, and to its artist and admins always', async () => {
    const viewers = { anonymous: () => anonymous, other: () => other, owner: () => owner, admin: () => admin };
    const secrets = { none: () => '', wrong: () => '?s=not-the-secret', right: () => `?s=${encodeURIComponent(unl.secret!)}` };
    const expected: Record<string, (viewer: string, secret: string) => number> = {
      public: () => 200,
      unlisted: (viewer, secret) => (viewer === 'owner' || viewer === 'admin' || secret === 'right' ? 200 : 404),
      private: (viewer) => (viewer === 'owner' || viewer === 'admin' ? 200 : 404),
    };
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const release of [pub, unl, priv]) {
      for (const [viewer, client] of Object.entries(viewers)) {
        for (const [secret, query] of Object.entries(secrets)) {
          const response = await client().json<Release & Problem>('GET', `/api/releases/${release.id}${query()}`);
          seen.push(`${release.visibility} ${viewer} ${secret} ${response.status}`);
          wanted.push(`${release.visibility} ${viewer} ${secret} ${expected[release.visibility!]!(viewer, secret)}`);
          if (response.status === 404) expect(response.body.error).toBe('release_not_found');
          if (response.status === 200) {
            expect(response.body.tracks).toHaveLength(2);
            // Counters follow what the page shows.
            expect(response.body.trackCount).toBe(2);
            expect(response.body.durationSeconds).toBeCloseTo(response.body.tracks.reduce((s, x) => s + (x.duration ?? 0), 0), 3);
            const owns = viewer === 'owner' || viewer === 'admin';
            expect(response.body.canEdit).toBe(owns);
            // Only its artist and admins learn its schedule; the secret is theirs, or echoed to whoever brought it.
            if (owns) expect(response.body.publishAt).toBeNull();
            else expect(response.body.publishAt).toBeUndefined();
            if (release.visibility === 'public') expect(response.body.secret).toBeUndefined();
            else expect(response.body.secret).toBe(release.secret);
          }
        }
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('plays every track of an unlisted release for whoever holds its secret link, and nothing without it', async () => {
    const opened = (await anonymous.json<Release>('GET', `/api/releases/${unl.id}?s=${encodeURIComponent(unl.secret!)}`)).body;
    for (const track of opened.tracks) {
      expect(track.url).toContain(`?s=${encodeURIComponent(unl.secret!)}`);
      expect((await anonymous.get(track.url)).status).toBe(200);
      expect((await anonymous.get(track.url.split('?')[0]!)).status).toBe(404);
      expect((await anonymous.json('GET', `/api/tracks/${track.id}?s=${encodeURIComponent(unl.secret!)}`)).status).toBe(200);
      expect((await anonymous.json('GET', `/api/tracks/${track.id}`)).status).toBe(404);
    }
    // A private release's tracks do not play for others, whatever they bring.
    for (const track of priv.tracks) {
      expect((await other.json('GET', `/api/tracks/${track.id}`)).status).toBe(404);
      expect((await other.get(track.url)).status).toBe(404);
    }
  });

  it('lists only public releases on the artist page and in search for others; its artist and admins see all of them', async () => {
    const list = async (client: Client) => {
      const response = await client.json<{ items: Release[] }>('GET', `/api/artists/${ownerId}/releases`);
      expect(response.status).toBe(200);
      return ids(response.body.items);
    };
    for (const client of [anonymous, other]) expect(await list(client)).toEqual(ids([pub]));
    for (const client of [owner, admin]) expect(await list(client)).toEqual(ids([pub, unl, priv]));
    const mine = (await owner.json<{ items: Release[] }>('GET', '/api/me/releases')).body.items;
    expect(ids(mine)).toEqual(ids([pub, unl, priv]));
    // Issue 29: a release not public yet counts no public track, but its artist sees how many it holds.
    for (const release of [unl, priv]) {
      const listed = mine.find((r) => r.id === release.id)!;
      expect(listed.trackCount).toBe(2);
      expect(listed.durationSeconds).toBeCloseTo(release.tracks.reduce((sum, x) => sum + (x.duration ?? 0), 0), 3);
    }
    for (const client of [anonymous, other, owner, admin]) {
      for (const query of ['quasar', `quasar&s=${encodeURIComponent(unl.secret!)}`]) {
        const found = await client.json<{ albums?: Release[]; tracks: Track[] }>('GET', `/api/search?q=${query}`);
        expect(found.status).toBe(200);
        expect(ids(found.body.albums ?? [])).toEqual(ids([pub]));
      }
    }
  });

  it('serves the share page of a public release, of an unlisted one with its secret, and 404 otherwise', async () => {
    const status = async (url: string) => (await anonymous.get(url, { accept: 'text/html' })).status;
    expect(await status(`/release/${pub.id}`)).toBe(200);
    expect(await status(`/release/${unl.id}`)).toBe(404);
    expect(await status(`/release/${unl.id}?s=wrong`)).toBe(404);
    const page = await anonymous.get(`/release/${unl.id}?s=${encodeURIComponent(unl.secret!)}`, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Quasar Secret');
    expect(await status(`/release/${priv.id}`)).toBe(404);
    // Signed-in others get no more than anonymous.
    expect((await other.get(`/release/${priv.id}`, { accept: 'text/html' })).status).toBe(404);
    // Issue 29: its artist (and admins) open it: the app's page, a 200 without preview tags.
    for (const client of [owner, admin]) {
      for (const release of [unl, priv]) {
        const own = await client.get(`/release/${release.id}`, { accept: 'text/html' });
        expect(own.status).toBe(200);
        expect(await own.text()).not.toContain('og:title');
      }
    }
  });

  it('validates visibility and schedule like a track: scheduling needs unlisted or private, and a time to come', async () => {
    const needsHidden = await owner.json<Problem>('PATCH', `/api/releases/${pub.id}`, { publishAt: inAnHour() });
    expect([needsHidden.status, needsHidden.body.error]).toEqual([400, 'publish_at_needs_hidden']);
    expect(needsHidden.body.message).toMatch(/unlisted or private release/);
    const past = await owner.json<Problem>('PATCH', `/api/releases/${priv.id}`, { publishAt: '2020-01-01T00:00:00Z' });
    expect([past.status, past.body.error]).toEqual([400, 'publish_at_past']);
    const garbage = await owner.json<Problem>('PATCH', `/api/releases/${priv.id}`, { publishAt: 'tomorrow' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toContain('publishAt');
    const badVisibility = await owner.json<Problem>('PATCH', `/api/releases/${priv.id}`, { visibility: 'secret' });
    expect(badVisibility.status).toBe(400);
    const atCreation = await owner.json<Problem>('POST', '/api/releases', { title: 'Too Early', type: 'single', trackIds: [], visibility: 'public', publishAt: inAnHour() });
    expect([atCreation.status, atCreation.body.error]).toEqual([400, 'publish_at_needs_hidden']);
    // Only its artist changes it.
    for (const client of [other, admin]) expect((await client.json('PATCH', `/api/releases/${priv.id}`, { visibility: 'public' })).status).toBe(403);
    // A schedule is set on the release and its tracks, and cleared from both.
    const at = inAnHour();
    const scheduled = await owner.json<Release>('PATCH', `/api/releases/${priv.id}`, { publishAt: at });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.publishAt).toBe(at);
    for (const track of scheduled.body.tracks) expect(track).toMatchObject({ visibility: 'private', publishAt: at });
    const cleared = await owner.json<Release>('PATCH', `/api/releases/${priv.id}`, { publishAt: null });
    expect(cleared.body.publishAt).toBeNull();
    for (const track of cleared.body.tracks) expect(track.publishAt).toBeNull();
  });

  it('moves its tracks with it when its visibility changes, and a track joining a non-public release takes its access', async () => {
    const release = (await createRelease(owner, 'Switchback', { visibility: 'public' }, 1)).body;
    const switched = await owner.json<Release>('PATCH', `/api/releases/${release.id}`, { visibility: 'unlisted' });
    expect(switched.body).toMatchObject({ visibility: 'unlisted' });
    expect(switched.body.secret).toBeTruthy();
    expect(switched.body.tracks[0]).toMatchObject({ visibility: 'unlisted', secret: switched.body.secret });
    expect((await anonymous.json('GET', `/api/releases/${release.id}`)).status).toBe(404);
    // A public single joins it: it becomes unlisted with the release's link.
    const single = await createTrack(owner, 'Switchback Joiner', 'public');
    const joined = await owner.json<Release>('PUT', `/api/releases/${release.id}/tracks`, { trackIds: [release.tracks[0]!.id, single.id] });
    expect(joined.status).toBe(200);
    expect(joined.body.tracks[1]).toMatchObject({ id: single.id, visibility: 'unlisted', secret: switched.body.secret });
    expect((await anonymous.json('GET', `/api/tracks/${single.id}`)).status).toBe(404);
    // Back to public: every track is listed again, with the counters.
    const back = await owner.json<Release>('PATCH', `/api/releases/${release.id}`, { visibility: 'public' });
    for (const track of back.body.tracks) expect(track).toMatchObject({ visibility: 'public' });
    const seen = await anonymous.json<Release>('GET', `/api/releases/${release.id}`);
    expect([seen.status, seen.body.trackCount]).toEqual([200, 2]);
    // A track of a public release hidden on its own is left out of the counters.
    await owner.json('PATCH', `/api/tracks/${single.id}/visibility`, { visibility: 'private' });
    const fewer = await anonymous.json<Release>('GET', `/api/releases/${release.id}`);
    expect([fewer.body.trackCount, fewer.body.tracks.length]).toEqual([1, 1]);
  });

  it('resets the secret link of an unlisted release and its tracks at once: the old link dies', async () => {
    const release = (await createRelease(owner, 'Reset Me', { visibility: 'unlisted' }, 2)).body;
    const old = release.secret!;
    for (const client of [anonymous, other, admin]) expect((await client.json('POST', `/api/releases/${release.id}/secret`)).status).toBe(client === anonymous ? 401 : 403);
    const reset = await owner.json<Release>('POST', `/api/releases/${release.id}/secret`);
    expect(reset.status).toBe(200);
    expect(reset.body.secret).toBeTruthy();
    expect(reset.body.secret).not.toBe(old);
    for (const track of reset.body.tracks) expect(track.secret).toBe(reset.body.secret);
    expect((await anonymous.json('GET', `/api/releases/${release.id}?s=${encodeURIComponent(old)}`)).status).toBe(404);
    for (const track of release.tracks) {
      expect((await anonymous.json('GET', `/api/tracks/${track.id}?s=${encodeURIComponent(old)}`)).status).toBe(404);
      expect((await anonymous.get(`${track.url.split('?')[0]}?s=${encodeURIComponent(old)}`)).status).toBe(404);
    }
    const opened = await anonymous.json<Release>('GET', `/api/releases/${release.id}?s=${encodeURIComponent(reset.body.secret!)}`);
    expect([opened.status, opened.body.tracks.length]).toEqual([200, 2]);
    // Only an unlisted release has a link to reset.
    const refused = await owner.json<Problem>('POST', `/api/releases/${pub.id}/secret`);
    expect([refused.status, refused.body.error]).toEqual([409, 'not_unlisted']);
  });

  it('publishes a scheduled release with its tracks once however many workers run, announces it once, and its followers get one notification', async () => {
    await fan.json('POST', '/api/notifications/read');
    const events: string[] = [];
    const offs = [
      t.context.events.on('release.published', ({ releaseId }) => events.push(`release ${releaseId}`)),
      t.context.events.on('track.published', ({ trackId }) => events.push(`track ${trackId}`)),
    ];
    try {
      const drop = await createRelease(owner, 'Midnight Drop', { visibility: 'private', publishAt: inAnHour() }, 3);
      expect(drop.status).toBe(201);
      expect(await t.context.services.releases.publishDue()).toEqual([]);
      expect((await anonymous.json('GET', `/api/releases/${drop.body.id}`)).status).toBe(404);
      await makeDue(t.context, drop.body.id);
      // Three workers at once, each running the job's steps (releases, then single tracks).
      const runs = await Promise.all([0, 1, 2].map(async () => [...(await t.context.services.releases.publishDue()), ...(await t.context.services.tracks.publishDue())]));
      expect(runs.flat().map((r) => r.id)).toEqual([drop.body.id]);
      expect(events).toEqual([`release ${drop.body.id}`]);
      const seen = await anonymous.json<Release>('GET', `/api/releases/${drop.body.id}`);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ visibility: 'public', trackCount: 3 });
      for (const track of seen.body.tracks) expect(track).toMatchObject({ visibility: 'public', publishAt: null });
      expect(ids((await anonymous.json<{ items: Release[] }>('GET', `/api/artists/${ownerId}/releases`)).body.items)).toContain(drop.body.id);
      // Its tracks are new in the lists from now.
      expect(ids((await anonymous.json<{ items: Track[] }>('GET', '/api/tracks?pageSize=3')).body.items)).toEqual(ids(drop.body.tracks));
      // One notification for the release, none per track.
      await t.context.jobs.idle();
      await expect.poll(async () => (await fan.json<{ unread: number }>('GET', '/api/notifications/unread')).body.unread, { timeout: 15_000, interval: 100 }).toBe(1);
      await t.context.jobs.idle();
      const groups = (await unreadGroups(fan)).filter((g) => g.unread);
      expect(groups).toEqual([expect.objectContaining({ kind: 'release', count: 1, track: null, release: { id: drop.body.id, title: 'Midnight Drop' } })]);
      expect((await fan.json<{ unread: number }>('GET', '/api/notifications/unread')).body.unread).toBe(1);
      expect(await t.context.services.notifications.fanOutWholeRelease(drop.body.id)).toBe(0);
      expect(await t.context.services.releases.publishDue()).toEqual([]);
    } finally {
      for (const off of offs) off();
    }
  });

  it('runs the scheduled release as the `track-publish` job', async () => {
    const drop = (await createRelease(owner, 'Job Drop', { visibility: 'unlisted', publishAt: inAnHour() }, 1)).body;
    await makeDue(t.context, drop.id);
    await t.context.jobs.send('track-publish', {}, { singletonKey: 'track-publish' });
    await t.context.jobs.idle();
    await expect.poll(async () => (await anonymous.json('GET', `/api/releases/${drop.id}`)).status, { timeout: 15_000 }).toBe(200);
  });

  it('publishes a release scheduled a few seconds ahead within 5 s of its time, as a delayed job (not at the next minute sweep)', async () => {
    // Made before the clock starts: uploading the tracks takes its own time.
    const tracks = [await createTrack(owner, 'Soon 1'), await createTrack(owner, 'Soon 2')];
    const at = new Date(Date.now() + 3_000);
    const made = await owner.json<Release & Problem>('POST', '/api/releases', { title: 'Soon EP', type: 'ep', trackIds: tracks.map((x) => x.id), visibility: 'private', publishAt: at.toISOString() });
    expect(made.status).toBe(201);
    expect((await anonymous.json('GET', `/api/releases/${made.body.id}`)).status).toBe(404);
    // The product's promise: public by the scheduled time + 5 s. Polled, with that deadline.
    let publicAt: number | undefined;
    while (Date.now() <= at.getTime() + 5_000) {
      if ((await anonymous.json('GET', `/api/releases/${made.body.id}`)).status === 200) {
        publicAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(publicAt, `public by ${new Date(at.getTime() + 5_000).toISOString()} (scheduled ${at.toISOString()})`).toBeDefined();
    // Not before its time (the delayed job waits for it).
    expect(publicAt!).toBeGreaterThanOrEqual(at.getTime());
    const seen = await anonymous.json<Release>('GET', `/api/releases/${made.body.id}`);
    expect(seen.body).toMatchObject({ visibility: 'public', trackCount: 2 });
  });

  it('publishes a single track scheduled a few seconds ahead within 5 s of its time', async () => {
    const track = await createTrack(owner, 'Soon Single');
    const at = new Date(Date.now() + 3_000);
    expect((await owner.json('PATCH', `/api/tracks/${track.id}/visibility`, { visibility: 'unlisted', publishAt: at.toISOString() })).status).toBe(200);
    let seen = false;
    while (!seen && Date.now() <= at.getTime() + 5_000) {
      seen = (await anonymous.json<Track>('GET', `/api/tracks/${track.id}`)).status === 200;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen, `public by ${new Date(at.getTime() + 5_000).toISOString()}`).toBe(true);
  });

  it('does not publish at the old time a release rescheduled later or unscheduled: the delayed job re-reads the release', async () => {
    const at = new Date(Date.now() + 4_000);
    const later = (await createRelease(owner, 'Moved Later', { visibility: 'unlisted', publishAt: at.toISOString() }, 1)).body;
    const cancelled = (await createRelease(owner, 'Called Off', { visibility: 'private', publishAt: at.toISOString() }, 1)).body;
    const kept = (await createRelease(owner, 'Kept Date', { visibility: 'private', publishAt: at.toISOString() }, 1)).body;
    expect((await owner.json('PATCH', `/api/releases/${later.id}`, { publishAt: inAnHour() })).status).toBe(200);
    expect((await owner.json('PATCH', `/api/releases/${cancelled.id}`, { publishAt: null })).status).toBe(200);
    // Past the old time, and the delayed job of that time has run (it is due, so idle() waits for it).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() + 200 - Date.now())));
    await t.context.jobs.idle();
    await expect.poll(async () => (await anonymous.json('GET', `/api/releases/${kept.id}`)).status, { timeout: 10_000, interval: 100 }).toBe(200);
    expect((await anonymous.json('GET', `/api/releases/${later.id}`)).status).toBe(404);
    expect((await anonymous.json('GET', `/api/releases/${cancelled.id}`)).status).toBe(404);
    const moved = await owner.json<Release>('GET', `/api/releases/${later.id}`);
    expect(moved.body).toMatchObject({ visibility: 'unlisted' });
    expect(moved.body.publishAt).not.toBeNull();
    expect((await owner.json<Release>('GET', `/api/releases/${cancelled.id}`)).body).toMatchObject({ visibility: 'private', publishAt: null });
  });

  it('the minute sweep sends the delayed jobs of what is scheduled in the next two minutes (how the in-process queue is on time again after a restart)', async () => {
    const at = new Date(Date.now() + 3_000);
    const release = (await createRelease(owner, 'After Restart', { visibility: 'private', publishAt: inAnHour() }, 1)).body;
    // Its schedule written behind the service's back, as if its delayed job had been lost.
    await sql`UPDATE releases SET publish_at = ${at.toISOString()} WHERE id = ${release.id}`.execute(t.context.database.db);
    await sql`UPDATE tracks SET publish_at = ${at.toISOString()} WHERE release_id = ${release.id}`.execute(t.context.database.db);
    await t.context.services.releases.sendUpcoming();
    let seen = false;
    while (!seen && Date.now() <= at.getTime() + 5_000) {
      seen = (await anonymous.json('GET', `/api/releases/${release.id}`)).status === 200;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBe(true);
  });

  it('announces a release made public from private uploads (the studio New release flow) once for the release, not once per track', async () => {
    // The tests before publish releases by delayed jobs; their announcements may still be on their way.
    await t.context.jobs.idle();
    await fan.json('POST', '/api/notifications/read');
    const release = (await createRelease(owner, 'Studio Batch', { visibility: 'public' }, 3)).body;
    await t.context.jobs.idle();
    await expect.poll(async () => (await fan.json<{ unread: number }>('GET', '/api/notifications/unread')).body.unread, { timeout: 15_000, interval: 100 }).toBe(1);
    await t.context.jobs.idle();
    const groups = await unreadGroups(fan);
    expect(groups.filter((g) => g.unread)).toEqual([expect.objectContaining({ kind: 'release', release: { id: release.id, title: 'Studio Batch' } })]);
    expect(groups.filter((g) => g.kind === 'release' && g.track !== null && release.tracks.some((x) => x.id === g.track!.id))).toEqual([]);
    // Hidden again: its notification is no longer shown.
    await owner.json('PATCH', `/api/releases/${release.id}`, { visibility: 'private' });
    expect((await unreadGroups(fan)).some((g) => g.release?.id === release.id)).toBe(false);
  });
});

describe.runIf(dialect === 'postgres')('scheduled releases with two instances on one PostgreSQL database', () => {
  let database: { url: string; drop(): Promise<void> };
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    a = await startTestApp({ DATABASE_URL: database.url });
    b = await startTestApp({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.drop();
  });

  it('publishes each due release once and announces it once, with both instances running the job steps at once', async () => {
    const events: string[] = [];
    const offs = [a, b].map((instance, i) => instance.context.events.on('release.published', ({ releaseId }) => events.push(`${releaseId} ${i}`)));
    const trackEvents: string[] = [];
    const trackOffs = [a, b].map((instance) => instance.context.events.on('track.published', ({ trackId }) => trackEvents.push(trackId)));
    try {
      const artist = new Client(a.baseUrl);
      await artist.signUp('Twin Label');
      const drops: Release[] = [];
      for (let i = 0; i < 3; i++) drops.push((await createRelease(artist, `Twin Release ${i}`, { visibility: i % 2 ? 'unlisted' : 'private', publishAt: inAnHour() }, 2)).body);
      for (const drop of drops) await makeDue(a.context, drop.id);
      const runs = await Promise.all(
        [a, b, a, b].map(async (instance) => [...(await instance.context.services.releases.publishDue()), ...(await instance.context.services.tracks.publishDue())]),
      );
      expect(ids(runs.flat())).toEqual(ids(drops));
      expect(events.map((e) => e.split(' ')[0]).sort()).toEqual(ids(drops));
      expect(trackEvents).toEqual([]);
      const visible = (await new Client(b.baseUrl).json<{ items: Track[] }>('GET', '/api/tracks?pageSize=100')).body.items;
      expect(ids(visible)).toEqual(ids(drops.flatMap((d) => d.tracks)));
    } finally {
      for (const off of [...offs, ...trackOffs]) off();
    }
  });
});
