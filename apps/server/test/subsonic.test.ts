import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3, toneWav } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { openSubsonicErrors } from './support/opensubsonic-schema.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { imageInfo, makePng } from './support/images.js';
import { getUploadUrl, put, uploadTrack } from './support/uploads.js';

const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'subsonic-rest-api-1.16.1.xsd');
const run = promisify(execFile);
const ADMIN_EMAIL = 'subsonic-admin@platter.test';

/** Every method /rest answers with credentials only (routes/subsonic/subsonic.routes.ts), for the access check; getOpenSubsonicExtensions is public. */
const METHODS = [
  'ping', 'getLicense', 'getMusicFolders', 'getIndexes', 'getArtists', 'getArtist', 'getArtistInfo', 'getArtistInfo2', 'getAlbum',
  'getAlbumList2', 'getSong', 'getRandomSongs', 'getSongsByGenre', 'getGenres', 'search3', 'getTopSongs', 'getSimilarSongs2', 'getUser', 'getNowPlaying',
  'stream', 'download', 'getCoverArt', 'star', 'unstar', 'getStarred2', 'setRating', 'scrobble', 'getPlaylists', 'getPlaylist', 'createPlaylist',
  'updatePlaylist', 'deletePlaylist', 'getPlayQueue', 'savePlayQueue', 'getLyrics', 'getLyricsBySongId', 'tokenInfo',
];

type Track = { id: string; title: string; listens: number; likes: number };
type Created = { id: string; kind: string; name: string; secret: string };

/**
 * The OpenSubsonic API through a third-party client library (subsonic-api from npm)
 * over real HTTP, and its XML answers against the Subsonic project's published XSD (xmllint).
 */
