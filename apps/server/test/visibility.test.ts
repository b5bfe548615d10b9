import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { DownloadSigner } from '../src/lib/download-signer.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { TEST_SECRET, type TestApp, dialect, freshPostgresDatabase, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

const ADMIN_EMAIL = 'visibility-admin@platter.test';
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><title>Platter</title></head><body><div id="root"></div></body></html>`;

type Visibility = 'public' | 'unlisted' | 'private';
interface Track {
  id: string;
  title: string;
  url: string;
  hidden: boolean;
  visibility: Visibility;
  publishAt: string | null;
  downloadable: boolean;
  secret?: string;
  createdAt: string;
}

/** Uploads a file and creates a track with the given visibility fields (the upload form's request). */
async function createTrack(client: Client, fields: { title: string; genre?: string; visibility?: Visibility; publishAt?: string | null; downloadable?: boolean }) {
  const mp3 = await makeMp3(1);
  const urls = await getUploadUrl(client, mp3);
  expect((await put(client, urls.uploadURL, mp3)).status).toBe(200);
  return client.json<Track & { error?: string; message?: string }>('POST', '/api/tracks', { ...fields, url: urls.fileUrl });
}

const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);

/** Makes a track's schedule due now (a test cannot wait for the future; the API refuses a past time). */
async function makeDue(context: AppContext, trackId: string): Promise<void> {
  await sql`UPDATE tracks SET publish_at = ${new Date(Date.now() - 1000).toISOString()} WHERE id = ${trackId}`.execute(context.database.db);
}

describe(`track visibility: public, unlisted, private on every read path (${dialect})`, () => {
  let t: TestApp;
  let webDist: string;
  let owner: Client;
  let other: Client;
  let admin: Client;
  let anonymous: Client;
  let ownerId: string;
  let pub: Track;
  let unl: Track;
  let priv: Track;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    t = await startTestApp({ WEB_DIST: webDist, ADMIN_EMAILS: ADMIN_EMAIL });
    owner = new Client(t.baseUrl);
    other = new Client(t.baseUrl);
    admin = new Client(t.baseUrl);
    anonymous = new Client(t.baseUrl);
    ownerId = (await owner.signUp('Vera Label')).id;
    await other.signUp('Olga Listener');
    await admin.signUp('Adam Admin', ADMIN_EMAIL);
    pub = (await createTrack(owner, { title: 'Zephyr Open', genre: 'Phonk' })).body;
    const unlisted = await createTrack(owner, { title: 'Zephyr Secret', genre: 'Phonk', visibility: 'unlisted' });
    expect(unlisted.status).toBe(201);
    unl = unlisted.body;
    priv = (await createTrack(owner, { title: 'Zephyr Closed', genre: 'Phonk', visibility: 'private' })).body;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('creates tracks with their visibility: public by default, an unlisted one with a secret only its owner is shown', async () => {
    expect(pub).toMatchObject({ visibility: 'public', publishAt: null, downloadable: false, hidden: false });
    expect(pub.secret).toBeUndefined();
    expect(unl).toMatchObject({ visibility: 'unlisted', hidden: false });
    expect(unl.secret).toMatch(/^[\w-]{16,}$/);
    expect(priv).toMatchObject({ visibility: 'private', hidden: false });
    expect(priv.secret).toBeUndefined();
    const mine = (await owner.json<{ items: Track[] }>('GET', '/api/me/tracks')).body.items;
    expect(mine.map((m) => [m.title, m.visibility, m.secret ?? null])).toEqual([
      ['Zephyr Closed', 'private', null],
      ['Zephyr Secret', 'unlisted', unl.secret],
      ['Zephyr Open', 'public', null],
    ]);
  });

  it('lists, search, charts, genre and artist counters, stats and news hold only the public track, for every viewer', async () => {
    for (const viewer of [anonymous, other, owner, admin]) {
      expect(ids((await viewer.json<{ items: Track[] }>('GET', '/api/tracks?pageSize=100')).body.items)).toEqual([pub.id]);
      const genre = (await viewer.json<{ items: Track[]; total: number }>('GET', '/api/tracks?genre=Phonk')).body;
      expect([ids(genre.items), genre.total]).toEqual([[pub.id], 1]);
      const byArtist = (await viewer.json<{ items: Track[]; total: number }>('GET', `/api/tracks?artistId=${ownerId}`)).body;
      expect([ids(byArtist.items), byArtist.total]).toEqual([[pub.id], 1]);
      const byArtistAndGenre = (await viewer.json<{ items: Track[]; total: number }>('GET', `/api/tracks?artistId=${ownerId}&genre=Phonk`)).body;
      expect([ids(byArtistAndGenre.items), byArtistAndGenre.total]).toEqual([[pub.id], 1]);
      for (const q of ['zephyr', 'ze', 'secret', 'closed']) {
        const found = (await viewer.json<{ items: Track[]; total: number }>('GET', `/api/tracks?q=${q}`)).body;
        expect(ids(found.items)).toEqual(q === 'zephyr' || q === 'ze' ? [pub.id] : []);
        const search = (await viewer.json<{ tracks: Track[] }>('GET', `/api/search?q=${q}`)).body;
        expect(ids(search.tracks)).toEqual(q === 'zephyr' || q === 'ze' ? [pub.id] : []);
      }
      expect(ids((await viewer.json<{ items: Track[] }>('GET', '/api/charts/top')).body.items)).toEqual([pub.id]);
      const genres = (await viewer.json<{ total: number; genres: Array<{ genre: string; count: number }> }>('GET', '/api/genres')).body;
      expect([genres.total, genres.genres.find((g) => g.genre === 'Phonk')?.count]).toEqual([1, 1]);
      expect((await viewer.json<{ tracks: number }>('GET', `/api/artists/${ownerId}`)).body.tracks).toBe(1);
      expect((await viewer.json<{ tracks: number }>('GET', `/api/profiles/${ownerId}`)).body.tracks).toBe(1);
      expect((await viewer.json<{ tracks: number; artists: number }>('GET', '/api/stats')).body).toMatchObject({ tracks: 1, artists: 1 });
      // The news feed is made of posts (it lists no tracks): neither hidden track appears in it.
      const news = JSON.stringify((await viewer.json('GET', '/api/news')).body);
      expect([news.includes(unl.id), news.includes(priv.id)]).toEqual([false, false]);
    }
  });

  it('answers the track, its waveform, comments, audio and share page to whom it should, with and without the secret', async () => {
    const wrong = 'not-the-secret-at-all';
    const cases: Array<[string, Track, Client, string | undefined, boolean]> = [];
    for (const [name, viewer] of [['anonymous', anonymous], ['other', other], ['owner', owner], ['admin', admin]] as const) {
      const privileged = name === 'owner' || name === 'admin';
      cases.push([name, pub, viewer, undefined, true]);
      cases.push([name, unl, viewer, undefined, privileged]);
      cases.push([name, unl, viewer, wrong, privileged]);
      cases.push([name, unl, viewer, unl.secret, true]);
      cases.push([name, priv, viewer, undefined, privileged]);
      cases.push([name, priv, viewer, unl.secret, privileged]);
    }
    const got: string[] = [];
    const want: string[] = [];
    for (const [name, track, viewer, secret, allowed] of cases) {
      const s = secret ? `?s=${encodeURIComponent(secret)}` : '';
      const label = `${name} ${track.title} ${secret === unl.secret ? 'secret' : secret ? 'wrong secret' : 'no secret'}`;
      const api = await viewer.json<Track>('GET', `/api/tracks/${track.id}${s}`);
      const waveform = await viewer.json<{ trackId: string }>('GET', `/api/tracks/${track.id}/waveform${s}`);
      const comments = await viewer.json<{ items: unknown[] }>('GET', `/api/tracks/${track.id}/comments${s}`);
      const media = await viewer.get(`${track.url}${s}`);
      const mediaBytes = (await media.arrayBuffer()).byteLength;
      const page = await viewer.request('GET', `/track/${track.id}${s}`, { headers: { accept: 'text/html' } });
      const html = await page.text();
      got.push(`${label}: ${api.status} ${waveform.status} ${comments.status} ${media.status} ${page.status}`);
      // The page answers whoever may see the track (its artist and admins too: issue 29); its preview tags only public or secret-link viewers.
      want.push(`${label}: ${allowed ? '200 200 200 200 200' : '404 404 404 404 404'}`);
      const previewed = allowed && (track.visibility === 'public' || (track.id === unl.id && secret === unl.secret));
      if (allowed) {
        expect(api.body.id).toBe(track.id);
        expect(waveform.body.trackId).toBe(track.id);
        expect(comments.body.items).toEqual([]);
        expect(mediaBytes).toBeGreaterThan(1000);
      } else {
        expect(api.body).toMatchObject({ error: 'track_not_found' });
        expect(html).not.toContain(track.title);
      }
      if (previewed) expect(html).toContain(`og:title" content="${track.title}`);
      else expect(html).not.toContain('og:title');
      // Hidden audio is never for shared caches.
      if (allowed && track.visibility !== 'public') expect(media.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(got).toEqual(want);
  });

  it('gives whoever opens an unlisted track with its secret audio URLs that carry it, and the owner the secret', async () => {
    const seen = (await other.json<Track & { audio: { high: string | null } }>('GET', `/api/tracks/${unl.id}?s=${unl.secret}`)).body;
    expect(seen.secret).toBe(unl.secret);
    expect(seen.url).toBe(`${unl.url}?s=${unl.secret}`);
    expect((await anonymous.get(seen.url)).status).toBe(200);
    expect((await anonymous.get(unl.url)).status).toBe(404);
    expect((await owner.json<Track>('GET', `/api/tracks/${unl.id}`)).body.secret).toBe(unl.secret);
    expect((await admin.json<Track>('GET', `/api/tracks/${unl.id}`)).body.secret).toBe(unl.secret);
    // The share page's own link keeps the secret (a chat preview opens the page it can play).
    const html = await (await anonymous.request('GET', `/track/${unl.id}?s=${unl.secret}`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(`/track/${unl.id}?s=${unl.secret}`);
  });

  it('lets a secret holder comment on an unlisted track, and refuses likes, playlists and comments without access', async () => {
    const comment = await other.json<{ text: string }>('POST', `/api/tracks/${unl.id}/comments?s=${unl.secret}`, { text: 'early listener' });
    expect([comment.status, comment.body.text]).toEqual([201, 'early listener']);
    expect((await other.json('POST', `/api/tracks/${unl.id}/comments`, { text: 'no secret' })).status).toBe(404);
    expect((await other.json('POST', `/api/tracks/${priv.id}/comments`, { text: 'private' })).status).toBe(404);
    expect((await anonymous.json<{ items: Array<{ text: string }> }>('GET', `/api/tracks/${unl.id}/comments?s=${unl.secret}`)).body.items.map((c) => c.text)).toEqual(['early listener']);
    for (const track of [unl, priv]) {
      expect((await other.json('PUT', `/api/tracks/${track.id}/like`)).status).toBe(404);
      const playlist = (await other.json<{ id: string }>('POST', '/api/playlists', { name: `Wants ${track.title}` })).body;
      expect((await other.json('POST', `/api/playlists/${playlist.id}/tracks`, { trackId: track.id })).status).toBe(404);
    }
  });

  it('takes a track out of other people’s playlists, likes, history and every counter while private, and brings it back when public', async () => {
    const track = (await createTrack(owner, { title: 'Wandering Tune', genre: 'Pop' })).body;
    const playlist = (await other.json<{ id: string }>('POST', '/api/playlists', { name: 'Mixtape' })).body;
    expect((await other.json('PATCH', `/api/playlists/${playlist.id}`, { isPublic: true })).status).toBe(200);
    expect((await other.json('POST', `/api/playlists/${playlist.id}/tracks`, { trackId: track.id })).status).toBe(200);
    expect((await other.json('PUT', `/api/tracks/${track.id}/like`)).status).toBe(200);
    expect((await other.json('POST', '/api/me/history', { trackId: track.id })).status).toBe(204);
    const state = async () => {
      const list = (await anonymous.json<{ entries: Array<{ track: { id: string } }>; durationSeconds: number }>('GET', `/api/playlists/${playlist.id}`)).body;
      return {
        playlist: list.entries.map((e) => e.track.id),
        listed: list.durationSeconds > 0,
        liked: ids((await other.json<{ items: Track[] }>('GET', '/api/me/likes')).body.items),
        history: (await other.json<{ items: Array<{ track: { id: string } }> }>('GET', '/api/me/history')).body.items.map((h) => h.track.id),
        pop: (await anonymous.json<{ genres: Array<{ genre: string; count: number }> }>('GET', '/api/genres')).body.genres.find((g) => g.genre === 'Pop')?.count,
        artistTracks: (await anonymous.json<{ tracks: number }>('GET', `/api/profiles/${ownerId}`)).body.tracks,
      };
    };
    const visible = { playlist: [track.id], listed: true, liked: [track.id], history: [track.id], pop: 1, artistTracks: 2 };
    await expect.poll(state).toEqual(visible);
    for (const visibility of ['private', 'unlisted'] as const) {
      const changed = await owner.json<Track>('PATCH', `/api/tracks/${track.id}/visibility`, { visibility });
      expect(changed.body.visibility).toBe(visibility);
      expect(await state()).toEqual({ playlist: [], listed: false, liked: [], history: [], pop: 0, artistTracks: 1 });
      expect((await owner.json('PATCH', `/api/tracks/${track.id}/visibility`, { visibility: 'public' })).status).toBe(200);
      expect(await state()).toEqual(visible);
    }
    // The playlist's own owner sees the entry only while the track is public too.
    await owner.json('PATCH', `/api/tracks/${track.id}/visibility`, { visibility: 'private' });
    expect((await other.json<{ entries: unknown[] }>('GET', `/api/playlists/${playlist.id}`)).body.entries).toEqual([]);
    await owner.json('PATCH', `/api/tracks/${track.id}/visibility`, { visibility: 'public' });
    expect((await other.json<{ entries: unknown[] }>('GET', `/api/playlists/${playlist.id}`)).body.entries).toHaveLength(1);
  });

  it('resets an unlisted track’s secret: the old link stops working at once, the new one works', async () => {
    const old = unl.secret!;
    const reset = await owner.json<Track>('POST', `/api/tracks/${unl.id}/secret`);
    expect(reset.status).toBe(200);
    const fresh = reset.body.secret!;
    expect(fresh).toMatch(/^[\w-]{16,}$/);
    expect(fresh).not.toBe(old);
    for (const [secret, status] of [[old, 404], [fresh, 200]] as const) {
      expect((await anonymous.json('GET', `/api/tracks/${unl.id}?s=${secret}`)).status).toBe(status);
      expect((await anonymous.get(`${unl.url}?s=${secret}`)).status).toBe(status);
      expect((await anonymous.request('GET', `/track/${unl.id}?s=${secret}`, { headers: { accept: 'text/html' } })).status).toBe(status);
      expect((await anonymous.json('GET', `/api/tracks/${unl.id}/comments?s=${secret}`)).status).toBe(status);
    }
    unl = { ...unl, secret: fresh };
    const refused = await owner.json<{ error: string; message: string }>('POST', `/api/tracks/${pub.id}/secret`);
    expect([refused.status, refused.body.error]).toEqual([409, 'not_unlisted']);
    // Unlisting again keeps the secret it has; going private and back keeps it too.
    await owner.json('PATCH', `/api/tracks/${unl.id}/visibility`, { visibility: 'private' });
    expect((await anonymous.json('GET', `/api/tracks/${unl.id}?s=${fresh}`)).status).toBe(404);
    expect((await owner.json<Track>('PATCH', `/api/tracks/${unl.id}/visibility`, { visibility: 'unlisted' })).body.secret).toBe(fresh);
    expect((await anonymous.json('GET', `/api/tracks/${unl.id}?s=${fresh}`)).status).toBe(200);
  });

  it('refuses schedules that cannot happen, with clear messages', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const onPublic = await owner.json<{ error: string; message: string }>('PATCH', `/api/tracks/${pub.id}/visibility`, { publishAt: inAnHour });
    expect([onPublic.status, onPublic.body.error]).toEqual([400, 'publish_at_needs_hidden']);
    const past = await owner.json<{ error: string; message: string }>('PATCH', `/api/tracks/${priv.id}/visibility`, { publishAt: '2020-01-01T00:00:00Z' });
    expect([past.status, past.body.error]).toEqual([400, 'publish_at_past']);
    const garbage = await owner.json<{ error: string; message: string }>('PATCH', `/api/tracks/${priv.id}/visibility`, { publishAt: 'tomorrow' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toContain('publishAt');
    expect((await owner.json('PATCH', `/api/tracks/${priv.id}/visibility`, {})).status).toBe(400);
    const atUpload = await createTrack(owner, { title: 'Too Early', visibility: 'public', publishAt: inAnHour });
    expect([atUpload.status, atUpload.body.error]).toEqual([400, 'publish_at_needs_hidden']);
    // A schedule is set and cleared; making the track public by hand clears it too.
    const scheduled = await owner.json<Track>('PATCH', `/api/tracks/${priv.id}/visibility`, { publishAt: inAnHour });
    expect(scheduled.body.publishAt).toBe(inAnHour);
    expect((await owner.json<Track>('PATCH', `/api/tracks/${priv.id}/visibility`, { publishAt: null })).body.publishAt).toBeNull();
  });

  it('publishes a scheduled track once when it is due, however many workers run, and announces it once', async () => {
    const published: string[] = [];
    const off = t.context.events.on('track.published', ({ trackId, artistId }) => published.push(`${trackId} ${artistId}`));
    try {
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const drops: Track[] = [];
      for (const visibility of ['private', 'unlisted', 'private'] as const) {
        const created = await createTrack(owner, { title: `Scheduled Drop ${drops.length}`, genre: 'Dance', visibility, publishAt: inAnHour });
        expect(created.body).toMatchObject({ visibility, publishAt: inAnHour });
        drops.push(created.body);
      }
      // Not due yet: nothing happens.
      expect(await t.context.services.tracks.publishDue()).toEqual([]);
      for (const drop of drops) await makeDue(t.context, drop.id);
      // Three workers at once (the job's handler): each track is published by exactly one of them.
      const runs = await Promise.all([t.context.services.tracks.publishDue(), t.context.services.tracks.publishDue(), t.context.services.tracks.publishDue()]);
      expect(runs.flat().map((p) => p.id).sort()).toEqual(ids(drops).sort());
      expect(published.sort()).toEqual(drops.map((d) => `${d.id} ${ownerId}`).sort());
      // Public from then: new in the lists (its release date is now), in search, and no longer scheduled.
      const newest = (await anonymous.json<{ items: Track[] }>('GET', '/api/tracks?pageSize=3')).body.items;
      expect(ids(newest).sort()).toEqual(ids(drops).sort());
      for (const track of newest) expect(track).toMatchObject({ visibility: 'public', publishAt: null });
      expect(ids((await anonymous.json<{ tracks: Track[] }>('GET', '/api/search?q=scheduled drop')).body.tracks).sort()).toEqual(ids(drops).sort());
      expect((await anonymous.json<{ genres: Array<{ genre: string; count: number }> }>('GET', '/api/genres')).body.genres.find((g) => g.genre === 'Dance')?.count).toBe(3);
      expect(await t.context.services.tracks.publishDue()).toEqual([]);
      expect(published).toHaveLength(3);
    } finally {
      off();
    }
  });

  it('runs the scheduled release as the `track-publish` job', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const track = (await createTrack(owner, { title: 'Job Drop', visibility: 'private', publishAt: inAnHour })).body;
    await makeDue(t.context, track.id);
    await t.context.jobs.send('track-publish', {}, { singletonKey: 'track-publish' });
    await t.context.jobs.idle();
    // On PostgreSQL the job may be claimed after the idle check: poll for its outcome.
    await expect.poll(async () => (await anonymous.json('GET', `/api/tracks/${track.id}`)).status, { timeout: 15_000 }).toBe(200);
  });

  it('signs expiring download links: off by default (owner and admins only), on for everyone who may play the track', async () => {
    const track = (await createTrack(owner, { title: 'Take Me Home', genre: 'Phonk' })).body;
    const original = await (await anonymous.get(track.url)).arrayBuffer();
    for (const viewer of [anonymous, other]) {
      const refused = await viewer.json<{ error: string; message: string }>('GET', `/api/tracks/${track.id}/download`);
      expect([refused.status, refused.body.error]).toEqual([403, 'download_not_allowed']);
      expect(refused.body.message).toMatch(/not allowed downloads/);
    }
    const download = async (viewer: Client, trackId: string, query = '') => {
      const link = await viewer.json<{ url: string; expiresAt: string }>('GET', `/api/tracks/${trackId}/download${query}`);
      expect(link.status).toBe(200);
      const expires = Date.parse(link.body.expiresAt);
      expect(expires - Date.now()).toBeGreaterThan(5 * 60_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000);
      return link.body.url;
    };
    for (const viewer of [owner, admin]) {
      const url = await download(viewer, track.id);
      // The link alone is enough (no cookie): another browser can fetch it.
      const file = await new Client(t.baseUrl).get(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Vera Label - Take Me Home.mp3"; filename*=UTF-8''Vera%20Label%20-%20Take%20Me%20Home.mp3`);
      expect(file.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(original))).toBe(true);
    }
    expect((await owner.json<Track>('PATCH', `/api/tracks/${track.id}/visibility`, { downloadable: true })).body.downloadable).toBe(true);
    for (const viewer of [anonymous, other]) {
      const url = await download(viewer, track.id);
      const file = await viewer.get(url);
      expect([file.status, file.headers.get('content-disposition')?.startsWith('attachment;')]).toEqual([200, true]);
      expect((await file.arrayBuffer()).byteLength).toBe(original.byteLength);
    }
    // Forged: another signature, another expiry, or the signature of another file.
    const url = new URL(await download(anonymous, track.id), t.baseUrl);
    const forgeries = [
      `${url.pathname}?download=${url.searchParams.get('download')}&sig=${'A'.repeat(43)}`,
      `${url.pathname}?download=${Number(url.searchParams.get('download')) + 3600}&sig=${url.searchParams.get('sig')}`,
      `${pub.url}?download=${url.searchParams.get('download')}&sig=${url.searchParams.get('sig')}`,
      `${url.pathname}?download=${url.searchParams.get('download')}`,
    ];
    for (const forged of forgeries) {
      const answer = await anonymous.json<{ error: string; message: string }>('GET', forged);
      expect([answer.status, answer.body.error]).toEqual([403, 'download_link_invalid']);
      expect(answer.body.message).toMatch(/not valid/);
    }
    // Expired: a link signed with the server's key for a time already past.
    const key = decodeURIComponent(url.pathname.slice('/media/'.length));
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await anonymous.json<{ error: string; message: string }>('GET', `${url.pathname}?download=${past}&sig=${new DownloadSigner(`download:${TEST_SECRET}`).sign(key, past)}`);
    expect([expired.status, expired.body.error]).toEqual([403, 'download_link_expired']);
    expect(expired.body.message).toMatch(/expired/);
    // A downloadable unlisted track: with its secret only; a private one: owner and admins only.
    await owner.json('PATCH', `/api/tracks/${track.id}/visibility`, { visibility: 'unlisted' });
    const secret = (await owner.json<Track>('GET', `/api/tracks/${track.id}`)).body.secret!;
    expect((await anonymous.json('GET', `/api/tracks/${track.id}/download`)).status).toBe(404);
    expect((await new Client(t.baseUrl).get(await download(anonymous, track.id, `?s=${secret}`))).status).toBe(200);
    await owner.json('PATCH', `/api/tracks/${track.id}/visibility`, { visibility: 'private' });
    expect((await other.json('GET', `/api/tracks/${track.id}/download?s=${secret}`)).status).toBe(404);
    expect((await new Client(t.baseUrl).get(await download(owner, track.id))).status).toBe(200);
  });

  it('shows an admin’s hide as `hidden` (moderation), apart from the visibility the owner chose', async () => {
    const hidden = await admin.json<Track>('PUT', `/api/admin/tracks/${unl.id}/hidden`, { hidden: true });
    expect(hidden.body).toMatchObject({ hidden: true, visibility: 'unlisted' });
    // A moderated track is for its owner and admins only, secret or not.
    expect((await anonymous.json('GET', `/api/tracks/${unl.id}?s=${unl.secret}`)).status).toBe(404);
    expect((await anonymous.get(`${unl.url}?s=${unl.secret}`)).status).toBe(404);
    // Made public by its owner while moderated, it stays out of the lists.
    await owner.json('PATCH', `/api/tracks/${unl.id}/visibility`, { visibility: 'public' });
    expect(ids((await anonymous.json<{ items: Track[] }>('GET', '/api/tracks?pageSize=100')).body.items)).not.toContain(unl.id);
    expect((await admin.json<Track>('PUT', `/api/admin/tracks/${unl.id}/hidden`, { hidden: false })).body).toMatchObject({ hidden: false, visibility: 'public' });
    expect(ids((await anonymous.json<{ items: Track[] }>('GET', '/api/tracks?pageSize=100')).body.items)).toContain(unl.id);
  });
});

