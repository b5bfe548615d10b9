import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { openSubsonicErrors } from './support/opensubsonic-schema.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'subsonic-rest-api-1.16.1.xsd');
const run = promisify(execFile);

type Created = { id: string; secret: string };
type Answer = { status: number; headers: Headers; text: string; body: Record<string, unknown> };

/** Another origin: a web Subsonic client served from its own site (Feishin, Aonsoku, Airsonic Refix…). */
const CLIENT_ORIGIN = 'http://127.0.0.1:8419';

/**
 * /rest for web Subsonic clients, over real HTTP: readable from any origin (CORS with no
 * credentials, preflights, a cross-origin Cross-Origin-Resource-Policy on every answer, covers and
 * streams included), every method by any HTTP method, unknown methods as Subsonic errors, and the
 * endpoints such clients call (getAlbumInfo2, getInternetRadioStations, getScanStatus, getCoverArt
 * by an artist's id, getLyrics of one's own private track, scrobble of it, dummy sign-in pings).
 */
describe(`/rest for web Subsonic clients from another origin (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let artistEmail: string;
  let artistId: string;
  let appPassword: string;
  let fanKey: string;
  let releaseId: string;
  const trackIds: string[] = [];
  let schemaErrors: string[] = [];
  afterEach(() => {
    const errors = schemaErrors;
    schemaErrors = [];
    expect(errors).toEqual([]);
  });

  /** Token auth as web clients sign in: t = md5(app password + salt), s = the salt. */
  const tokenAuth = (email: string, password: string) => {
    const s = randomBytes(6).toString('hex');
    return { u: email, t: createHash('md5').update(password + s).digest('hex'), s, v: '1.16.1', c: 'web-test' };
  };
  /** One request to /rest/<method> as a browser page of CLIENT_ORIGIN sends it (its Origin header). */
  const call = async (method: string, params: Record<string, string | string[]>, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
    const response = await fetch(`${t.baseUrl}/rest/${method}?${query}`, { method: init.method ?? 'GET', headers: { origin: CLIENT_ORIGIN, ...init.headers }, body: init.body });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    if (response.headers.get('content-type')?.includes('application/json')) {
      const document = JSON.parse(text) as { 'subsonic-response': Record<string, unknown> };
      schemaErrors.push(...openSubsonicErrors(method, document).map((e) => `${method}: ${e}`));
      body = document['subsonic-response'];
    }
    return { status: response.status, headers: response.headers, text, body };
  };
  const asArtist = () => ({ ...tokenAuth(artistEmail, appPassword), f: 'json' });
  const asFan = () => ({ apiKey: fanKey, f: 'json' });

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    artistEmail = `web-client-${Math.random().toString(36).slice(2)}@example.com`;
    artistId = (await artist.signUp('Сияние', artistEmail)).id;
    const mp3 = await makeMp3(2);
    for (const title of ['Open Song', 'Second Song', 'Private Demo']) trackIds.push((await uploadTrack(artist, mp3, { title, genre: 'Phonk' })).id);
    const release = await artist.json<{ id: string }>('POST', '/api/releases', { title: 'Cross EP', type: 'ep', releaseDate: '2026-11-20', trackIds: [trackIds[0], trackIds[1]], description: 'Recorded on a night train.' });
    expect(release.status).toBe(201);
    releaseId = release.body.id;
    const png = new Uint8Array(await makePng(40, 30));
    expect((await artist.request('PUT', `/api/releases/${releaseId}/cover`, { body: png, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    expect((await artist.request('PUT', '/api/me/images/avatar', { body: png, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    expect((await artist.json('PATCH', `/api/tracks/${trackIds[2]}/visibility`, { visibility: 'private' })).status).toBe(200);
    expect((await artist.json('PUT', `/api/tracks/${trackIds[2]}/lyrics`, { text: 'Only mine\nStill mine', lang: 'en' })).status).toBe(200);
    appPassword = (await artist.json<Created>('POST', '/api/me/subsonic-credentials', { kind: 'appPassword', name: 'Web client' })).body.secret;
    const fan = new Client(t.baseUrl);
    await fan.signUp('Fan');
    fanKey = (await fan.json<Created>('POST', '/api/me/subsonic-credentials', { kind: 'apiKey', name: 'Feishin' })).body.secret;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a preflight with 204: any origin, every method, the headers asked for; no credentials', async () => {
    for (const path of ['ping.view', 'deletePlaylist', 'noSuchMethod.view']) {
      const response = await fetch(`${t.baseUrl}/rest/${path}?u=dummy&p=dummy`, {
        method: 'OPTIONS',
        headers: { origin: CLIENT_ORIGIN, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'content-type, x-requested-with' },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')?.split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']));
      expect(response.headers.get('access-control-allow-headers')).toBe('content-type, x-requested-with');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(await response.text()).toBe('');
    }
    // Nonsense in the asked-for headers is not echoed.
    const odd = await fetch(`${t.baseUrl}/rest/ping`, { method: 'OPTIONS', headers: { origin: CLIENT_ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'a b; c' } });
    expect(odd.headers.get('access-control-allow-headers')).toBe('Content-Type, Range');
  });

  it('lets any origin read every answer, errors and refusals included; the rest of the app keeps its same-origin headers', async () => {
    const ok = await call('ping', asArtist());
    expect(ok.body.status).toBe('ok');
    const wrong = await call('ping', { ...tokenAuth(artistEmail, 'not-the-password'), f: 'json' });
    expect(wrong.body).toMatchObject({ status: 'failed', error: { code: 40 } });
    const missing = await call('getAlbum', asFan());
    expect(missing.body).toMatchObject({ status: 'failed', error: { code: 10 } });
    // Refused by the request guard before any route (a NUL in the address): still readable, so the client can show why.
    const refused = await fetch(`${t.baseUrl}/rest/ping?u=%00`, { headers: { origin: CLIENT_ORIGIN } });
    expect(refused.status).toBe(400);
    // A method name that is no UTF-8, which Fastify refuses before any hook.
    const unreadable = await fetch(`${t.baseUrl}/rest/ping%E0%A4%A.view`, { headers: { origin: CLIENT_ORIGIN } });
    expect(unreadable.status).toBe(400);
    for (const answer of [ok, wrong, missing, { headers: refused.headers }, { headers: unreadable.headers }]) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
    // Every other part of Platter: no CORS, same-origin resources, preflights not answered.
    const api = await fetch(`${t.baseUrl}/api/health`, { headers: { origin: CLIENT_ORIGIN } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const apiPreflight = await fetch(`${t.baseUrl}/api/me`, { method: 'OPTIONS', headers: { origin: CLIENT_ORIGIN, 'access-control-request-method': 'DELETE' } });
    expect(apiPreflight.headers.get('access-control-allow-origin')).toBeNull();
    // A path that merely starts with "rest" is not the Subsonic API.
    const lookalike = await fetch(`${t.baseUrl}/restore`, { headers: { origin: CLIENT_ORIGIN } });
    expect(lookalike.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves streams and covers with a cross-origin Cross-Origin-Resource-Policy, so another site’s <audio> and <img> load them', async () => {
    const stream = await call('stream', asArtist());
    expect(stream.body).toMatchObject({ status: 'failed', error: { code: 10 } });
    const response = await fetch(`${t.baseUrl}/rest/stream.view?${new URLSearchParams({ ...asFan(), id: trackIds[0] as string })}`, { headers: { origin: CLIENT_ORIGIN, range: 'bytes=0-99' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toMatch(/^audio\//);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
    for (const id of [`al-${releaseId}`, releaseId, `ar-${artistId}`, artistId, trackIds[0] as string]) {
      const cover = await fetch(`${t.baseUrl}/rest/getCoverArt?${new URLSearchParams({ ...asFan(), id })}`, { headers: { origin: CLIENT_ORIGIN } });
      expect(cover.status, id).toBe(200);
      expect(cover.headers.get('content-type'), id).toMatch(/^image\//);
      expect(cover.headers.get('cross-origin-resource-policy'), id).toBe('cross-origin');
      await cover.arrayBuffer();
    }
  });

  it('gives an artist’s image by the artist’s own id, and still no cover of a track others may not see', async () => {
    const byArtistId = await fetch(`${t.baseUrl}/rest/getCoverArt?${new URLSearchParams({ ...asFan(), id: artistId, size: '16' })}`);
    expect(byArtistId.headers.get('content-type')).toMatch(/^image\//);
    const byPrefixed = await fetch(`${t.baseUrl}/rest/getCoverArt?${new URLSearchParams({ ...asFan(), id: `ar-${artistId}`, size: '16' })}`);
    expect(Buffer.from(await byArtistId.arrayBuffer()).equals(Buffer.from(await byPrefixed.arrayBuffer()))).toBe(true);
    // The private track has the release's cover? No: it has none, and the fan may not see it anyway.
    expect((await call('getCoverArt', { ...asFan(), id: trackIds[2] as string })).body).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect((await call('getCoverArt', { ...asFan(), id: 'no-such-id' })).body).toMatchObject({ status: 'failed', error: { code: 70 } });
  });

  it('answers every method by any HTTP method: a DELETE deletePlaylist really deletes, a PUT createPlaylist creates', async () => {
    const made = await call('createPlaylist', { ...asArtist(), name: 'Made with PUT', songId: trackIds[0] as string }, { method: 'PUT' });
    expect(made.body).toMatchObject({ status: 'ok', playlist: { name: 'Made with PUT', songCount: 1 } });
    const id = (made.body.playlist as { id: string }).id;
    const deleted = await call('deletePlaylist', { ...asArtist(), id }, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.status).toBe('ok');
    expect(deleted.headers.get('access-control-allow-origin')).toBe('*');
    expect((await call('getPlaylist', { ...asArtist(), id })).body).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect((await artist.json('GET', `/api/playlists/${id}`)).status).toBe(404);
    // A form body with DELETE (formPost's way, any method), and .view.
    const second = (await call('createPlaylist', { ...asArtist(), name: 'Second' }, { method: 'POST' })).body.playlist as { id: string };
    const form = new URLSearchParams({ ...tokenAuth(artistEmail, appPassword), id: second.id }).toString();
    const viaForm = await call('deletePlaylist.view', {}, { method: 'DELETE', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(viaForm.text).toContain('status="ok"');
    expect((await artist.json('GET', `/api/playlists/${second.id}`)).status).toBe(404);
    // PATCH and HEAD reach the same methods.
    expect((await call('ping', asArtist(), { method: 'PATCH' })).body.status).toBe('ok');
    const head = await fetch(`${t.baseUrl}/rest/ping.view?${new URLSearchParams(asArtist())}`, { method: 'HEAD', headers: { origin: CLIENT_ORIGIN } });
    expect(head.status).toBe(200);
    expect(head.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a method Platter does not have with a Subsonic error in a 200 (JSON or XML), by any HTTP method, never a 404', async () => {
    for (const httpMethod of ['GET', 'POST', 'DELETE', 'PUT']) {
      const json = await call('getSomethingNew', asFan(), { method: httpMethod });
      expect(json.status, httpMethod).toBe(200);
      expect(json.body, httpMethod).toMatchObject({ status: 'failed', error: { code: 0, message: expect.stringContaining('getSomethingNew') } });
      expect(json.headers.get('access-control-allow-origin')).toBe('*');
    }
    const xml = await call('getSomethingNew.view', { apiKey: fanKey });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/text\/xml/);
    expect(xml.text).toMatch(/<subsonic-response [^>]*status="failed"[^>]*>\s*<error code="0" message="[^"]*getSomethingNew/);
  });

  it('answers getAlbumInfo2 from the release (its description and cover, a link to its page), getInternetRadioStations empty, getScanStatus not scanning', async () => {
    const info = await call('getAlbumInfo2', { ...asFan(), id: releaseId });
    const albumInfo = info.body.albumInfo as Record<string, string>;
    expect(albumInfo.notes).toContain('Recorded on a night train.');
    expect(albumInfo.notes).toContain(`${t.baseUrl}/release/${releaseId}`);
    expect(albumInfo.largeImageUrl).toMatch(new RegExp(`^${t.baseUrl}/media/`));
    const image = await fetch(albumInfo.largeImageUrl as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    await image.arrayBuffer();
    expect((await call('getAlbumInfo', { ...asFan(), id: releaseId })).body.albumInfo).toEqual(albumInfo);
    // A track's own single: its page; nothing of a track the caller may not see.
    const single = await call('getAlbumInfo2', { ...asArtist(), id: `t-${trackIds[2]}` });
    expect((single.body.albumInfo as Record<string, string>).notes).toBe(`${t.baseUrl}/track/${trackIds[2]}`);
    expect((await call('getAlbumInfo2', { ...asFan(), id: `t-${trackIds[2]}` })).body).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect((await call('getAlbumInfo2', { ...asFan(), id: 'no-such-release' })).body).toMatchObject({ status: 'failed', error: { code: 70 } });
    const xml = await call('getAlbumInfo2', { apiKey: fanKey, id: releaseId });
    expect(xml.text).toMatch(/<albumInfo><notes>Recorded on a night train\./);

    expect((await call('getInternetRadioStations', asFan())).body).toMatchObject({ status: 'ok', internetRadioStations: {} });
    expect(((await call('getInternetRadioStations', asFan())).body.internetRadioStations as { internetRadioStation?: unknown[] }).internetRadioStation ?? []).toEqual([]);
    // The library: the two public tracks (the private one is not everyone's).
    expect((await call('getScanStatus', asFan())).body).toMatchObject({ status: 'ok', scanStatus: { scanning: false, count: 2 } });
    // startScan (Aonsoku, Supersonic, Tempo, Substreamer, DSub): nothing to scan, said the same way.
    expect((await call('startScan', asFan())).body).toMatchObject({ status: 'ok', scanStatus: { scanning: false, count: 2 } });
  });

  it('finds the lyrics of the caller’s own private track by artist and title; others find nothing', async () => {
    const mine = await call('getLyrics', { ...asArtist(), artist: 'сияние', title: 'private demo' });
    expect(mine.body.lyrics).toMatchObject({ artist: 'Сияние', title: 'Private Demo', value: 'Only mine\nStill mine' });
    expect((await call('getLyricsBySongId', { ...asArtist(), id: trackIds[2] as string })).body.lyricsList).toMatchObject({ structuredLyrics: [{ line: [{ value: 'Only mine' }, { value: 'Still mine' }] }] });
    expect((await call('getLyrics', { ...asFan(), artist: 'Сияние', title: 'Private Demo' })).body.lyrics).toEqual({ value: '' });
  });

  it('takes a scrobble of the caller’s own private track without counting it (private tracks count no listens); another’s is still not found', async () => {
    const listensOf = async (id: string) => (await artist.json<{ listens: number }>('GET', `/api/tracks/${id}`)).body.listens;
    expect((await call('scrobble', { ...asArtist(), id: trackIds[2] as string, submission: 'true' })).body.status).toBe('ok');
    expect((await call('scrobble', { ...asArtist(), id: trackIds[2] as string, submission: 'false' })).body.status).toBe('ok');
    expect(await listensOf(trackIds[2] as string)).toBe(0);
    expect((await call('scrobble', { ...asFan(), id: trackIds[2] as string })).body).toMatchObject({ status: 'failed', error: { code: 70 } });
    // A public track still counts.
    expect((await call('scrobble', { ...asArtist(), id: trackIds[1] as string })).body.status).toBe('ok');
    expect(await listensOf(trackIds[1] as string)).toBe(1);
  });

  it('refuses a placeholder sign-in (u=dummy) without counting it: many never lock the address, real failures still do', async () => {
    // An app of its own: this test fills its address's failure count.
    const own = await startTestApp();
    try {
      const user = new Client(own.baseUrl);
      const email = `dummy-${Math.random().toString(36).slice(2)}@example.com`;
      await user.signUp('Household', email);
      const password = (await user.json<Created>('POST', '/api/me/subsonic-credentials', { kind: 'appPassword', name: 'Web' })).body.secret;
      const ping = async (params: Record<string, string>) => {
        const response = await fetch(`${own.baseUrl}/rest/ping.view?${new URLSearchParams({ ...params, v: '1.16.1', c: 'web', f: 'json' })}`, { headers: { origin: CLIENT_ORIGIN } });
        return { status: response.status, body: ((await response.json()) as { 'subsonic-response': { status: string; error?: { code: number; message: string } } })['subsonic-response'] };
      };
      for (let i = 0; i < 120; i++) {
        const dummy = await ping({ u: 'dummy', p: 'dummy' });
        expect(dummy.status, `dummy ping ${i}`).toBe(200);
        expect(dummy.body.error).toMatchObject({ code: 40, message: expect.stringMatching(/e-mail address/) });
      }
      expect((await ping(tokenAuth(email, password))).body.status).toBe('ok');
      // Guessing against a real account is still limited: 5 per account…
      for (let i = 0; i < 5; i++) expect((await ping({ u: email, p: `guess-${i}` })).body.error?.code).toBe(40);
      expect((await ping(tokenAuth(email, password))).status).toBe(429);
      // …and 100 per address (an e-mail address with no account counts too: a 429 tells nothing of which exist).
      for (let i = 0; i < 95; i++) expect((await ping({ u: `nobody-${i}@example.com`, p: 'guess' })).body.error?.code, `guess ${i}`).toBe(40);
      expect((await ping({ u: 'someone-else@example.com', p: 'guess' })).status).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('answers the new methods in XML that validates against the published Subsonic 1.16.1 XSD', async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-subsonic-web-'));
    try {
      const checks: Array<[string, Record<string, string>]> = [
        ['getAlbumInfo2', { id: releaseId }],
        ['getAlbumInfo', { id: releaseId }],
        ['getInternetRadioStations', {}],
        ['getScanStatus', {}],
        ['getLyrics', { artist: 'Nobody', title: 'Nothing' }],
        ['noSuchMethod', {}],
      ];
      for (const [i, [method, params]] of checks.entries()) {
        const answer = await call(method, { ...params, apiKey: fanKey });
        // The OpenSubsonic root attributes postdate the 1.16.1 schema, which allows no others.
        const classic = answer.text.replace(/ type="platter" serverVersion="[^"]+" openSubsonic="true"/, '');
        const file = path.join(scratch, `${i}-${method}.xml`);
        fs.writeFileSync(file, classic);
        const result = await run('xmllint', ['--noout', '--schema', XSD, file]).then(
          () => 'valid',
          (error: { stderr?: string }) => error.stderr ?? String(error),
        );
        expect(result, `${method}: ${classic.slice(0, 400)}`).toBe('valid');
      }
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
