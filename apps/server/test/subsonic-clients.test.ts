import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { imageInfo, makePng } from './support/images.js';
import { openSubsonicErrors } from './support/opensubsonic-schema.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'subsonic-rest-api-1.16.1.xsd');
const run = promisify(execFile);

type Value = string | number | boolean | undefined | Array<string | number>;
type Params = Record<string, Value>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The `subsonic-response` of a JSON answer. */
  body: Body;
  bytes: Buffer;
}

/** Attribute maps of every `<name …>` element of an XML answer (enough for Subsonic's flat answers). */
function elements(xml: string, name: string): Array<Record<string, string>> {
  return [...xml.matchAll(new RegExp(`<${name}\\b([^>]*?)/?>`, 'g'))].map((match) => {
    const attributes: Record<string, string> = {};
    for (const [, key, value] of (match[1] ?? '').matchAll(/([\w:]+)="([^"]*)"/g)) attributes[key as string] = (value as string).replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    return attributes;
  });
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * One test per row of docs/subsonic.md: each endpoint called as the clients that use it call it
 * (read from their sources: Feishin, Aonsoku, Supersonic with go-subsonic, Tempo, DSub,
 * Substreamer), with their parameters, HTTP method, suffix, format and sign-in, and Platter's real
 * answer checked. JSON answers are also checked against the OpenSubsonic schemas (afterEach).
 */
describe(`Subsonic clients as they call /rest (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let fan: Client;
  let fanEmail: string;
  let artistEmail: string;
  let artistId: string;
  let fanPassword: string;
  let artistPassword: string;
  let fanKey: string;
  let releaseId: string;
  let mp3: Buffer;
  const tracks: Array<{ id: string; title: string }> = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-subsonic-clients-'));
  let schemaErrors: string[] = [];
  afterEach(() => {
    const errors = schemaErrors;
    schemaErrors = [];
    expect(errors).toEqual([]);
  });

  /** The sign-in part each client adds to every request. */
  const token = (password = fanPassword, user = fanEmail, salt = Math.random().toString(36).slice(2, 14)) => ({ u: user, t: md5(password + salt), s: salt });
  const clients = {
    // Feishin: `<method>.view`, f=json, v=1.13.0, c=Feishin, token (or p) from its stored credential.
    feishin: (auth: Params = token()) => ({ path: (m: string) => `${m}.view`, params: { c: 'Feishin', f: 'json', v: '1.13.0', ...auth } }),
    // Aonsoku: bare method names (ping.view for its probe), f=json, v from the server's ping, a token made once with a fixed salt.
    aonsoku: (auth: Params = token(fanPassword, fanEmail, 'aonsoku-salt')) => ({ path: (m: string) => m, params: { v: '1.16.1', c: 'Aonsoku', f: 'json', ...auth } }),
    // Supersonic (go-subsonic): bare names, f=xml, v=1.15.0, token with a random salt; POST forms once formPost is advertised.
    supersonic: (auth: Params = token()) => ({ path: (m: string) => m, params: { f: 'xml', v: '1.15.0', c: 'Supersonic', ...auth } }),
    // Tempo (Retrofit): bare names, f=json, token.
    tempo: (auth: Params = token()) => ({ path: (m: string) => m, params: { v: '1.16.1', c: 'Tempo', f: 'json', ...auth } }),
    // DSub: `<method>.view`, no f (XML), token, or p=enc:<hex> for servers it thinks too old.
    dsub: (auth: Params = token()) => ({ path: (m: string) => `${m}.view`, params: { v: '1.2.0', c: 'DSub', ...auth } }),
    // Substreamer (its subsonic-api module): `<method>.view`, f=json, v=1.15.0, c=substreamer8, token with a reused salt.
    substreamer: (auth: Params = token(fanPassword, fanEmail, 'reused-salt')) => ({ path: (m: string) => `${m}.view`, params: { v: '1.15.0', c: 'substreamer8', f: 'json', ...auth } }),
  };
  type ClientName = keyof typeof clients;

  /** One request as `client` makes it: GET with a query string, or (post) a form body. */
  const call = async (client: ClientName | { path: (m: string) => string; params: Params }, method: string, params: Params = {}, init: { post?: boolean; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const profile = typeof client === 'string' ? clients[client]() : client;
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...profile.params, ...params })) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
    }
    const url = `${t.baseUrl}/rest/${profile.path(method)}`;
    const response = init.post
      ? await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers }, body: form.toString() })
      : await fetch(`${url}?${form}`, { headers: init.headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let body: Body;
    if (response.headers.get('content-type')?.includes('application/json')) {
      const document = JSON.parse(text);
      schemaErrors.push(...openSubsonicErrors(method, document).map((e) => `${method}: ${e}`));
      body = document['subsonic-response'];
    }
    return { status: response.status, headers: response.headers, text, body, bytes };
  };
  const ok = (answer: Answer) => {
    expect(answer.body?.status, answer.text.slice(0, 300)).toBe('ok');
    return answer.body;
  };
  const xmlOk = (answer: Answer) => {
    expect(answer.headers.get('content-type')).toContain('xml');
    expect(answer.text, answer.text.slice(0, 300)).toMatch(/<subsonic-response [^>]*status="ok"/);
    return answer.text;
  };
  /** An XML answer against the Subsonic 1.16.1 XSD (the OpenSubsonic root attributes taken off first, as subsonic.test.ts does). */
  const validXml = async (name: string, xml: string) => {
    const file = path.join(scratch, `${name}.xml`);
    fs.writeFileSync(file, xml.replace(/ type="platter" serverVersion="[^"]+" openSubsonic="true"/, ''));
    const result = await run('xmllint', ['--noout', '--schema', XSD, file]).then(
      () => 'valid',
      (error: { stderr?: string }) => error.stderr ?? String(error),
    );
    expect(result, xml.slice(0, 400)).toBe('valid');
  };
  const listens = async (id: string) => (await new Client(t.baseUrl).json<{ listens: number }>('GET', `/api/tracks/${id}`)).body.listens;
  const track = (i: number) => tracks[i] as { id: string; title: string };
  const credential = async (client: Client, kind: 'apiKey' | 'appPassword', name: string) => {
    const made = await client.json<{ secret: string }>('POST', '/api/me/subsonic-credentials', { kind, name });
    expect(made.status).toBe(201);
    return made.body.secret;
  };

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    artistEmail = `artist-${Math.random().toString(36).slice(2)}@example.com`;
    artistId = (await artist.signUp('Ночная Смена', artistEmail)).id;
    fanEmail = `fan-${Math.random().toString(36).slice(2)}@example.com`;
    await fan.signUp('Fan', fanEmail);
    mp3 = await makeMp3(2);
    for (const title of ['Intro', 'Outro', 'Lonely Single', 'Secret Demo']) tracks.push({ id: (await uploadTrack(artist, mp3, { title, genre: 'Phonk' })).id, title });
    const release = await artist.json<{ id: string }>('POST', '/api/releases', { title: 'First EP', type: 'ep', releaseDate: '2026-11-20', trackIds: [track(0).id, track(1).id] });
    expect(release.status).toBe(201);
    releaseId = release.body.id;
    expect((await artist.json('PATCH', `/api/tracks/${track(3).id}/visibility`, { visibility: 'private' })).status).toBe(200);
    expect((await artist.json('PATCH', '/api/me/profile', { bio: 'Night drives & synths' })).status).toBe(200);
    expect((await artist.json('PUT', `/api/tracks/${track(0).id}/lyrics`, { text: '[00:01.00]First line\n[00:02.50]Second line', lang: 'en' })).status).toBe(200);
    fanPassword = await credential(fan, 'appPassword', 'Phone');
    artistPassword = await credential(artist, 'appPassword', 'Desktop');
    fanKey = await credential(fan, 'apiKey', 'Substreamer');
    // Audio processing settled, so a stream's file does not change between two requests.
    await t.context.jobs.idle(60_000);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  // ── Sign-in and transport ──────────────────────────────────────────────────────────────────

  it('auth: token (t = md5(app password + s), s) as Feishin, Supersonic, Tempo, DSub, Substreamer and Aonsoku send it', async () => {
    for (const name of Object.keys(clients) as ClientName[]) {
      const answer = await call(name, 'ping');
      if (name === 'supersonic' || name === 'dsub') xmlOk(answer);
      else ok(answer);
    }
    // The account's sign-in password is not a Subsonic password; a wrong token is code 40.
    expect((await call(clients.feishin(token('correct-horse-battery')), 'ping')).body).toMatchObject({ status: 'failed', error: { code: 40 } });
  });

  it('auth: p in clear (Aonsoku, Tempo) and p=enc:<hex> (DSub, Substreamer legacyAuth)', async () => {
    ok(await call(clients.aonsoku({ u: fanEmail, p: fanPassword }), 'ping.view'));
    ok(await call(clients.tempo({ u: fanEmail, p: fanPassword }), 'ping'));
    xmlOk(await call(clients.dsub({ u: fanEmail, p: `enc:${Buffer.from(fanPassword, 'utf8').toString('hex')}` }), 'ping'));
    expect((await call(clients.dsub({ u: fanEmail, p: `enc:${Buffer.from('wrong', 'utf8').toString('hex')}` }), 'ping')).text).toMatch(/<error code="40"/);
    // Tempo appends p to its stream URLs unencoded: app passwords hold only URL-safe characters.
    expect(fanPassword).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const streamed = await fetch(`${t.baseUrl}/rest/stream?u=${encodeURIComponent(fanEmail)}&p=${fanPassword}&v=1.16.1&c=Tempo&id=${track(0).id}`);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^audio\//);
  });

  it('auth: an e-mail with + sent unencoded in u (DSub appends u to its URLs as it is)', async () => {
    const plus = new Client(t.baseUrl);
    const email = `fan+dsub-${Math.random().toString(36).slice(2)}@example.com`;
    await plus.signUp('Plus', email);
    const password = await credential(plus, 'appPassword', 'DSub');
    const salt = 'dsubsalt';
    // As DSub builds it: `?u=` + the name, then s and t, with no encoding of u (its + reads as a space).
    const response = await fetch(`${t.baseUrl}/rest/ping.view?u=${email}&s=${salt}&t=${md5(password + salt)}&v=1.2.0&c=DSub`);
    expect(await response.text()).toMatch(/<subsonic-response [^>]*status="ok"/);
    // Encoded, as the other apps send it, it works too.
    ok(await call(clients.tempo(token(password, email)), 'ping'));
  });

  it('auth: apiKey alone (OpenSubsonic apiKeyAuthentication, Substreamer’s API module), tokenInfo names its owner', async () => {
    const body = ok(await call(clients.substreamer({ apiKey: fanKey }), 'tokenInfo'));
    expect(body.tokenInfo).toEqual({ username: fanEmail });
    expect((await call(clients.substreamer({ apiKey: fanKey, u: fanEmail }), 'ping')).body.error.code).toBe(43);
  });

  it('transport: `<method>.view` and bare names answer alike (Feishin, DSub, Substreamer use .view)', async () => {
    const viewed = ok(await call('feishin', 'getSong', { id: track(0).id }));
    const bare = ok(await call('tempo', 'getSong', { id: track(0).id }));
    expect(viewed.song).toEqual(bare.song);
  });

  it('transport: f=json (Feishin, Aonsoku, Tempo, Substreamer), f=xml (Supersonic) and no f (DSub: XML)', async () => {
    const json = await call('tempo', 'getMusicFolders');
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(ok(json).musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Platter' }] });
    const xml = xmlOk(await call('supersonic', 'getMusicFolders'));
    expect(elements(xml, 'musicFolder')).toEqual([{ id: '1', name: 'Platter' }]);
    expect(xmlOk(await call('dsub', 'getMusicFolders'))).toBe(xml);
  });

  it('transport: POST with a form body (Supersonic once formPost is advertised) answers as GET does', async () => {
    const profile = clients.supersonic({ ...token(), f: 'json' });
    const posted = ok(await call(profile, 'getAlbum', { id: releaseId }, { post: true }));
    expect(posted.album.song.map((s: { title: string }) => s.title)).toEqual(['Intro', 'Outro']);
    // A form field and a query parameter together: the form's value wins (it is the request's own).
    const both = await fetch(`${t.baseUrl}/rest/getSong?id=nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...(token() as Record<string, string>), f: 'json', id: track(1).id }).toString(),
    });
    expect(((await both.json()) as Body)['subsonic-response'].song.title).toBe('Outro');
  });

  it('transport: getOpenSubsonicExtensions without credentials, and the envelope (type, serverVersion, openSubsonic) Feishin and Aonsoku read from ping', async () => {
    const open = await fetch(`${t.baseUrl}/rest/getOpenSubsonicExtensions.view?v=1.16.0&c=Aonsoku&f=json&u=dummy&p=dummy`);
    const extensions = ((await open.json()) as Body)['subsonic-response'];
    expect(extensions.status).toBe('ok');
    const names = extensions.openSubsonicExtensions.map((e: { name: string }) => e.name).sort();
    expect(names).toEqual(['apiKeyAuthentication', 'formPost', 'songLyrics']);
    // Not advertised, so clients keep to what works: Supersonic uses getPlayQueue (not …ByIndex), Substreamer does not rely on timeOffset.
    expect(names).not.toContain('indexBasedQueue');
    expect(names).not.toContain('transcodeOffset');
    const ping = ok(await call('feishin', 'ping'));
    expect(ping).toMatchObject({ version: '1.16.1', type: 'platter', serverVersion: expect.any(String), openSubsonic: true });
  });

  // ── System and users ───────────────────────────────────────────────────────────────────────

  it('getLicense (Tempo, DSub): always valid', async () => {
    expect(elements(xmlOk(await call('dsub', 'getLicense')), 'license')).toEqual([{ valid: 'true' }]);
    expect(ok(await call('tempo', 'getLicense')).license).toEqual({ valid: true });
  });

  it('getUser username (Substreamer, DSub): one’s own roles; someone else’s is refused', async () => {
    const { user } = ok(await call('substreamer', 'getUser', { username: fanEmail }));
    expect(user).toMatchObject({ username: fanEmail, streamRole: true, downloadRole: true, playlistRole: true, adminRole: false, scrobblingEnabled: true });
    expect(elements(await (await call('dsub', 'getUser', { username: artistEmail })).text, 'error')[0]).toMatchObject({ code: '50' });
  });

  // ── Browsing ───────────────────────────────────────────────────────────────────────────────

  it('getMusicFolders (Feishin, Supersonic, Tempo, DSub): the one folder, id 1', async () => {
    expect(ok(await call('feishin', 'getMusicFolders')).musicFolders.musicFolder).toEqual([{ id: 1, name: 'Platter' }]);
  });

  it('getIndexes musicFolderId, ifModifiedSince (DSub, Tempo): every artist by letter, whatever the date', async () => {
    const xml = xmlOk(await call('dsub', 'getIndexes', { musicFolderId: 1, ifModifiedSince: Date.now() - 60_000 }));
    expect(elements(xml, 'index').map((i) => i.name)).toContain('Н');
    expect(elements(xml, 'artist')).toContainEqual({ id: artistId, name: 'Ночная Смена' });
    expect(Number(elements(xml, 'indexes')[0]?.lastModified)).toBeGreaterThan(0);
    await validXml('getIndexes', xml);
  });

  it('getMusicDirectory id (DSub, Tempo: folder browsing): an artist’s albums, then an album’s songs', async () => {
    const artistDir = xmlOk(await call('dsub', 'getMusicDirectory', { id: artistId }));
    expect(elements(artistDir, 'directory')[0]).toMatchObject({ id: artistId, name: 'Ночная Смена' });
    const albums = elements(artistDir, 'child');
    expect(albums.map((a) => [a.title, a.isDir, a.parent])).toEqual([
      ['First EP', 'true', artistId],
      ['Lonely Single', 'true', artistId],
    ]);
    await validXml('getMusicDirectory-artist', artistDir);
    const albumDir = xmlOk(await call('dsub', 'getMusicDirectory', { id: albums[0]?.id }));
    expect(elements(albumDir, 'directory')[0]).toMatchObject({ id: releaseId, parent: artistId, name: 'First EP' });
    expect(elements(albumDir, 'child').map((s) => [s.title, s.isDir, s.parent])).toEqual([
      ['Intro', 'false', releaseId],
      ['Outro', 'false', releaseId],
    ]);
    await validXml('getMusicDirectory-album', albumDir);
    // A single's directory holds the one song; a private track's is nobody else's.
    const single = ok(await call('tempo', 'getMusicDirectory', { id: `t-${track(2).id}` }));
    expect(single.directory.child.map((s: { id: string }) => s.id)).toEqual([track(2).id]);
    expect((await call('tempo', 'getMusicDirectory', { id: `t-${track(3).id}` })).body.error.code).toBe(70);
    expect((await call('tempo', 'getMusicDirectory', { id: 'no-such-id' })).body.error.code).toBe(70);
  });

  it('getArtists musicFolderId (Feishin, Aonsoku, Supersonic, Tempo, DSub, Substreamer): ArtistID3 with album counts, by letter', async () => {
    const { artists } = ok(await call('supersonic', 'getArtists', { musicFolderId: 1, f: 'json' }));
    const found = artists.index.flatMap((i: { artist: Array<{ id: string }> }) => i.artist).find((a: { id: string }) => a.id === artistId);
    expect(found).toMatchObject({ name: 'Ночная Смена', albumCount: expect.any(Number) });
  });

  it('getArtist id (Feishin, Aonsoku, Supersonic, Tempo, DSub, Substreamer): the artist’s releases and singles, not their private track', async () => {
    const { artist: page } = ok(await call('feishin', 'getArtist', { id: artistId }));
    expect(page.album.map((a: { name: string }) => a.name)).toEqual(['First EP', 'Lonely Single']);
    expect(JSON.stringify(page)).not.toContain('Secret Demo');
  });

  it('getArtistInfo (Feishin, Aonsoku, Tempo, DSub) and getArtistInfo2 (Supersonic, Substreamer, Tempo): the biography', async () => {
    expect(ok(await call('aonsoku', 'getArtistInfo', { id: artistId })).artistInfo.biography).toBe('Night drives & synths');
    expect(ok(await call('substreamer', 'getArtistInfo2', { id: artistId })).artistInfo2).toMatchObject({ biography: 'Night drives & synths', similarArtist: [] });
    expect((await call('tempo', 'getArtistInfo2', { id: 'nobody' })).body.error.code).toBe(70);
  });

  it('getAlbum id (Feishin, Aonsoku, Supersonic, Tempo, DSub, Substreamer): songs in release order; a single as its own album', async () => {
    const { album } = ok(await call('substreamer', 'getAlbum', { id: releaseId }));
    expect(album).toMatchObject({ id: releaseId, name: 'First EP', artistId, songCount: 2, year: 2026 });
    expect(album.song.map((s: { title: string; track: number }) => [s.title, s.track])).toEqual([
      ['Intro', 1],
      ['Outro', 2],
    ]);
    expect(ok(await call('aonsoku', 'getAlbum', { id: `t-${track(2).id}` })).album.song.map((s: { id: string }) => s.id)).toEqual([track(2).id]);
  });

  it('getSong id (Feishin, Aonsoku, Supersonic, Tempo): the song with its album and artist ids; a private one is code 70', async () => {
    expect(ok(await call('aonsoku', 'getSong', { id: track(1).id })).song).toMatchObject({ title: 'Outro', albumId: releaseId, artistId, parent: releaseId, suffix: 'mp3', isDir: false });
    expect(elements((await call('supersonic', 'getSong', { id: track(3).id })).text, 'error')[0]).toMatchObject({ code: '70' });
  });

  it('getGenres (Feishin, Aonsoku, Supersonic, Tempo, DSub, Substreamer): counts of visible songs', async () => {
    const { genres } = ok(await call('feishin', 'getGenres'));
    expect(genres.genre.find((g: { value: string }) => g.value === 'Phonk')).toMatchObject({ songCount: 3 });
  });

  it('getTopSongs artist, count (Feishin, Supersonic, Tempo, Substreamer): the artist’s songs by name, most liked first', async () => {
    expect((await fan.json('PUT', `/api/tracks/${track(1).id}/like`)).status).toBe(200);
    const xml = xmlOk(await call('supersonic', 'getTopSongs', { artist: 'Ночная Смена', count: 2 }));
    const songs = elements(xml, 'song');
    expect(songs).toHaveLength(2);
    expect(songs[0]?.title).toBe('Outro');
    expect(ok(await call('tempo', 'getTopSongs', { artist: 'Nobody At All', count: 5 })).topSongs).toEqual({ song: [] });
    expect((await fan.json('DELETE', `/api/tracks/${track(1).id}/like`)).status).toBe(200);
  });

  it('getSimilarSongs id, count (Feishin with a song id, Tempo, DSub, Substreamer): the same artist, then the same genre', async () => {
    const { similarSongs } = ok(await call('feishin', 'getSimilarSongs', { id: track(0).id, count: 10 }));
    const ids = similarSongs.song.map((s: { id: string }) => s.id);
    expect(ids).not.toContain(track(0).id);
    expect(ids).not.toContain(track(3).id);
    expect([...ids].sort()).toEqual([track(1).id, track(2).id].sort());
    expect((await call('substreamer', 'getSimilarSongs', { id: 'nothing-like-it' })).body.error.code).toBe(70);
  });

  it('getSimilarSongs2 id, count (Supersonic with a song id, Substreamer with an artist id): same answer, ID3 key', async () => {
    const byArtist = ok(await call('substreamer', 'getSimilarSongs2', { id: artistId, count: 20 })).similarSongs2.song.map((s: { id: string }) => s.id);
    expect([...byArtist].sort()).toEqual([track(0).id, track(1).id, track(2).id].sort());
    const bySong = elements(xmlOk(await call('supersonic', 'getSimilarSongs2', { id: track(2).id, count: 3 })), 'song').map((s) => s.id);
    expect([...bySong].sort()).toEqual([track(0).id, track(1).id].sort());
  });

  // ── Album and song lists ───────────────────────────────────────────────────────────────────

  it('getAlbumList2 type, size, offset, musicFolderId (Feishin, Aonsoku, Supersonic, Tempo, DSub, Substreamer): newest, alphabetical, paged', async () => {
    const names = async (params: Params) => (ok(await call('feishin', 'getAlbumList2', { musicFolderId: 1, ...params })).albumList2.album ?? []).map((a: { name: string }) => a.name);
    expect((await names({ type: 'newest', size: 50, offset: 0 })).sort()).toEqual(['First EP', 'Lonely Single']);
    expect(await names({ type: 'alphabeticalByName', size: 1, offset: 0 })).toEqual(['First EP']);
    expect(await names({ type: 'alphabeticalByName', size: 1, offset: 1 })).toEqual(['Lonely Single']);
    expect(await names({ type: 'alphabeticalByArtist', size: 500, offset: 0 })).toEqual(['First EP', 'Lonely Single']);
    expect(await names({ type: 'starred', size: 50 })).toEqual([]);
    expect((await call('feishin', 'getAlbumList2', { type: 'mostPlayed' })).body.error.message).toMatch(/Unknown list type/);
  });

  it('getAlbumList2 byYear fromYear=3000 toYear=0, byGenre, and Supersonic’s `limit` (not a Subsonic parameter: size applies)', async () => {
    const xml = xmlOk(await call('supersonic', 'getAlbumList2', { type: 'byYear', fromYear: 3000, toYear: 0, offset: 0, limit: 1 }));
    // Newest first; `limit` is ignored, so the default size (10) holds both.
    expect(elements(xml, 'album').map((a) => a.name).sort()).toEqual(['First EP', 'Lonely Single']);
    const genre = ok(await call('aonsoku', 'getAlbumList2', { type: 'byGenre', genre: 'Phonk', size: 20, offset: 0 }));
    expect(genre.albumList2.album.map((a: { name: string }) => a.name).sort()).toEqual(['First EP', 'Lonely Single']);
    expect(ok(await call('aonsoku', 'getAlbumList2', { type: 'byGenre', genre: 'Jazz', size: 20, offset: 0 })).albumList2).toEqual({ album: [] });
  });

  it('getAlbumList type, size, offset (Tempo, DSub): the same albums as directories (Child, isDir)', async () => {
    const xml = xmlOk(await call('dsub', 'getAlbumList', { type: 'alphabeticalByName', size: 20, offset: 0 }));
    expect(elements(xml, 'album').map((a) => [a.title, a.isDir, a.parent, a.artist])).toEqual([
      ['First EP', 'true', artistId, 'Ночная Смена'],
      ['Lonely Single', 'true', artistId, 'Ночная Смена'],
    ]);
    await validXml('getAlbumList', xml);
    const { albumList } = ok(await call('tempo', 'getAlbumList', { type: 'newest', size: 1, offset: 1 }));
    expect(albumList.album).toHaveLength(1);
  });

  it('getRandomSongs size, genre, fromYear, toYear (Feishin, Aonsoku, Tempo, Substreamer, Supersonic)', async () => {
    const songs = async (params: Params) => (ok(await call('aonsoku', 'getRandomSongs', params)).randomSongs.song ?? []).map((s: { id: string }) => s.id).sort();
    const visible = [track(0).id, track(1).id, track(2).id].sort();
    expect(await songs({ size: 10 })).toEqual(visible);
    expect(await songs({ size: 10, genre: 'Phonk' })).toEqual(visible);
    expect(await songs({ size: 10, genre: 'Jazz' })).toEqual([]);
    const year = new Date().getUTCFullYear();
    expect(await songs({ size: 10, fromYear: year, toYear: year })).toEqual(visible);
    expect(await songs({ size: 10, fromYear: 1990, toYear: 1999 })).toEqual([]);
    expect(await songs({ size: 2 })).toHaveLength(2);
  });

  it('getSongsByGenre genre, count, offset, musicFolderId (Feishin, Aonsoku, Tempo): newest first, paged', async () => {
    const page = async (offset: number) => (ok(await call('tempo', 'getSongsByGenre', { genre: 'Phonk', count: 2, offset, musicFolderId: 1 })).songsByGenre.song ?? []).map((s: { title: string }) => s.title);
    const all = [...(await page(0)), ...(await page(2))];
    expect([...all].sort()).toEqual(['Intro', 'Lonely Single', 'Outro']);
    expect(await page(3)).toEqual([]);
  });

  it('getNowPlaying (Tempo; also read here in XML): the listener’s own plays announced by scrobble submission=false', async () => {
    await t.context.database.db.deleteFrom('now_playing').execute();
    await t.context.database.db.deleteFrom('play_queues').execute();
    ok(await call('tempo', 'scrobble', { id: track(2).id, submission: false }));
    const entries = elements(xmlOk(await call('dsub', 'getNowPlaying')), 'entry');
    expect(entries).toEqual([expect.objectContaining({ id: track(2).id, username: fanEmail, playerName: 'Tempo', minutesAgo: '0' })]);
    // The artist's apps see none of the fan's plays.
    expect(ok(await call(clients.tempo(token(artistPassword, artistEmail)), 'getNowPlaying')).nowPlaying).toEqual({ entry: [] });
  });

  // ── Search ─────────────────────────────────────────────────────────────────────────────────

  it('search3 query, artist/album/songCount and offsets (Feishin, Aonsoku, Supersonic, Tempo, DSub, Substreamer)', async () => {
    const found = ok(await call('feishin', 'search3', { query: 'lonely', albumCount: 10, albumOffset: 0, artistCount: 10, artistOffset: 0, songCount: 10, songOffset: 0 })).searchResult3;
    expect(found.song.map((s: { title: string }) => s.title)).toEqual(['Lonely Single']);
    const artists = ok(await call('substreamer', 'search3', { query: 'ночная', artistCount: 20, albumCount: 20, songCount: 20 })).searchResult3;
    expect(artists.artist.map((a: { id: string }) => a.id)).toEqual([artistId]);
    expect(ok(await call('feishin', 'search3', { query: 'secret', songCount: 10 })).searchResult3.song ?? []).toEqual([]);
  });

  it('search3 with an empty query: everything, page by page (Symfonium’s and Aonsoku’s sync, Feishin’s `""`); Substreamer’s albumCount=10000 is refused, so it pages getAlbumList2', async () => {
    const everything = async (query: string) => ok(await call('feishin', 'search3', { query, artistCount: 0, albumCount: 0, songCount: 500, songOffset: 0 })).searchResult3;
    const visible = [track(0).id, track(1).id, track(2).id].sort();
    expect((await everything('""')).song.map((s: { id: string }) => s.id).sort()).toEqual(visible);
    expect((await everything('')).song.map((s: { id: string }) => s.id).sort()).toEqual(visible);
    const paged = ok(await call('aonsoku', 'search3', { query: '', songCount: 2, songOffset: 2, artistCount: 0, albumCount: 0 })).searchResult3.song;
    expect(paged).toHaveLength(1);
    // Substreamer asks for every album at once; Platter answers at most 500 a page, so it refuses
    // (a truncated list would pass for the whole library) and Substreamer falls back to paging getAlbumList2.
    const greedy = await call('substreamer', 'search3', { query: '', albumCount: 10000, songCount: 0, artistCount: 0 });
    expect(greedy.body).toMatchObject({ status: 'failed', error: { code: 0, message: expect.stringMatching(/albumCount/) } });
    const fallback = ok(await call('substreamer', 'getAlbumList2', { type: 'alphabeticalByArtist', size: 500, offset: 0 })).albumList2.album;
    expect(fallback.map((a: { name: string }) => a.name)).toEqual(['First EP', 'Lonely Single']);
  });

  it('search2 query, counts (Tempo, DSub): artists as Artist, albums as directories, songs', async () => {
    const xml = xmlOk(await call('dsub', 'search2', { query: 'first', songCount: 10, albumCount: 10, artistCount: 10 }));
    expect(elements(xml, 'album').map((a) => [a.title, a.isDir])).toEqual([['First EP', 'true']]);
    await validXml('search2', xml);
    const { searchResult2 } = ok(await call('tempo', 'search2', { query: 'ночная', songCount: 0, albumCount: 0, artistCount: 5 }));
    expect(searchResult2.artist).toEqual([{ id: artistId, name: 'Ночная Смена' }]);
  });

  // ── Stars, ratings, scrobbles ──────────────────────────────────────────────────────────────

  it('star / unstar id, albumId, artistId (Feishin, Supersonic, Tempo, DSub, Substreamer; Aonsoku stars artists and albums by id too)', async () => {
    ok(await call('feishin', 'star', { id: track(0).id }));
    ok(await call('tempo', 'star', { albumId: releaseId }));
    ok(await call('dsub', 'star', { artistId, f: 'json' }));
    let starred = ok(await call('substreamer', 'getStarred2')).starred2;
    expect(starred.song.map((s: { id: string }) => s.id)).toEqual([track(0).id]);
    expect(starred.album.map((a: { id: string }) => a.id)).toEqual([releaseId]);
    expect(starred.artist.map((a: { id: string }) => a.id)).toEqual([artistId]);
    // Aonsoku sends every kind as id: an artist id follows the artist, an album id likes the album.
    ok(await call('aonsoku', 'unstar', { id: artistId }));
    ok(await call('aonsoku', 'unstar', { id: releaseId }));
    starred = ok(await call('substreamer', 'getStarred2')).starred2;
    expect(starred.artist ?? []).toEqual([]);
    expect(starred.album ?? []).toEqual([]);
    ok(await call('aonsoku', 'star', { id: artistId }));
    expect(ok(await call('substreamer', 'getStarred2')).starred2.artist.map((a: { id: string }) => a.id)).toEqual([artistId]);
    ok(await call('aonsoku', 'unstar', { id: artistId }));
    ok(await call('feishin', 'unstar', { id: track(0).id }));
    expect((await fan.json<{ ids: string[] }>('GET', '/api/me/liked-ids')).body.ids).toEqual([]);
    expect((await call('aonsoku', 'star', { id: 'no-such-thing' })).body.error.code).toBe(70);
  });

  it('getStarred2 (Aonsoku, Supersonic, Tempo, DSub, Substreamer) and getStarred (Feishin, Tempo, DSub): the same stars, ID3 and folder-shaped', async () => {
    ok(await call('feishin', 'star', { id: track(2).id }));
    ok(await call('feishin', 'star', { albumId: releaseId }));
    ok(await call('feishin', 'star', { artistId }));
    const id3 = ok(await call('tempo', 'getStarred2')).starred2;
    const folders = ok(await call('feishin', 'getStarred')).starred;
    expect(folders.song.map((s: { id: string }) => s.id)).toEqual([track(2).id]);
    expect(folders.song.map((s: { id: string }) => s.id)).toEqual(id3.song.map((s: { id: string }) => s.id));
    expect(folders.album.map((a: { id: string; title: string; isDir: boolean }) => [a.id, a.title, a.isDir])).toEqual([[releaseId, 'First EP', true]]);
    expect(folders.artist).toEqual([{ id: artistId, name: 'Ночная Смена', starred: expect.any(String) }]);
    await validXml('getStarred', xmlOk(await call('dsub', 'getStarred')));
    ok(await call('feishin', 'unstar', { id: track(2).id, albumId: releaseId, artistId }));
    expect(ok(await call('feishin', 'getStarred')).starred).toEqual({ artist: [], album: [], song: [] });
  });

  it('setRating id, rating (Feishin, Tempo, DSub, Substreamer): accepted and checked, not kept (Platter rates by likes)', async () => {
    ok(await call('feishin', 'setRating', { id: track(0).id, rating: 5 }));
    expect((await call('tempo', 'setRating', { id: track(0).id, rating: 6 })).body.error.code).toBe(0);
    expect((await call('tempo', 'setRating', { id: track(3).id, rating: 3 })).body.error.code).toBe(70);
    expect(ok(await call('tempo', 'getSong', { id: track(0).id })).song.userRating).toBeUndefined();
  });

  it('scrobble id, submission, time (Supersonic: false at start and true at the end, with time; Substreamer: queued offline plays with their time)', async () => {
    const id = track(1).id;
    const before = await listens(id);
    xmlOk(await call('supersonic', 'scrobble', { id, submission: false, time: Date.now() }));
    expect(await listens(id)).toBe(before);
    expect(ok(await call('tempo', 'getNowPlaying')).nowPlaying.entry.map((e: { id: string; playerName: string }) => [e.id, e.playerName])).toContainEqual([id, 'Supersonic']);
    xmlOk(await call('supersonic', 'scrobble', { id, submission: true, time: Date.now() }));
    expect(await listens(id)).toBe(before + 1);
    // An offline play from yesterday, sent later: counted, and in the history.
    const other = track(2).id;
    const otherBefore = await listens(other);
    ok(await call('substreamer', 'scrobble', { id: other, time: Date.now() - 86_400_000, submission: true }));
    expect(await listens(other)).toBe(otherBefore + 1);
    const history = await fan.json<{ items: Array<{ track: { id: string } }> }>('GET', '/api/me/history');
    expect(history.body.items.map((h) => h.track.id)).toContain(other);
    expect((await call('aonsoku', 'scrobble', { id, submission: 'true', time: 'now' })).body.error.code).toBe(0);
  });

  // ── Playlists ──────────────────────────────────────────────────────────────────────────────

  it('createPlaylist name + songId… and playlistId + songId… (Supersonic over POST to replace the tracks; Tempo, Aonsoku over GET)', async () => {
    const created = ok(await call('aonsoku', 'createPlaylist', { name: 'Night drive', songId: [track(0).id, track(2).id] })).playlist;
    expect(created.entry.map((e: { id: string }) => e.id)).toEqual([track(0).id, track(2).id]);
    const replaced = ok(await call(clients.supersonic({ ...token(), f: 'json' }), 'createPlaylist', { playlistId: created.id, songId: [track(1).id] }, { post: true })).playlist;
    expect(replaced.entry.map((e: { id: string }) => e.id)).toEqual([track(1).id]);
    const web = await fan.json<{ entries: Array<{ track: { id: string } }> }>('GET', `/api/playlists/${created.id}`);
    expect(web.body.entries.map((e) => e.track.id)).toEqual([track(1).id]);
    expect((await call('tempo', 'createPlaylist', { name: 'Bad', songId: [track(3).id] })).body.error.code).toBe(70);
  });

  it('updatePlaylist playlistId, name, comment, public, songIdToAdd…, songIndexToRemove… (Feishin, Aonsoku, Supersonic, Tempo, DSub)', async () => {
    const { playlist } = ok(await call('tempo', 'createPlaylist', { name: 'Mix', songId: [track(0).id, track(1).id] }));
    // Supersonic edits name, comment (Platter keeps none: ignored) and public.
    xmlOk(await call('supersonic', 'updatePlaylist', { playlistId: playlist.id, name: 'Mix II', comment: 'for the road', public: 'true' }));
    // Aonsoku adds and removes by query string, several of each.
    ok(await call('aonsoku', 'updatePlaylist', { playlistId: playlist.id, songIdToAdd: [track(2).id], songIndexToRemove: [0] }));
    const again = ok(await call('feishin', 'getPlaylist', { id: playlist.id })).playlist;
    expect(again).toMatchObject({ name: 'Mix II', public: true, songCount: 2 });
    expect(again.entry.map((e: { id: string }) => e.id)).toEqual([track(1).id, track(2).id]);
    // Someone else's playlist (public now, so they see it) is not theirs to change.
    expect((await call(clients.tempo(token(artistPassword, artistEmail)), 'updatePlaylist', { playlistId: playlist.id, name: 'Mine now' })).body.error.code).toBe(50);
  });

  it('getPlaylists (Feishin, Aonsoku, Supersonic, Tempo, DSub, Substreamer) and getPlaylist id: own and collaborative playlists, with entries', async () => {
    const { playlist } = ok(await call('tempo', 'createPlaylist', { name: 'Listed', songId: [track(2).id] }));
    const listed = elements(xmlOk(await call('dsub', 'getPlaylists')), 'playlist');
    expect(listed.find((p) => p.id === playlist.id)).toMatchObject({ name: 'Listed', songCount: '1', owner: fanEmail });
    expect(ok(await call('feishin', 'getPlaylist', { id: playlist.id })).playlist.entry.map((e: { title: string }) => e.title)).toEqual(['Lonely Single']);
    expect((await call('tempo', 'getPlaylists', { username: artistEmail })).body.error.code).toBe(50);
  });

  it('deletePlaylist id (Feishin .view GET, Tempo, DSub, Supersonic)', async () => {
    const { playlist } = ok(await call('tempo', 'createPlaylist', { name: 'Short-lived' }));
    ok(await call('feishin', 'deletePlaylist', { id: playlist.id }));
    expect((await call('feishin', 'getPlaylist', { id: playlist.id })).body.error.code).toBe(70);
    expect((await fan.json('GET', `/api/playlists/${playlist.id}`)).status).toBe(404);
  });

  // ── Play queue ─────────────────────────────────────────────────────────────────────────────

  it('savePlayQueue id…, current, position and getPlayQueue (Supersonic, Tempo, DSub): kept with the app that saved it', async () => {
    xmlOk(await call('supersonic', 'savePlayQueue', { id: [track(0).id, track(2).id], current: track(2).id, position: 12_345 }));
    const { playQueue } = ok(await call('tempo', 'getPlayQueue'));
    expect(playQueue).toMatchObject({ current: track(2).id, position: 12_345, changedBy: 'Supersonic', username: fanEmail });
    expect(playQueue.entry.map((e: { id: string }) => e.id)).toEqual([track(0).id, track(2).id]);
    const xml = xmlOk(await call('dsub', 'getPlayQueue'));
    expect(elements(xml, 'entry').map((e) => e.id)).toEqual([track(0).id, track(2).id]);
    expect((await call('tempo', 'savePlayQueue', { id: track(0).id, current: track(1).id })).body.error.code).toBe(0);
  });

  // ── Media ──────────────────────────────────────────────────────────────────────────────────

  it('stream id, maxBitRate, format, estimateContentLength (Aonsoku, Tempo, Substreamer) and Range (DSub): the audio with its length', async () => {
    const id = track(0).id;
    const played = await call('aonsoku', 'stream', { id, maxBitRate: 320, format: 'mp3', estimateContentLength: 'true', _cb: 'x1' });
    expect(played.status).toBe(200);
    // The rendition Platter made ahead (or the original): renditions are not made per request.
    expect(played.headers.get('content-type')).toMatch(/^audio\//);
    expect(Number(played.headers.get('content-length'))).toBe(played.bytes.length);
    expect(played.bytes.length).toBeGreaterThan(1000);
    const part = await call('dsub', 'stream', { id, maxBitRate: 0 }, { headers: { range: 'bytes=100-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-${played.bytes.length - 1}/${played.bytes.length}`);
    expect(part.bytes.equals(played.bytes.subarray(100))).toBe(true);
    // A song the listener may not play is a Subsonic error, not audio.
    expect((await call('tempo', 'stream', { id: track(3).id })).body.error.code).toBe(70);
  });

  it('stream format=raw (Supersonic’s forceRaw) is the original file; timeOffset (Substreamer) is not supported and starts at 0', async () => {
    const id = track(1).id;
    const raw = await call('supersonic', 'stream', { id, format: 'raw' });
    expect(raw.status).toBe(200);
    expect(raw.bytes.equals(mp3)).toBe(true);
    const offset = await call('substreamer', 'stream', { id, format: 'raw', timeOffset: 30, estimateContentLength: 'true' });
    expect(offset.bytes.equals(mp3)).toBe(true);
  });

  it('download id (Feishin, Tempo; Aonsoku with maxBitRate=0&format=raw): the original, as the artist allows', async () => {
    const id = track(2).id;
    const refused = await call('aonsoku', 'download', { id, maxBitRate: 0, format: 'raw' });
    expect(refused.body).toMatchObject({ status: 'failed', error: { code: 50 } });
    const own = await call(clients.feishin(token(artistPassword, artistEmail)), 'download', { id });
    expect(own.headers.get('content-disposition')).toContain('attachment');
    expect(own.bytes.equals(mp3)).toBe(true);
    expect((await artist.json('PATCH', `/api/tracks/${id}/visibility`, { downloadable: true })).status).toBe(200);
    const allowed = await call('aonsoku', 'download', { id, maxBitRate: 0, format: 'raw' });
    expect(allowed.bytes.equals(mp3)).toBe(true);
  });

  it('getCoverArt id, size (Aonsoku 300, Substreamer 600, Feishin, Tempo, DSub, Supersonic): a copy no larger than asked, never enlarged', async () => {
    const id = track(2).id;
    expect((await artist.request('PUT', `/api/tracks/${id}/cover`, { body: await makePng(800, 800), headers: { 'content-type': 'image/png' } })).status).toBe(200);
    const coverArt = ok(await call('aonsoku', 'getSong', { id })).song.coverArt as string;
    const aonsoku = await call('aonsoku', 'getCoverArt', { id: coverArt, size: '300' });
    expect(aonsoku.headers.get('content-type')).toBe('image/webp');
    expect(await imageInfo(aonsoku.bytes)).toMatchObject({ width: 512, height: 512 });
    expect(await imageInfo((await call('substreamer', 'getCoverArt', { id: coverArt, size: 600 })).bytes)).toMatchObject({ width: 600, height: 600 });
    expect(await imageInfo((await call('dsub', 'getCoverArt', { id: coverArt, size: 2000 })).bytes)).toMatchObject({ width: 600, height: 600 });
    expect(await imageInfo((await call('supersonic', 'getCoverArt', { id: coverArt })).bytes)).toMatchObject({ width: 600, format: 'webp' });
    // The album list's cover id for the single is the same image.
    const single = ok(await call('feishin', 'getAlbum', { id: `t-${id}` })).album.coverArt;
    expect((await call('feishin', 'getCoverArt', { id: single, size: 64 })).headers.get('content-type')).toBe('image/webp');
  });

  it('getLyrics artist, title (Aonsoku, Tempo, DSub, Substreamer): the plain text of a visible song', async () => {
    const { lyrics } = ok(await call('substreamer', 'getLyrics', { artist: 'Ночная Смена', title: 'Intro' }));
    expect(lyrics).toEqual({ artist: 'Ночная Смена', title: 'Intro', value: 'First line\nSecond line' });
    // None: an empty text (OpenSubsonic requires value), as Tempo and Substreamer read it.
    expect(ok(await call('tempo', 'getLyrics', { artist: 'Ночная Смена', title: 'Outro' })).lyrics).toEqual({ value: '' });
    expect(elements(xmlOk(await call('dsub', 'getLyrics', { artist: 'Nobody', title: 'Nothing' })), 'lyrics')).toEqual([{ value: '' }]);
  });

  it('getLyricsBySongId id (Feishin, Aonsoku, Supersonic, Tempo, Substreamer): synced lines with their times', async () => {
    const { lyricsList } = ok(await call('aonsoku', 'getLyricsBySongId', { id: track(0).id }));
    expect(lyricsList.structuredLyrics).toEqual([
      { displayArtist: 'Ночная Смена', displayTitle: 'Intro', lang: 'en', synced: true, line: [{ start: 1000, value: 'First line' }, { start: 2500, value: 'Second line' }] },
    ]);
    expect(elements(xmlOk(await call('supersonic', 'getLyricsBySongId', { id: track(1).id })), 'structuredLyrics')).toEqual([]);
  });
});