describe.skipIf(dialect !== 'postgres')('scheduled release across two instances on one PostgreSQL database', () => {
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

  it('publishes each due track once and announces it once, with both instances running the job and the handler at once', async () => {
    const events: string[] = [];
    const offs = [a, b].map((instance, i) => instance.context.events.on('track.published', ({ trackId }) => events.push(`${trackId} ${i}`)));
    try {
      const artist = new Client(a.baseUrl);
      await artist.signUp('Two Instances');
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const drops: string[] = [];
      for (let i = 0; i < 6; i++) drops.push((await createTrack(artist, { title: `Twin Drop ${i}`, visibility: i % 2 ? 'unlisted' : 'private', publishAt: inAnHour })).body.id);
      for (const id of drops.slice(0, 4)) await makeDue(a.context, id);
      // Both instances' handlers at once, twice each.
      const runs = await Promise.all([a, b, a, b].map((instance) => instance.context.services.tracks.publishDue()));
      expect(runs.flat().map((p) => p.id).sort()).toEqual(drops.slice(0, 4).sort());
      expect(events.map((e) => e.split(' ')[0]).sort()).toEqual(drops.slice(0, 4).sort());
      // And as jobs: both instances send it; the remaining two are published once between them.
      for (const id of drops.slice(4)) await makeDue(a.context, id);
      await Promise.all([a, b].map((instance) => instance.context.jobs.send('track-publish', {}, { singletonKey: 'track-publish' })));
      await a.context.jobs.idle();
      await expect.poll(() => events.length, { timeout: 20_000 }).toBe(6);
      expect(events.map((e) => e.split(' ')[0]).sort()).toEqual([...drops].sort());
      const visible = (await new Client(b.baseUrl).json<{ items: Array<{ id: string }> }>('GET', '/api/tracks?pageSize=100')).body.items;
      expect(ids(visible).sort()).toEqual([...drops].sort());
      expect((await new Client(b.baseUrl).json<{ tracks: number }>('GET', '/api/stats')).body.tracks).toBe(6);
    } finally {
      for (const off of offs) off();
    }
  });
});