describe(`the OpenSubsonic API at /rest (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let fan: Client;
  let fanEmail: string;
  let artistId: string;
  let fanKey: string;
  let artistKey: string;
  let fanApi: SubsonicAPI;
  /** Extra headers the next requests of `fanApi` send (Range for stream). */
  let extraHeaders: Record<string, string> = {};
  let releaseId: string;
  const tracks: Track[] = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-subsonic-'));

  const credential = async (client: Client, kind: 'apiKey' | 'appPassword', name: string) => {
    const made = await client.json<Created>('POST', '/api/me/subsonic-credentials', { kind, name });
    expect(made.status).toBe(201);
    return made.body;
  };
  /** JSON answers that broke the OpenSubsonic schemas; each test ends by expecting none. */
  let schemaErrors: string[] = [];
  /** Every JSON answer from /rest is checked against the published OpenSubsonic schema of its method. */
  const checkJson = async (url: string, response: Response): Promise<void> => {
    if (!response.headers.get('content-type')?.includes('application/json')) return;
    const method = new URL(url).pathname.replace(/^\/rest\//, '');
    const errors = openSubsonicErrors(method, JSON.parse(await response.clone().text()));
    schemaErrors.push(...errors.map((e) => `${method}: ${e}`));
  };
  afterEach(() => {
    const errors = schemaErrors;
    schemaErrors = [];
    expect(errors).toEqual([]);
  });
  const apiFor = (auth: { apiKey: string } | { username: string; password: string }, post = false) =>
    new SubsonicAPI({
      url: t.baseUrl,
      auth: auth as { apiKey: string },
      post,
      fetch: async (input, init) => {
        const response = await fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), ...extraHeaders } });
        await checkJson(String(input instanceof Request ? input.url : input), response);
        return response;
      },
    });
  /** A raw answer (XML unless f=json is given), with its status. */
  const raw = async (method: string, params: Record<string, string | string[]>, init: RequestInit = {}) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
    const response = await fetch(`${t.baseUrl}/rest/${method}?${query}`, init);
    await checkJson(response.url, response);
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  };
  const listens = async (id: string) => (await new Client(t.baseUrl).json<Track>('GET', `/api/tracks/${id}`)).body.listens;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    artist = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    artistId = (await artist.signUp('Ночная Смена')).id;
    fanEmail = `fan-${Math.random().toString(36).slice(2)}@example.com`;
    await fan.signUp('Fan', fanEmail);
    const mp3 = await makeMp3(2);
    for (const title of ['Intro', 'Outro', 'Lonely Single', 'Secret Demo']) tracks.push((await uploadTrack(artist, mp3, { title, genre: 'Phonk' })) as unknown as Track);
    const release = await artist.json<{ id: string }>('POST', '/api/releases', { title: 'First EP', type: 'ep', releaseDate: '2026-11-20', trackIds: [tracks[0]!.id, tracks[1]!.id] });
    expect(release.status).toBe(201);
    releaseId = release.body.id;
    expect((await artist.json('PATCH', `/api/tracks/${tracks[3]!.id}/visibility`, { visibility: 'private' })).status).toBe(200);
    fanKey = (await credential(fan, 'apiKey', 'Symfonium')).secret;
    artistKey = (await credential(artist, 'apiKey', 'Feishin')).secret;
    fanApi = apiFor({ apiKey: fanKey });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });
  const track = (i: number) => tracks[i] as Track;

  it('settings make API keys and app passwords shown once, listed without secrets, and revocable', async () => {
    const made = await credential(fan, 'appPassword', 'DSub');
    expect(made.secret.length).toBeGreaterThanOrEqual(16);
    const listed = await fan.json<{ items: Array<Record<string, unknown>> }>('GET', '/api/me/subsonic-credentials');
    expect(listed.body.items.map((i) => i.name).sort()).toEqual(['DSub', 'Symfonium']);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);
    expect(JSON.stringify(listed.body)).not.toContain(fanKey);
    // Someone else's credential is not theirs to revoke.
    expect((await artist.json('DELETE', `/api/me/subsonic-credentials/${made.id}`)).status).toBe(404);
    const api = apiFor({ username: fanEmail, password: made.secret });
    expect((await api.ping()).status).toBe('ok');
    expect((await fan.json('DELETE', `/api/me/subsonic-credentials/${made.id}`)).status).toBe(204);
    const after = await api.ping();
    expect(after).toMatchObject({ status: 'failed', error: { code: 40 } });
    expect((await new Client(t.baseUrl).json('GET', '/api/me/subsonic-credentials')).status).toBe(401);
  });

  it('authenticates by API key, token + salt, and password (clear or enc:), never the sign-in password', async () => {
    const password = (await credential(fan, 'appPassword', 'Tempo')).secret;
    // subsonic-api sends t = md5(password + salt) and s.
    expect((await apiFor({ username: fanEmail, password }).ping()).status).toBe('ok');
    expect((await raw('ping', { u: fanEmail, p: password, f: 'json' })).text).toContain('"status":"ok"');
    expect((await raw('ping', { u: fanEmail, p: `enc:${Buffer.from(password).toString('hex')}`, f: 'json' })).text).toContain('"status":"ok"');
    const signInPassword = await apiFor({ username: fanEmail, password: 'correct-horse-battery' }).ping();
    expect(signInPassword).toMatchObject({ status: 'failed', error: { code: 40 } });
    expect(await apiFor({ apiKey: 'plk_not-a-key' }).ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
    expect(JSON.parse((await raw('ping', { apiKey: fanKey, u: fanEmail, f: 'json' })).text)['subsonic-response'].error.code).toBe(43);
    const missing = await raw('ping', { f: 'json' });
    expect(missing.status).toBe(200);
    expect(JSON.parse(missing.text)['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 10 } });
    // Without f=json the answer is XML, with the same error.
    expect((await raw('ping', {})).text).toMatch(/<error code="10" message="[^"]+"\/>/);
    // apiKeyAuthentication's tokenInfo: whose key it is (schema-checked), 44 for a key nobody has.
    expect(JSON.parse((await raw('tokenInfo', { apiKey: fanKey, f: 'json' })).text)['subsonic-response']).toMatchObject({ status: 'ok', tokenInfo: { username: fanEmail } });
    expect((await raw('tokenInfo', { apiKey: fanKey })).text).toMatch(new RegExp(`<tokenInfo username="${fanEmail}"`));
    expect(JSON.parse((await raw('tokenInfo', { apiKey: 'not-a-key', f: 'json' })).text)['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 44 } });
  });

  it('browses artists → album → songs, with a track without a release as its own single', async () => {
    // Only what works: no transcodeOffset (renditions are made ahead, nothing is transcoded live).
    expect((await fanApi.getOpenSubsonicExtensions()).openSubsonicExtensions.map((e) => e.name).sort()).toEqual(['apiKeyAuthentication', 'formPost', 'songLyrics']);
    const { artists } = await fanApi.getArtists();
    const listed = (artists.index ?? []).flatMap((i) => i.artist ?? []);
    expect(listed.map((a) => a.id)).toContain(artistId);
    const { artist: page } = await fanApi.getArtist({ id: artistId });
    expect(page.name).toBe('Ночная Смена');
    const albums = page.album ?? [];
    expect(albums.map((a) => a.name).sort()).toEqual(['First EP', 'Lonely Single']);
    const ep = albums.find((a) => a.name === 'First EP')!;
    expect(ep).toMatchObject({ id: releaseId, songCount: 2 });
    const { album } = await fanApi.getAlbum({ id: ep.id });
    expect((album.song ?? []).map((s) => s.title)).toEqual(['Intro', 'Outro']);
    const single = albums.find((a) => a.name === 'Lonely Single')!;
    expect(single.id).toBe(`t-${track(2).id}`);
    const { album: singleAlbum } = await fanApi.getAlbum({ id: single.id });
    expect((singleAlbum.song ?? []).map((s) => s.id)).toEqual([track(2).id]);
    const { song } = await fanApi.getSong({ id: track(0).id });
    expect(song).toMatchObject({ title: 'Intro', album: 'First EP', albumId: releaseId, artistId, suffix: 'mp3', contentType: 'audio/mpeg' });
    const newest = await fanApi.getAlbumList2({ type: 'newest', size: 10 });
    expect((newest.albumList2.album ?? []).map((a) => a.name).sort()).toEqual(['First EP', 'Lonely Single']);
    const search = await fanApi.search3({ query: 'lonely' });
    expect((search.searchResult3.song ?? []).map((s) => s.title)).toEqual(['Lonely Single']);
    expect((await fanApi.getGenres()).genres.genre?.find((g) => g.value === 'Phonk')?.songCount).toBe(3);
  });

  it('hides a private track from others exactly as the web API does, and shows it to its owner', async () => {
    const secret = track(3).id;
    expect(await fanApi.getSong({ id: secret })).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(await fanApi.getAlbum({ id: `t-${secret}` })).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect((await fan.json('GET', `/api/tracks/${secret}`)).status).toBe(404);
    const search = await fanApi.search3({ query: 'secret' });
    expect(search.searchResult3.song ?? []).toEqual([]);
    // The client asks for JSON (f=json): a refused stream is a Subsonic error, not audio.
    expect(await (await fanApi.stream({ id: secret })).json()).toMatchObject({ 'subsonic-response': { status: 'failed', error: { code: 70 } } });
    const owner = apiFor({ apiKey: artistKey });
    expect((await owner.getSong({ id: secret })).song.title).toBe('Secret Demo');
    expect((await owner.stream({ id: secret })).status).toBe(200);
  });

  it('streams with Range, and downloads only what the artist allows (the owner always)', async () => {
    const id = track(0).id;
    extraHeaders = { range: 'bytes=0-99' };
    try {
      const part = await fanApi.stream({ id });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
    } finally {
      extraHeaders = {};
    }
    const whole = await fanApi.stream({ id });
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 3).toString('latin1') === 'ID3' || bytes[0] === 0xff).toBe(true);

    const refused = await fanApi.download({ id });
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ 'subsonic-response': { status: 'failed', error: { code: 50 } } });
    const own = await apiFor({ apiKey: artistKey }).download({ id });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain('attachment');
    expect((await artist.json('PATCH', `/api/tracks/${id}/visibility`, { downloadable: true })).status).toBe(200);
    expect((await fanApi.download({ id })).headers.get('content-disposition')).toContain('attachment');
  });

  it('serves cover art at a requested size: a smaller copy made once and kept, never enlarged', async () => {
    const id = track(2).id;
    const cover = await artist.request('PUT', `/api/tracks/${id}/cover`, { body: await makePng(900, 700), headers: { 'content-type': 'image/png' } });
    expect(cover.status).toBe(200);
    const coverArt = (await fanApi.getSong({ id })).song.coverArt as string;
    const fetchCover = async (size?: number) => {
      const response = await fanApi.getCoverArt({ id: coverArt, ...(size === undefined ? {} : { size }) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      return imageInfo(Buffer.from(await response.arrayBuffer()));
    };
    // Stored at 600×600 (the track variant).
    expect(await fetchCover()).toMatchObject({ width: 600, height: 600, format: 'webp' });
    // Rounded up to the next kept size (64, 128, 256, 512), so a handful of copies per image.
    expect(await fetchCover(100)).toMatchObject({ width: 128, height: 128 });
    expect(await fetchCover(128)).toMatchObject({ width: 128, height: 128 });
    expect(await fetchCover(300)).toMatchObject({ width: 512, height: 512 });
    // Asked larger than stored: the stored image, not an enlargement.
    expect(await fetchCover(2000)).toMatchObject({ width: 600, height: 600 });
    const kept = await t.context.database.db.selectFrom('tracks').select('image_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await t.context.storage.stat(`images/sized/128/${String(kept.image_key).replace(/^images\//, '')}`)).toBeDefined();
    // A private track's cover is its owner's only, at any size.
    expect(await (await fanApi.getCoverArt({ id: `tr-${track(3).id}`, size: 64 })).json()).toMatchObject({ 'subsonic-response': { error: { code: 70 } } });
  });

  it('picks a rendition by maxBitRate and format where the media engine made them', async () => {
    const wav = toneWav(3, 44_100, 2, -20);
    const urls = await getUploadUrl(artist, wav, 'tone.wav', 'audio/wav');
    expect((await put(artist, urls.uploadURL, wav, 'audio/wav')).status).toBe(200);
    const created = await artist.json<{ id: string }>('POST', '/api/tracks', { title: 'Tone', url: urls.fileUrl });
    type Audio = { status: string; high: string | null; saver: string | null };
    let audio: Audio = { status: 'processing', high: null, saver: null };
    for (let i = 0; i < 300 && audio.status === 'processing'; i++) {
      await t.context.jobs.idle(60_000);
      audio = (await artist.json<{ audio: Audio }>('GET', `/api/tracks/${created.body.id}`)).body.audio;
      if (audio.status === 'processing') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(audio).toMatchObject({ status: 'ready', high: expect.any(String), saver: expect.any(String) });
    const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
    const high = await bytesOf(await fetch(`${t.baseUrl}${audio.high}`));
    const saver = await bytesOf(await fetch(`${t.baseUrl}${audio.saver}`));
    expect(high.equals(saver)).toBe(false);
    const id = created.body.id;
    expect((await bytesOf(await fanApi.stream({ id }))).equals(high)).toBe(true);
    expect((await bytesOf(await fanApi.stream({ id, maxBitRate: 128 }))).equals(saver)).toBe(true);
    expect((await bytesOf(await fanApi.stream({ id, maxBitRate: 320 }))).equals(high)).toBe(true);
    const raw = await fanApi.stream({ id, format: 'raw' });
    expect(raw.headers.get('content-type')).toBe('audio/wav');
    expect((await bytesOf(raw)).equals(wav)).toBe(true);
  });

  it('stars are likes, scrobbles are listens counted once, as in the web API', async () => {
    const id = track(1).id;
    expect((await fanApi.star({ id })).status).toBe('ok');
    expect((await fan.json<{ ids: string[] }>('GET', '/api/me/liked-ids')).body.ids).toEqual([id]);
    const { starred2 } = await fanApi.getStarred2();
    expect((starred2.song ?? []).map((s) => s.id)).toEqual([id]);
    expect((await fanApi.star({ albumId: releaseId })).status).toBe('ok');
    expect(((await fanApi.getStarred2()).starred2.album ?? []).map((a) => a.id)).toEqual([releaseId]);
    expect((await fanApi.unstar({ id })).status).toBe('ok');
    expect((await fan.json<{ ids: string[] }>('GET', '/api/me/liked-ids')).body.ids).toEqual([]);

    const before = await listens(id);
    expect((await fanApi.scrobble({ id, submission: true })).status).toBe('ok');
    expect((await fanApi.scrobble({ id, submission: true })).status).toBe('ok');
    expect(await listens(id)).toBe(before + 1);
    // "Now playing" (submission=false) counts nothing.
    expect((await fanApi.scrobble({ id: track(2).id, submission: false })).status).toBe('ok');
    expect(await listens(track(2).id)).toBe(0);
    expect(await fanApi.scrobble({ id: track(3).id })).toMatchObject({ status: 'failed', error: { code: 70 } });
    // The listening history the web app shows has it.
    const history = await fan.json<{ items: Array<{ track: { id: string } }> }>('GET', '/api/me/history');
    expect(history.body.items.map((h) => h.track.id)).toContain(id);
    // A rating is accepted (and not kept: Platter rates by likes).
    expect((await fanApi.setRating({ id, rating: 4 })).status).toBe('ok');
  });

  it('syncs a playlist both ways with the web API, over GET and POST forms', async () => {
    const postApi = apiFor({ apiKey: fanKey }, true);
    const { playlist } = await postApi.createPlaylist({ name: 'Night drive', songId: [track(0).id, track(2).id] });
    expect((playlist.entry ?? []).map((e) => e.id)).toEqual([track(0).id, track(2).id]);
    const web = await fan.json<{ entries: Array<{ track: { id: string } }> }>('GET', `/api/playlists/${playlist.id}`);
    expect(web.body.entries.map((e) => e.track.id)).toEqual([track(0).id, track(2).id]);
    expect((await fanApi.updatePlaylist({ playlistId: playlist.id, name: 'Night drive II', songIdToAdd: [track(1).id], songIndexToRemove: [0] })).status).toBe('ok');
    const { playlists } = await fanApi.getPlaylists();
    expect(playlists.playlist?.map((p) => [p.name, p.songCount])).toEqual([['Night drive II', 2]]);
    const { playlist: again } = await fanApi.getPlaylist({ id: playlist.id });
    expect((again.entry ?? []).map((e) => e.id)).toEqual([track(2).id, track(1).id]);
    // A private track cannot be added; someone else's playlist cannot be changed.
    expect(await fanApi.updatePlaylist({ playlistId: playlist.id, songIdToAdd: [track(3).id] })).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(await apiFor({ apiKey: artistKey }).deletePlaylist({ id: playlist.id })).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect((await fanApi.createPlaylist({ playlistId: playlist.id, songId: [track(1).id] })).playlist.entry?.map((e) => e.id)).toEqual([track(1).id]);
    expect((await fanApi.deletePlaylist({ id: playlist.id })).status).toBe('ok');
    expect((await fan.json('GET', `/api/playlists/${playlist.id}`)).status).toBe(404);
  });

  it('saves and returns the play queue, and serves the artist’s synced lyrics (none when there are none)', async () => {
    // No saved queue yet: an empty one (OpenSubsonic requires playQueue), changed at the epoch.
    expect((await fanApi.getPlayQueue()).playQueue).toMatchObject({ username: fanEmail, changed: '1970-01-01T00:00:00.000Z', entry: [] });
    expect((await fanApi.savePlayQueue({ id: [track(0).id, track(1).id], current: track(1).id, position: 42_000 })).status).toBe('ok');
    const { playQueue } = await fanApi.getPlayQueue();
    expect(playQueue).toMatchObject({ current: track(1).id, position: 42_000, changedBy: 'subsonic-api', username: fanEmail });
    expect(playQueue?.entry?.map((e) => e.id)).toEqual([track(0).id, track(1).id]);
    expect(await fanApi.savePlayQueue({ id: [track(0).id], current: track(2).id, position: 1 })).toMatchObject({ status: 'failed', error: { code: 0 } });
    expect((await fanApi.getLyricsBySongId({ id: track(0).id })).lyricsList).toEqual({ structuredLyrics: [] });
    expect((await artist.json('PUT', `/api/tracks/${track(0).id}/lyrics`, { text: '[00:01.50]First line\n[00:03.00]Second line', lang: 'en' })).status).toBe(200);
    // The library types lyricsList as an array; the answer (as OpenSubsonic documents it) is { structuredLyrics: [...] }.
    const structured = ((await fanApi.getLyricsBySongId({ id: track(0).id })).lyricsList as unknown as { structuredLyrics: unknown[] }).structuredLyrics;
    expect(structured).toMatchObject([{ lang: 'en', synced: true, line: [{ start: 1500, value: 'First line' }, { start: 3000, value: 'Second line' }] }]);
  });

  it('shows what the listener plays now on their other apps and devices (announced by scrobble, or a queue saved lately), never another listener’s', async () => {
    const artistApi = apiFor({ apiKey: artistKey });
    type Entry = { id: string; username: string; playerName?: string; minutesAgo: number; playerId: number };
    const entries = async (api: SubsonicAPI) => ((await api.getNowPlaying()).nowPlaying.entry ?? []) as unknown as Entry[];
    const { db } = t.context.database;
    await db.deleteFrom('play_queues').execute();
    await db.deleteFrom('now_playing').execute();
    expect(await entries(fanApi)).toEqual([]);
    // The fan's app announces a track (subsonic-api sends c=subsonic-api): the fan sees it; the artist does not.
    expect((await fanApi.scrobble({ id: track(2).id, submission: false })).status).toBe('ok');
    expect(await entries(fanApi)).toEqual([expect.objectContaining({ id: track(2).id, username: fanEmail, playerName: 'subsonic-api', minutesAgo: 0, playerId: expect.any(Number) })]);
    expect(await entries(artistApi)).toEqual([]);
    // The artist plays their private demo: they see it, the fan does not.
    expect((await artistApi.scrobble({ id: track(3).id, submission: false })).status).toBe('ok');
    expect((await entries(artistApi)).map((e) => e.id)).toEqual([track(3).id]);
    expect((await entries(fanApi)).map((e) => e.id)).toEqual([track(2).id]);
    // A play queue saved lately counts from its current track (the web player saves one while playing).
    expect((await fanApi.savePlayQueue({ id: [track(0).id, track(1).id], current: track(1).id, position: 0 })).status).toBe('ok');
    expect((await entries(fanApi)).map((e) => e.id).sort()).toEqual([track(1).id, track(2).id].sort());
    expect((await entries(artistApi)).map((e) => e.id)).toEqual([track(3).id]);
    // Plays that ended (older than the track's length plus a minute) drop out.
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await db.updateTable('now_playing').set({ updated_at: old }).execute();
    await db.updateTable('play_queues').set({ updated_at: old }).execute();
    expect(await entries(fanApi)).toEqual([]);
    await db.deleteFrom('play_queues').execute();
  });

  it('access: every method needs Subsonic credentials (a session cookie is not one), and private tracks are the owner’s and admins’', async () => {
    const revoked = await credential(fan, 'apiKey', 'Old phone');
    expect((await fan.json('DELETE', `/api/me/subsonic-credentials/${revoked.id}`)).status).toBe(204);
    const id = track(3).id;
    // OpenSubsonic: getOpenSubsonicExtensions "must be publicly accessible" (a client asks before it signs in), and says nothing of anyone.
    for (const format of ['json', 'xml']) {
      const open = await raw('getOpenSubsonicExtensions', { f: format, v: '1.16.1', c: 'probe' });
      expect(open.text, format).toContain(format === 'json' ? '"status":"ok"' : 'status="ok"');
      expect(open.text, format).toContain('songLyrics');
    }
    for (const method of METHODS) {
      const params = { id, f: 'json' };
      const nobody = JSON.parse((await raw(method, params)).text)['subsonic-response'];
      expect(nobody, method).toMatchObject({ status: 'failed', error: { code: 10 } });
      // The fan's session cookie, from Platter's own origin, counts for nothing here.
      const cookie = await fan.request('GET', `/rest/${method}?${new URLSearchParams(params)}`);
      expect(JSON.parse(await cookie.text())['subsonic-response'], method).toMatchObject({ status: 'failed', error: { code: 10 } });
      const old = JSON.parse((await raw(method, { ...params, apiKey: revoked.secret })).text)['subsonic-response'];
      expect(old, method).toMatchObject({ status: 'failed', error: { code: 44 } });
    }
    // A form POST from a Subsonic app has no Origin: it is still checked by its credentials alone.
    const form = await fetch(`${t.baseUrl}/rest/getSong.view`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ id, f: 'json' }) });
    expect(JSON.parse(await form.text())['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 10 } });

    const admin = new Client(t.baseUrl);
    await admin.signUp('Admin', ADMIN_EMAIL);
    const adminApi = apiFor({ apiKey: (await credential(admin, 'apiKey', 'Admin phone')).secret });
    expect((await adminApi.getSong({ id })).song.title).toBe('Secret Demo');
    expect(await fanApi.getSong({ id })).toMatchObject({ status: 'failed', error: { code: 70 } });
    // Nobody reads another's user record but an admin.
    expect(await fanApi.getUser({ username: ADMIN_EMAIL })).toMatchObject({ status: 'failed', error: { code: 50 } });
  });

  it('answers bad input with a Subsonic error in a 200, never a server error', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['getAlbumList2', { type: 'nonsense' }],
      ['getAlbumList2', { type: 'newest', size: '-4' }],
      ['getAlbumList2', { type: 'byGenre' }],
      ['getSong', { id: 'x'.repeat(5000) }],
      ['getSong', {}],
      ['getArtist', { id: 'nope' }],
      ['getCoverArt', { id: 'tr-nope' }],
      ['scrobble', { id: track(0).id, time: 'yesterday' }],
      ['updatePlaylist', { playlistId: 'nope' }],
      ['createPlaylist', { name: '' }],
      ['noSuchMethod', {}],
      ['getUser', { username: 'someone-else@example.com' }],
    ];
    for (const [method, params] of cases) {
      const answer = await raw(method, { ...params, apiKey: fanKey, f: 'json' });
      expect(answer.status, method).toBe(200);
      const body = JSON.parse(answer.text)['subsonic-response'];
      expect(body.status, method).toBe('failed');
      expect(body.error.message, method).toMatch(/\w{3,}/);
    }
    const nul = await fetch(`${t.baseUrl}/rest/getSong?apiKey=${fanKey}&id=a%00b`);
    expect(nul.status).toBeLessThan(500);
  });

  it('pages through every album by name, by artist and by year (releases and singles merged, hidden ones left out)', async () => {
    const single = (await uploadTrack(fan, await makeMp3(1), { title: 'Aardvark Song', genre: 'Pop' })) as unknown as Track;
    const list = async (params: Record<string, string | number>) =>
      ((await fanApi.getAlbumList2(params as unknown as Parameters<SubsonicAPI['getAlbumList2']>[0])).albumList2.album ?? []).map((a) => `${a.artist} – ${a.name}`);
    const byName = await list({ type: 'alphabeticalByName', size: 500 });
    expect(byName.slice(0, 3)).toEqual(['Fan – Aardvark Song', 'Ночная Смена – First EP', 'Ночная Смена – Lonely Single']);
    expect(byName.join()).not.toContain('Secret Demo');
    expect(byName.map((n) => n.split(' – ')[1]?.toLowerCase())).toEqual(byName.map((n) => n.split(' – ')[1]?.toLowerCase()).sort());
    // Page by page gives the same list.
    const paged: string[] = [];
    for (let offset = 0; offset < byName.length; offset += 2) paged.push(...(await list({ type: 'alphabeticalByName', size: 2, offset })));
    expect(paged).toEqual(byName);
    const byArtist = await list({ type: 'alphabeticalByArtist', size: 500 });
    expect(byArtist[0]).toBe('Fan – Aardvark Song');
    expect(byArtist.slice(1, 3)).toEqual(['Ночная Смена – First EP', 'Ночная Смена – Lonely Single']);
    expect([...byArtist].sort()).toEqual([...byName].sort());
    // A release by its release date, a single by its upload: all of this year, none next year; fromYear > toYear is newest first.
    const year = new Date().getUTCFullYear();
    const thisYear = await list({ type: 'byYear', fromYear: year, toYear: year, size: 500 });
    expect([...thisYear].sort()).toEqual([...byName].sort());
    expect(await list({ type: 'byYear', fromYear: year + 1, toYear: year + 5 })).toEqual([]);
    const newestFirst = await list({ type: 'byYear', fromYear: year, toYear: 1990, size: 500 });
    expect(newestFirst[0]).toBe('Fan – Aardvark Song');
    expect(newestFirst).toEqual([...(await list({ type: 'byYear', fromYear: 1990, toYear: year, size: 500 }))].reverse());
    // Made private, it leaves every list.
    expect((await fan.json('PATCH', `/api/tracks/${single.id}/visibility`, { visibility: 'private' })).status).toBe(200);
    expect((await list({ type: 'alphabeticalByName', size: 500 })).join()).not.toContain('Aardvark');
    expect((await list({ type: 'alphabeticalByArtist', size: 500 })).join()).not.toContain('Aardvark');
    expect(await raw('getAlbumList2', { type: 'newest', offset: '20000', apiKey: fanKey, f: 'json' })).toMatchObject({ text: expect.stringContaining('"status":"failed"') });
    expect(await raw('getAlbumList2', { type: 'alphabeticalByName', offset: '20000', apiKey: fanKey, f: 'json' })).toMatchObject({ text: expect.stringContaining('"album":[]') });
  });

  it('checks JSON against the OpenSubsonic schemas strictly enough to catch a wrong answer', async () => {
    const good = JSON.parse((await raw('getAlbumList2', { type: 'newest', apiKey: fanKey, f: 'json' })).text);
    expect(good['subsonic-response'].albumList2.album.length).toBeGreaterThan(0);
    expect(openSubsonicErrors('getAlbumList2', good)).toEqual([]);
    const album = good['subsonic-response'].albumList2.album[0];
    // A missing required field, a number as text, a date that is not one, a failure without its error.
    const wrong = [
      { ...good['subsonic-response'], albumList2: { album: [{ ...album, songCount: undefined }] } },
      { ...good['subsonic-response'], albumList2: { album: [{ ...album, duration: String(album.duration) }] } },
      { ...good['subsonic-response'], albumList2: { album: [{ ...album, created: 'yesterday' }] } },
      { ...good['subsonic-response'], openSubsonic: undefined },
      { ...good['subsonic-response'], albumList2: undefined },
      { ...good['subsonic-response'], status: 'failed', albumList2: undefined },
    ];
    for (const body of wrong) expect(openSubsonicErrors('getAlbumList2', JSON.parse(JSON.stringify({ 'subsonic-response': body }))), JSON.stringify(body).slice(0, 300)).not.toEqual([]);
  });

  it('backs off after wrong credentials like the web sign-in: 5 per account, then per address, with a 429', async () => {
    // An app of its own: the per-address lock would otherwise stop this file's other requests.
    const own = await startTestApp();
    try {
      const user = new Client(own.baseUrl);
      const email = `locked-${Math.random().toString(36).slice(2)}@example.com`;
      await user.signUp('Locked', email);
      const made = await user.json<Created>('POST', '/api/me/subsonic-credentials', { kind: 'appPassword', name: 'DSub' });
      const key = (await user.json<Created>('POST', '/api/me/subsonic-credentials', { kind: 'apiKey', name: 'Symfonium' })).body.secret;
      const call = async (params: Record<string, string>) => {
        const response = await fetch(`${own.baseUrl}/rest/ping?${new URLSearchParams({ ...params, f: 'json' })}`);
        const document = (await response.json()) as { 'subsonic-response': { status: string; error: { code: number } } };
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: document['subsonic-response'] };
      };
      // A right password clears the count, as a web sign-in does.
      for (let i = 0; i < 4; i++) expect((await call({ u: email, p: 'wrong-password' })).body.error.code).toBe(40);
      expect((await call({ u: email, p: made.body.secret })).body.status).toBe('ok');
      for (let i = 0; i < 5; i++) expect((await call({ u: email, p: 'wrong-password' })).body.error.code).toBe(40);
      const locked = await call({ u: email, p: made.body.secret });
      expect(locked).toMatchObject({ status: 429, body: { status: 'failed', error: { code: 0, message: expect.stringMatching(/Too many failed sign-ins/) } } });
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
      expect(openSubsonicErrors('ping', { 'subsonic-response': locked.body })).toEqual([]);
      // The account's API key still works (the lock is of `u`), until the address has failed too often.
      expect((await call({ apiKey: key })).body.status).toBe('ok');
      for (let i = 9; i < 100; i++) expect((await call({ apiKey: `plk_guess-${i}` })).body.error.code, `guess ${i}`).toBe(44);
      expect((await call({ apiKey: key })).status).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('answers XML that validates against the published Subsonic 1.16.1 XSD', async () => {
    const checks: Array<[string, Record<string, string | string[]>]> = [
      ['ping', {}],
      ['getLicense', {}],
      ['getMusicFolders', {}],
      ['getIndexes', {}],
      ['getArtists', {}],
      ['getArtist', { id: artistId }],
      ['getArtistInfo2', { id: artistId }],
      ['getAlbum', { id: releaseId }],
      ['getAlbum', { id: `t-${track(2).id}` }],
      ['getSong', { id: track(0).id }],
      ['getAlbumList2', { type: 'newest' }],
      ['getAlbumList2', { type: 'random' }],
      ['getAlbumList2', { type: 'alphabeticalByArtist' }],
      ['getAlbumList2', { type: 'byYear', fromYear: '2000', toYear: '2100' }],
      ['getRandomSongs', {}],
      ['getSongsByGenre', { genre: 'Phonk' }],
      ['getGenres', {}],
      ['search3', { query: 'o' }],
      ['search3', { query: '' }],
      ['getTopSongs', { artist: 'Ночная Смена' }],
      ['getSimilarSongs2', { id: artistId }],
      ['getUser', { username: fanEmail }],
      ['getNowPlaying', {}],
      ['getPlayQueue', {}],
      ['getArtistInfo', { id: artistId }],
      ['getAlbumList2', { type: 'alphabeticalByName' }],
      ['getAlbumList2', { type: 'frequent' }],
      ['getAlbumList2', { type: 'highest' }],
      ['getAlbumList2', { type: 'recent' }],
      ['getAlbumList2', { type: 'starred' }],
      ['getAlbumList2', { type: 'byGenre', genre: 'Phonk' }],
      ['getStarred2', {}],
      ['getPlaylists', {}],
      ['getLyrics', { artist: 'Ночная Смена', title: 'Intro' }],
      ['getSong', { id: 'missing' }],
    ];
    const { playlist } = await fanApi.createPlaylist({ name: 'For the schema', songId: [track(0).id] });
    // A biography, so getArtistInfo2 has its elements.
    expect((await artist.json('PATCH', '/api/me/profile', { bio: 'Synths & "night" drives' })).status).toBe(200);
    checks.push(['getPlaylist', { id: playlist.id }]);
    // OpenSubsonic's own methods, newer than the XSD: JSON only (checked by raw()).
    for (const method of ['getOpenSubsonicExtensions', 'getLyricsBySongId']) expect((await raw(method, { id: track(0).id, apiKey: fanKey, f: 'json' })).text, method).toContain('"status":"ok"');
    for (const [i, [method, params]] of checks.entries()) {
      // The same answer in JSON, checked against the OpenSubsonic schemas by raw() (afterEach reports).
      expect((await raw(method, { ...params, apiKey: fanKey, f: 'json' })).type, method).toContain('application/json');
      const answer = await raw(method, { ...params, apiKey: fanKey });
      expect(answer.type, method).toContain('xml');
      // The OpenSubsonic root attributes (type, serverVersion, openSubsonic) postdate the 1.16.1
      // schema, which allows no others: they are checked here, then taken off for xmllint.
      expect(answer.text, method).toMatch(/<subsonic-response xmlns="http:\/\/subsonic.org\/restapi" status="(ok|failed)" version="1.16.1" type="platter" serverVersion="[^"]+" openSubsonic="true"/);
      // OpenSubsonic made ids strings (its PlayQueue.current is a string); the 1.16.1 XSD still
      // types playQueue's `current` as an int, so that one attribute is swapped for one before xmllint.
      const classic = answer.text.replace(/ type="platter" serverVersion="[^"]+" openSubsonic="true"/, '').replace(/(<playQueue[^>]* current=")[^"]+"/, '$10"');
      const file = path.join(scratch, `${i}-${method}.xml`);
      fs.writeFileSync(file, classic);
      const result = await run('xmllint', ['--noout', '--schema', XSD, file]).then(
        () => 'valid',
        (error: { stderr?: string }) => error.stderr ?? String(error),
      );
      expect(result, `${method} ${JSON.stringify(params)}: ${classic.slice(0, 400)}`).toBe('valid');
    }
  });
});
