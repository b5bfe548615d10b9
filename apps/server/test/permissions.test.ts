import { freePort } from './support/built-server.js';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { startOidcProvider } from './support/oidc-provider.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const ADMIN_EMAIL = 'boss@platter.test';
const PASSWORD = 'correct-horse-battery';

/**
 * Who asks: nobody, three signed-in people, and two cookies that must count for nobody: the
 * cookie of a session that was signed out, and a forged one (the owner's real session token,
 * signed with another secret). A revoked or forged cookie must act exactly as no cookie.
 */
type Role = 'anonymous' | 'other' | 'owner' | 'admin' | 'revoked' | 'forged';
const ROLES: Role[] = ['anonymous', 'other', 'owner', 'admin', 'revoked', 'forged'];
type Person = 'owner' | 'other' | 'admin';
const PEOPLE: Person[] = ['owner', 'other', 'admin'];

/** What one role gets: the status, or `status effect` for a row that also checks what happened. */
type Outcome = number | string;
/** What a row expects of the four main roles; the revoked and forged cookies expect what anonymous gets unless a row says otherwise. */
type Expected = Record<'anonymous' | 'other' | 'owner' | 'admin', Outcome> & Partial<Record<'revoked' | 'forged', Outcome>>;

interface Prepared {
  id: string;
  [key: string]: string;
}

/** The requests of one role for one attempt: its cookie (or none), Platter's Origin, an address of its own. */
interface Caller {
  role: Role;
  cookie: string | undefined;
  request(method: string, url: string, init?: { json?: unknown; body?: Uint8Array; headers?: Record<string, string> }): Promise<Response>;
}

/**
 * One matrix row: an operation of the API document (`METHOD /path` as the document writes it), a
 * `prepare` that makes fresh resources for each attempt (owned by the owner), and `send` that
 * performs it as one role. `freshSessions`: each signed-in role uses a session of its own for the
 * attempt (the operation ends or changes sessions); `endsAllSessions`: afterwards the caller
 * signs in again, since the operation may have ended all of the caller's sessions. `effect`: what the
 * attempt changed, appended to the status.
 */
interface Row {
  op: string;
  note?: string;
  expected: Expected;
  prepare?(): Promise<Prepared>;
  send(as: Caller, p: Prepared): Promise<Response>;
  effect?(p: Prepared, as: Caller): Promise<string>;
  freshSessions?: boolean;
  endsAllSessions?: boolean;
}

interface ApiOperation {
  'x-platter-access'?: string;
  responses: Record<string, unknown>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every operation that changes state or needs a session, as the API document lists them, tried by
 * each role against fresh resources: the API allows exactly what it should, whatever the UI shows
 * or hides. A documented operation without a row, or a row for an operation the document no
 * longer lists, fails the suite. Each request comes from an address of its own (TRUST_PROXY and
 * X-Forwarded-For): this suite is about who may do what, and rate-limits.test.ts about how often.
 */
describe(`access matrix: every mutating or signed-in operation × ${ROLES.join(', ')} (${dialect})`, () => {
  let t: TestApp;
  let stopProvider: () => Promise<void>;
  let cookieName: string;
  const ids = {} as Record<Person | 'writer', string>;
  const emails: Record<Person, string> = { owner: 'owner@x.test', other: 'someone@x.test', admin: ADMIN_EMAIL };
  /** Each person's long-lived session cookie (`name=value`). */
  const sessions = {} as Record<Person, string>;
  let revokedCookie: string;
  let operations: Map<string, ApiOperation>;
  let ownerClient: Client;
  let writerClient: Client;
  let mp3: Buffer;
  let png: Buffer;
  let address = 0;

  /** A fresh client address for every request, so no per-address limit is shared between attempts. */
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  /** A Client (cookie jar) whose every request comes from an address of its own. */
  class SpreadClient extends Client {
    override request(method: string, url: string, init: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {}) {
      return super.request(method, url, { ...init, headers: { 'x-forwarded-for': nextAddress(), ...init.headers } });
    }
  }

  const request = (cookie: string | undefined) => (method: string, url: string, init: { json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { origin: t.baseUrl, 'x-forwarded-for': nextAddress(), ...(cookie ? { cookie } : {}), ...init.headers };
    let body: RequestInit['body'] = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return fetch(new URL(url, t.baseUrl), { method, headers, body, redirect: 'manual' });
  };

  /** The session cookie a response sets, as `name=value`. */
  const sessionCookie = (response: Response): string => {
    const line = response.headers.getSetCookie().find((l) => l.startsWith(`${cookieName}=`));
    if (!line) throw new Error(`no session cookie (${response.status})`);
    return line.split(';')[0] as string;
  };

  /** A new session of a person (a sign-in of its own). */
  const signIn = async (person: Person): Promise<string> => {
    const response = await request(undefined)('POST', '/api/auth/sign-in/email', { json: { email: emails[person], password: PASSWORD } });
    expect(response.status).toBe(200);
    return sessionCookie(response);
  };

  /** The owner's current session token, signed with a secret that is not the server's. */
  const forgedCookie = () => {
    const value = decodeURIComponent(sessions.owner.slice(cookieName.length + 1));
    const token = value.slice(0, value.lastIndexOf('.'));
    const signature = createHmac('sha256', 'not-the-server-secret-not-the-server-secret').update(token).digest('base64');
    return `${cookieName}=${encodeURIComponent(`${token}.${signature}`)}`;
  };

  const caller = async (role: Role, freshSessions: boolean): Promise<Caller> => {
    let cookie: string | undefined;
    if (role === 'revoked') cookie = revokedCookie;
    else if (role === 'forged') cookie = forgedCookie();
    else if (role !== 'anonymous') cookie = freshSessions ? await signIn(role) : sessions[role];
    return { role, cookie, request: request(cookie) };
  };

  /** Whether a cookie still names a live session (better-auth's own answer). */
  const live = async (cookie: string) => (await (await request(cookie)('GET', '/api/auth/get-session')).json()) !== null;

  /**
   * What became of the caller's session: a person's own session `kept` or `ended`; for the forged
   * cookie, whether the owner's real session (whose token it carries) was `owner kept`; `n/a` else.
   */
  const callersSession = async (_p: Prepared, as: Caller): Promise<string> => {
    if (as.role === 'forged') return (await live(sessions.owner)) ? 'owner kept' : 'owner ended';
    if (as.role === 'anonymous' || as.role === 'revoked' || !as.cookie) return 'n/a';
    return (await live(as.cookie)) ? 'kept' : 'ended';
  };

  beforeAll(async () => {
    // Google sign-in configured (against a local OpenID provider), so its endpoints answer as in production.
    const provider = await startOidcProvider({ sub: 'google-matrix', email: 'google@x.test', name: 'Google Person' });
    stopProvider = provider.stop;
    // PUBLIC_URL (its own address) turns federation on, so the fediverse operations answer past their permission.
    const port = await freePort();
    t = await startTestApp({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAILS: ` Other@x.test, ${ADMIN_EMAIL.toUpperCase()} `,
      TRUST_PROXY: 'true',
      GOOGLE_CLIENT_ID: 'platter-test',
      GOOGLE_CLIENT_SECRET: 'platter-secret',
      OIDC_ISSUER: provider.issuer,
    });
    cookieName = (await t.context.auth.$context).authCookies.sessionToken.name;
    for (const person of PEOPLE) {
      const client = new SpreadClient(t.baseUrl);
      ids[person] = (await client.signUp(person === 'owner' ? 'Owner' : person === 'other' ? 'Other' : 'Admin', emails[person], PASSWORD)).id;
      sessions[person] = client.cookieHeader();
      if (person === 'owner') ownerClient = client;
    }
    // A fourth person: writes comments on the owner's tracks, and owns a track the owner comments on.
    writerClient = new SpreadClient(t.baseUrl);
    ids.writer = (await writerClient.signUp('Writer')).id;
    // The owner signs in once more and signs that session out: its cookie is then a revoked one.
    revokedCookie = await signIn('owner');
    expect((await request(revokedCookie)('POST', '/api/auth/sign-out', { json: {} })).status).toBe(200);
    mp3 = await makeMp3(1);
    png = await makePng(32, 32);
    const document = (await (await request(undefined)('GET', '/api/docs/json')).json()) as { paths: Record<string, Record<string, ApiOperation>> };
    operations = new Map();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) operations.set(`${method.toUpperCase()} ${path}`, operation);
    }
  });
  afterAll(async () => {
    await t.close();
    await stopProvider();
  });

  // Resources are made through the services or as the owner: what is under test is the request that follows.
  const none = async (): Promise<Prepared> => ({ id: '' });
  const newTrack = async (): Promise<Prepared> => ({ id: ((await uploadTrack(ownerClient, mp3, { title: 'Owned' })) as { id: string }).id });
  const newPost = async (): Promise<Prepared> => ({ id: (await t.context.services.posts.create({ id: ids.owner, isAdmin: false }, { text: 'owned post' })).id });
  const newComment = async (authorId: string, trackId: string) => (await t.context.services.comments.add({ id: authorId, isAdmin: false }, trackId, { text: 'hi' })).id;
  /** A person of its own, who has never signed in: what suspensions and role changes act on. */
  const newPerson = async (): Promise<Prepared> => {
    const email = `person-${Math.random().toString(36).slice(2)}@x.test`;
    return { id: (await t.context.auth.api.signUpEmail({ body: { name: 'Person', email, password: PASSWORD } })).user.id };
  };
  const newReport = async (): Promise<Prepared> => {
    const track = await newTrack();
    return { id: (await t.context.services.engagement.report(ids.other, track.id, 'spam')).id };
  };
  // A playlist is its owner's alone (no admin override); to anyone else even a public one is "not found".
  const newPlaylist = async (): Promise<Prepared> => {
    const playlist = await t.context.services.playlists.create(ids.owner, { name: 'Owned' });
    await t.context.services.playlists.update(ids.owner, playlist.id, { isPublic: true });
    return { id: playlist.id };
  };
  const newPlaylistEntry = async (): Promise<Prepared> => {
    const { id } = await newPlaylist();
    const track = await newTrack();
    const detail = await t.context.services.playlists.addTrack(ids.owner, id, { trackId: track.id });
    return { id, entryId: (detail.entries[0] as { entryId: string }).entryId, trackId: track.id };
  };
  /** A public playlist of the owner's with an invite link (its token in `invite`). */
  const newInvitedPlaylist = async (): Promise<Prepared> => {
    const { id } = await newPlaylist();
    return { id, invite: (await t.context.services.playlists.resetInvite(ids.owner, id)).invite };
  };
  /** A public playlist the other person joined as a collaborator. */
  const newJoinedPlaylist = async (): Promise<Prepared> => {
    const prepared = await newInvitedPlaylist();
    await t.context.services.playlists.join(ids.other, prepared.id, { invite: prepared.invite });
    return prepared;
  };
  /** A release of the owner's holding one new track of theirs (listed: the track is visible). */
  const newRelease = async (): Promise<Prepared> => {
    const track = await newTrack();
    const release = await t.context.services.releases.create({ id: ids.owner, isAdmin: false }, { title: 'Owned EP', type: 'ep', trackIds: [track.id] });
    return { id: release.id, trackId: track.id };
  };
  /** A release of the owner's made unlisted or private (its track follows), with its secret. */
  const newHiddenRelease = (visibility: 'unlisted' | 'private') => async (): Promise<Prepared> => {
    const track = await newTrack();
    const release = await t.context.services.releases.create({ id: ids.owner, isAdmin: false }, { title: 'Hidden EP', type: 'ep', trackIds: [track.id], visibility });
    return { id: release.id, trackId: track.id, secret: release.secret ?? '' };
  };
  /** A release of the owner's that is not public (unlisted): nobody may repost it, its artist neither. */
  const newUnlistedRelease = async (): Promise<Prepared> => {
    const prepared = await newRelease();
    await t.context.database.db.updateTable('releases').set({ visibility: 'unlisted' }).where('id', '=', prepared.id).execute();
    return prepared;
  };
  /** An upload URL of the owner's, and the file PUT to it when `stored`. */
  const newUpload = (stored: boolean) => async (): Promise<Prepared> => {
    const { body } = await ownerClient.json<{ uploadURL: string; fileUrl: string }>('POST', '/api/get-upload-url', { fileName: 'a.mp3', fileType: 'audio/mpeg', fileSize: mp3.length });
    if (stored) expect((await ownerClient.request('PUT', body.uploadURL, { body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg' } })).status).toBe(200);
    return { id: body.fileUrl, uploadURL: body.uploadURL };
  };
  /** A new session of the owner's, and its token (as list-sessions shows it). */
  const newOwnerSession = async (): Promise<Prepared> => {
    const cookie = await signIn('owner');
    const session = (await (await request(cookie)('GET', '/api/auth/get-session')).json()) as { session: { token: string } };
    return { id: session.session.token, cookie };
  };

  /** The owner's password account (better-auth's id, and the provider's account id). */
  const ownerAccount = async (): Promise<Prepared> => {
    const [account] = (await (await request(sessions.owner)('GET', '/api/auth/list-accounts')).json()) as Array<{ id: string; accountId: string }>;
    if (!account) throw new Error('the owner has no account');
    return { id: account.id, accountId: account.accountId };
  };

  const json = (method: string, url: string, body?: unknown) => (as: Caller) => as.request(method, url, body === undefined ? {} : { json: body });
  const image = (url: string) => (as: Caller) => as.request('PUT', url, { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });

  const signedIn = (status: Outcome) => ({ anonymous: 401, other: status, owner: status, admin: status });
  const everyone = (status: Outcome) => ({ anonymous: status, other: status, owner: status, admin: status });
  const adminOnly = { anonymous: 401, other: 403, owner: 403, admin: 200 };
  const ownerOrAdmin = (status: number) => ({ anonymous: 401, other: 403, owner: status, admin: status });
  const ownerOnlyPlaylist = (status: number) => ({ anonymous: 401, other: 404, owner: status, admin: 404 });

  const rows: Row[] = [
    // Tracks and uploads
    { op: 'POST /api/get-upload-url', expected: signedIn(200), send: json('POST', '/api/get-upload-url', { fileName: 'a.mp3', fileType: 'audio/mpeg', fileSize: 1000 }) },
    {
      op: 'PUT /api/uploads/{token}',
      note: 'the owner’s upload URL: the URL authorizes, a session must be the uploader’s',
      expected: { anonymous: 200, other: 403, owner: 200, admin: 403 },
      prepare: newUpload(false),
      send: (as, p) => as.request('PUT', p.uploadURL as string, { body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg' } }),
    },
    {
      op: 'POST /api/tracks',
      note: 'from a file the owner uploaded',
      expected: { anonymous: 401, other: 403, owner: 201, admin: 403 },
      prepare: newUpload(true),
      send: (as, p) => json('POST', '/api/tracks', { title: 'Mine now', url: p.id })(as),
    },
    { op: 'PATCH /api/tracks/{id}', expected: ownerOrAdmin(200), prepare: newTrack, send: (as, p) => json('PATCH', `/api/tracks/${p.id}`, { title: 'Renamed', genre: 'Phonk' })(as) },
    { op: 'DELETE /api/tracks/{id}', expected: ownerOrAdmin(204), prepare: newTrack, send: (as, p) => json('DELETE', `/api/tracks/${p.id}`)(as) },
    { op: 'PUT /api/tracks/{id}/cover', expected: ownerOrAdmin(200), prepare: newTrack, send: (as, p) => image(`/api/tracks/${p.id}/cover`)(as) },
    { op: 'PUT /api/tracks/{id}/like', expected: signedIn(200), prepare: newTrack, send: (as, p) => json('PUT', `/api/tracks/${p.id}/like`)(as) },
    { op: 'DELETE /api/tracks/{id}/like', expected: signedIn(200), prepare: newTrack, send: (as, p) => json('DELETE', `/api/tracks/${p.id}/like`)(as) },
    { op: 'POST /api/tracks/{id}/listens', expected: everyone(200), prepare: newTrack, send: (as, p) => json('POST', `/api/tracks/${p.id}/listens`, {})(as) },
    { op: 'POST /api/tracks/{id}/reports', expected: everyone(201), prepare: newTrack, send: (as, p) => json('POST', `/api/tracks/${p.id}/reports`, { reason: 'spam' })(as) },
    { op: 'POST /api/me/history', expected: signedIn(204), prepare: newTrack, send: (as, p) => json('POST', '/api/me/history', { trackId: p.id })(as) },
    // Issue 13: visibility, the unlisted link's secret, downloads (a private track is unknown to others: 404).
    {
      op: 'PATCH /api/tracks/{id}/visibility',
      note: 'unlisting a public track',
      expected: { anonymous: '401 public', other: '403 public', owner: '200 unlisted', admin: '200 unlisted' },
      prepare: newTrack,
      send: (as, p) => json('PATCH', `/api/tracks/${p.id}/visibility`, { visibility: 'unlisted', downloadable: true })(as),
      effect: async (p) => (await t.context.repositories.tracks.getById(p.id))?.visibility ?? 'gone',
    },
    {
      op: 'PATCH /api/tracks/{id}/visibility',
      note: 'a private track',
      expected: { anonymous: 401, other: 404, owner: 200, admin: 200 },
      prepare: async () => {
        const track = await newTrack();
        await t.context.services.tracks.setVisibility({ id: ids.owner, isAdmin: false }, track.id, { visibility: 'private' });
        return track;
      },
      send: (as, p) => json('PATCH', `/api/tracks/${p.id}/visibility`, { visibility: 'public' })(as),
    },
    {
      op: 'POST /api/tracks/{id}/secret',
      note: 'an unlisted track',
      expected: { anonymous: '401 kept', other: '404 kept', owner: '200 reset', admin: '200 reset' },
      prepare: async () => {
        const track = await newTrack();
        const unlisted = await t.context.services.tracks.setVisibility({ id: ids.owner, isAdmin: false }, track.id, { visibility: 'unlisted' });
        return { id: track.id, secret: unlisted.secret ?? '' };
      },
      send: (as, p) => json('POST', `/api/tracks/${p.id}/secret`)(as),
      effect: async (p) => ((await t.context.repositories.tracks.getById(p.id))?.secret === p.secret ? 'kept' : 'reset'),
    },
    // Issue 14: lyrics, written by the track's owner or an admin (a private track is unknown to others: 404).
    {
      op: 'PUT /api/tracks/{id}/lyrics',
      expected: { anonymous: '401 none', other: '403 none', owner: '200 set', admin: '200 set' },
      prepare: newTrack,
      send: (as, p) => json('PUT', `/api/tracks/${p.id}/lyrics`, { text: '[00:01.00]Line' })(as),
      effect: async (p) => ((await t.context.repositories.lyrics.get(p.id)) ? 'set' : 'none'),
    },
    {
      op: 'PUT /api/tracks/{id}/lyrics',
      note: 'a private track',
      expected: { anonymous: 401, other: 404, owner: 200, admin: 200 },
      prepare: async () => {
        const track = await newTrack();
        await t.context.services.tracks.setVisibility({ id: ids.owner, isAdmin: false }, track.id, { visibility: 'private' });
        return track;
      },
      send: (as, p) => json('PUT', `/api/tracks/${p.id}/lyrics`, { text: 'Words' })(as),
    },
    {
      op: 'DELETE /api/tracks/{id}/lyrics',
      expected: { anonymous: '401 kept', other: '403 kept', owner: '204 gone', admin: '204 gone' },
      prepare: async () => {
        const track = await newTrack();
        await t.context.services.lyrics.put({ id: ids.owner, isAdmin: false }, track.id, { text: 'Words' });
        return track;
      },
      send: (as, p) => json('DELETE', `/api/tracks/${p.id}/lyrics`)(as),
      effect: async (p) => ((await t.context.repositories.lyrics.get(p.id)) ? 'kept' : 'gone'),
    },
    {
      op: 'GET /api/tracks/{id}/download',
      note: 'downloads off',
      expected: { anonymous: 403, other: 403, owner: 200, admin: 200 },
      prepare: newTrack,
      send: (as, p) => json('GET', `/api/tracks/${p.id}/download`)(as),
    },

    // Playlists
    { op: 'POST /api/playlists', expected: signedIn(201), send: json('POST', '/api/playlists', { name: 'Mine' }) },
    { op: 'PATCH /api/playlists/{id}', note: 'a public playlist', expected: ownerOnlyPlaylist(200), prepare: newPlaylist, send: (as, p) => json('PATCH', `/api/playlists/${p.id}`, { name: 'Renamed' })(as) },
    { op: 'DELETE /api/playlists/{id}', note: 'a public playlist', expected: ownerOnlyPlaylist(204), prepare: newPlaylist, send: (as, p) => json('DELETE', `/api/playlists/${p.id}`)(as) },
    {
      op: 'POST /api/playlists/{id}/tracks',
      note: 'a public playlist',
      expected: ownerOnlyPlaylist(200),
      prepare: async () => ({ id: (await newPlaylist()).id, trackId: (await newTrack()).id }),
      send: (as, p) => json('POST', `/api/playlists/${p.id}/tracks`, { trackId: p.trackId })(as),
    },
    {
      op: 'DELETE /api/playlists/{id}/tracks/{entryId}',
      expected: ownerOnlyPlaylist(200),
      prepare: newPlaylistEntry,
      send: (as, p) => json('DELETE', `/api/playlists/${p.id}/tracks/${p.entryId}`)(as),
    },
    {
      op: 'PUT /api/playlists/{id}/tracks/{entryId}/position',
      expected: ownerOnlyPlaylist(200),
      prepare: newPlaylistEntry,
      send: (as, p) => json('PUT', `/api/playlists/${p.id}/tracks/${p.entryId}/position`, { position: 0 })(as),
    },
    { op: 'PUT /api/playlists/{id}/order', expected: ownerOnlyPlaylist(200), prepare: newPlaylistEntry, send: (as, p) => json('PUT', `/api/playlists/${p.id}/order`, { entryIds: [p.entryId] })(as) },
    { op: 'PUT /api/playlists/{id}/cover', note: 'a public playlist', expected: ownerOnlyPlaylist(200), prepare: newPlaylist, send: (as, p) => image(`/api/playlists/${p.id}/cover`)(as) },
    { op: 'DELETE /api/playlists/{id}/cover', note: 'a public playlist', expected: ownerOnlyPlaylist(200), prepare: newPlaylist, send: (as, p) => json('DELETE', `/api/playlists/${p.id}/cover`)(as) },
    // Collaborative playlists: the owner manages the link; anyone signed in holding it joins.
    { op: 'POST /api/playlists/{id}/invite', note: 'a public playlist', expected: ownerOnlyPlaylist(200), prepare: newPlaylist, send: (as, p) => json('POST', `/api/playlists/${p.id}/invite`)(as) },
    { op: 'DELETE /api/playlists/{id}/invite', note: 'a public playlist', expected: ownerOnlyPlaylist(204), prepare: newInvitedPlaylist, send: (as, p) => json('DELETE', `/api/playlists/${p.id}/invite`)(as) },
    {
      op: 'POST /api/playlists/{id}/collaborators',
      note: 'with the invite link’s token',
      expected: signedIn(200),
      prepare: newInvitedPlaylist,
      send: (as, p) => json('POST', `/api/playlists/${p.id}/collaborators`, { invite: p.invite })(as),
    },
    {
      op: 'DELETE /api/playlists/{id}/collaborators/{userId}',
      note: 'the other person, a collaborator: the owner removes them, they leave; the admin is neither',
      expected: { anonymous: '401 kept', other: '204 gone', owner: '204 gone', admin: '404 kept' },
      prepare: newJoinedPlaylist,
      send: (as, p) => json('DELETE', `/api/playlists/${p.id}/collaborators/${ids.other}`)(as),
      effect: async (p) => ((await t.context.database.db.selectFrom('playlist_collaborators').select('user_id').where('playlist_id', '=', p.id).executeTakeFirst()) ? 'kept' : 'gone'),
    },

    // Releases: only the artist changes one; an admin may also delete it. Likes are anyone's signed in.
    { op: 'POST /api/releases', note: 'of the owner’s own track', expected: { anonymous: 401, other: 403, owner: 201, admin: 403 }, prepare: newTrack, send: (as, p) => json('POST', '/api/releases', { title: 'EP', type: 'ep', trackIds: [p.id] })(as) },
    { op: 'PATCH /api/releases/{id}', expected: { anonymous: 401, other: 403, owner: 200, admin: 403 }, prepare: newRelease, send: (as, p) => json('PATCH', `/api/releases/${p.id}`, { title: 'Renamed' })(as) },
    {
      op: 'PUT /api/releases/{id}/tracks',
      expected: { anonymous: 401, other: 403, owner: 200, admin: 403 },
      prepare: newRelease,
      send: (as, p) => json('PUT', `/api/releases/${p.id}/tracks`, { trackIds: [p.trackId] })(as),
    },
    { op: 'PUT /api/releases/{id}/cover', expected: { anonymous: 401, other: 403, owner: 200, admin: 403 }, prepare: newRelease, send: (as, p) => image(`/api/releases/${p.id}/cover`)(as) },
    { op: 'DELETE /api/releases/{id}', expected: ownerOrAdmin(204), prepare: newRelease, send: (as, p) => json('DELETE', `/api/releases/${p.id}`)(as) },
    {
      op: 'DELETE /api/releases/{id}',
      note: 'with its tracks (deleteTracks=true)',
      expected: { anonymous: '401 tracks kept', other: '403 tracks kept', owner: '204 tracks gone', admin: '204 tracks gone' },
      prepare: newRelease,
      send: (as, p) => json('DELETE', `/api/releases/${p.id}?deleteTracks=true`)(as),
      effect: async (p) => ((await request(undefined)('GET', `/api/tracks/${p.trackId}`)).status === 404 ? 'tracks gone' : 'tracks kept'),
    },
    { op: 'PUT /api/releases/{id}/like', expected: signedIn(200), prepare: newRelease, send: (as, p) => json('PUT', `/api/releases/${p.id}/like`)(as) },
    { op: 'DELETE /api/releases/{id}/like', expected: signedIn(200), prepare: newRelease, send: (as, p) => json('DELETE', `/api/releases/${p.id}/like`)(as) },
    { op: 'GET /api/me/releases', expected: signedIn(200), send: json('GET', '/api/me/releases') },
    // Issue 13: a release's visibility and secret link (its tracks follow); a hidden release is unknown to others (404).
    {
      op: 'PATCH /api/releases/{id}',
      note: 'making it private (its tracks follow)',
      expected: { anonymous: '401 public/public', other: '403 public/public', owner: '200 private/private', admin: '403 public/public' },
      prepare: newRelease,
      send: (as, p) => json('PATCH', `/api/releases/${p.id}`, { visibility: 'private' })(as),
      effect: async (p) => `${(await t.context.repositories.releases.getById(p.id))?.visibility ?? 'gone'}/${(await t.context.repositories.tracks.getById(p.trackId ?? ''))?.visibility ?? 'gone'}`,
    },
    {
      op: 'POST /api/releases/{id}/secret',
      note: 'an unlisted release (its tracks follow)',
      expected: { anonymous: '401 kept', other: '403 kept', owner: '200 reset', admin: '403 kept' },
      prepare: newHiddenRelease('unlisted'),
      send: (as, p) => json('POST', `/api/releases/${p.id}/secret`)(as),
      effect: async (p) => {
        const release = await t.context.repositories.releases.getById(p.id);
        const track = await t.context.repositories.tracks.getById(p.trackId ?? '');
        if (release?.secret !== track?.secret) return 'split';
        return release?.secret === p.secret ? 'kept' : 'reset';
      },
    },
    { op: 'GET /api/releases/{id}', note: 'an unlisted release, without its secret', expected: { anonymous: 404, other: 404, owner: 200, admin: 200 }, prepare: newHiddenRelease('unlisted'), send: (as, p) => json('GET', `/api/releases/${p.id}`)(as) },
    { op: 'GET /api/releases/{id}', note: 'an unlisted release, with its secret', expected: everyone(200), prepare: newHiddenRelease('unlisted'), send: (as, p) => json('GET', `/api/releases/${p.id}?s=${encodeURIComponent(p.secret ?? '')}`)(as) },
    { op: 'GET /api/releases/{id}', note: 'a private release', expected: { anonymous: 404, other: 404, owner: 200, admin: 200 }, prepare: newHiddenRelease('private'), send: (as, p) => json('GET', `/api/releases/${p.id}`)(as) },
    { op: 'PUT /api/releases/{id}/like', note: 'a private release', expected: { anonymous: 401, other: 404, owner: 200, admin: 200 }, prepare: newHiddenRelease('private'), send: (as, p) => json('PUT', `/api/releases/${p.id}/like`)(as) },

    // Comments, posts, subscriptions
    { op: 'POST /api/tracks/{id}/comments', expected: signedIn(201), prepare: newTrack, send: (as, p) => json('POST', `/api/tracks/${p.id}/comments`, { text: 'nice' })(as) },
    {
      op: 'DELETE /api/comments/{id}',
      note: 'a third person’s comment on the owner’s track',
      expected: ownerOrAdmin(204),
      prepare: async () => ({ id: await newComment(ids.writer, (await newTrack()).id) }),
      send: (as, p) => json('DELETE', `/api/comments/${p.id}`)(as),
    },
    {
      op: 'DELETE /api/comments/{id}',
      note: 'the owner’s own comment on someone else’s track',
      expected: ownerOrAdmin(204),
      prepare: async () => {
        const track = ((await uploadTrack(writerClient, mp3, { title: 'Not the owner’s' })) as { id: string }).id;
        return { id: await newComment(ids.owner, track) };
      },
      send: (as, p) => json('DELETE', `/api/comments/${p.id}`)(as),
    },
    { op: 'POST /api/posts', expected: signedIn(201), send: json('POST', '/api/posts', { text: 'hello' }) },
    { op: 'DELETE /api/posts/{id}', expected: ownerOrAdmin(204), prepare: newPost, send: (as, p) => json('DELETE', `/api/posts/${p.id}`)(as) },
    { op: 'PUT /api/posts/{id}/pin', expected: { anonymous: 401, other: 403, owner: 200, admin: 403 }, prepare: newPost, send: (as, p) => json('PUT', `/api/posts/${p.id}/pin`)(as) },
    { op: 'DELETE /api/posts/{id}/pin', expected: { anonymous: 401, other: 403, owner: 200, admin: 403 }, prepare: newPost, send: (as, p) => json('DELETE', `/api/posts/${p.id}/pin`)(as) },
    { op: 'PUT /api/posts/{id}/like', expected: signedIn(200), prepare: newPost, send: (as, p) => json('PUT', `/api/posts/${p.id}/like`)(as) },
    { op: 'DELETE /api/posts/{id}/like', expected: signedIn(200), prepare: newPost, send: (as, p) => json('DELETE', `/api/posts/${p.id}/like`)(as) },
    {
      op: 'PUT /api/artists/{id}/subscription',
      note: 'the owner’s page',
      expected: { anonymous: 401, other: 200, owner: 400, admin: 200 },
      prepare: async () => ({ id: ids.owner }),
      send: (as, p) => json('PUT', `/api/artists/${p.id}/subscription`)(as),
    },
    {
      op: 'DELETE /api/artists/{id}/subscription',
      note: 'the owner’s page',
      expected: { anonymous: 401, other: 200, owner: 400, admin: 200 },
      prepare: async () => ({ id: ids.owner }),
      send: (as, p) => json('DELETE', `/api/artists/${p.id}/subscription`)(as),
    },

    // Reposts and notifications
    { op: 'POST /api/tracks/{id}/repost', note: 'anyone signed in, the owner too', expected: signedIn(200), prepare: newTrack, send: (as, p) => json('POST', `/api/tracks/${p.id}/repost`)(as) },
    { op: 'DELETE /api/tracks/{id}/repost', expected: signedIn(200), prepare: newTrack, send: (as, p) => json('DELETE', `/api/tracks/${p.id}/repost`)(as) },
    { op: 'PUT /api/releases/{id}/repost', note: 'a public release: anyone signed in, the artist too', expected: signedIn(200), prepare: newRelease, send: (as, p) => json('PUT', `/api/releases/${p.id}/repost`)(as) },
    {
      op: 'PUT /api/releases/{id}/repost',
      note: 'an unlisted release: not repostable, by nobody',
      expected: { anonymous: 401, other: 404, owner: 404, admin: 404 },
      prepare: newUnlistedRelease,
      send: (as, p) => json('PUT', `/api/releases/${p.id}/repost`)(as),
    },
    { op: 'DELETE /api/releases/{id}/repost', expected: signedIn(200), prepare: newRelease, send: (as, p) => json('DELETE', `/api/releases/${p.id}/repost`)(as) },
    { op: 'GET /api/notifications', note: 'each caller’s own', expected: signedIn(200), send: json('GET', '/api/notifications') },
    { op: 'GET /api/notifications/unread', expected: signedIn(200), send: json('GET', '/api/notifications/unread') },
    { op: 'POST /api/notifications/read', expected: signedIn(200), send: json('POST', '/api/notifications/read') },
    { op: 'GET /api/notifications/settings', expected: signedIn(200), send: json('GET', '/api/notifications/settings') },
    { op: 'PUT /api/notifications/settings', expected: signedIn(200), send: json('PUT', '/api/notifications/settings', { repost: true }) },
    { op: 'GET /api/notifications/email', expected: signedIn(200), send: json('GET', '/api/notifications/email') },
    { op: 'PUT /api/notifications/email', expected: signedIn(200), send: json('PUT', '/api/notifications/email', { follow: true }) },
    {
      op: 'POST /api/email/unsubscribe',
      note: "the owner's signed link from an email: the signature authorizes, no session needed (RFC 8058 one-click)",
      expected: everyone(200),
      prepare: async () => ({ id: new URL(t.context.services.emailDigests.unsubscribeUrl('http://x.test', ids.owner)).search }),
      send: (as, p) => as.request('POST', `/api/email/unsubscribe${p.id}`, { body: new TextEncoder().encode('List-Unsubscribe=One-Click'), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    },
    // A signed-in user gets past the permission to the file check (this body matches no track).
    { op: 'POST /api/playlists/import', expected: signedIn(400), send: json('POST', '/api/playlists/import', { not: 'a playlist' }) },
    { op: 'GET /api/me/play-queue', expected: signedIn(200), send: json('GET', '/api/me/play-queue') },
    { op: 'PUT /api/me/play-queue', expected: signedIn(200), prepare: newTrack, send: (as, p) => json('PUT', '/api/me/play-queue', { trackIds: [p.id], currentId: p.id, positionMs: 1000, device: 'Matrix' })(as) },
    { op: 'POST /api/me/remote', expected: signedIn(204), send: json('POST', '/api/me/remote', { kind: 'hello', deviceId: 'device-0001' }) },
    { op: 'GET /api/me/listenbrainz', expected: signedIn(200), send: json('GET', '/api/me/listenbrainz') },
    // A signed-in user gets past the permission to the server check (an http:// server is refused before any request).
    { op: 'PUT /api/me/listenbrainz', expected: signedIn(400), send: json('PUT', '/api/me/listenbrainz', { token: 'well-formed-token-1234', serverUrl: 'http://lb.example.org' }) },
    { op: 'DELETE /api/me/listenbrainz', expected: signedIn(204), send: json('DELETE', '/api/me/listenbrainz') },
    { op: 'GET /api/me/federation', expected: signedIn(200), send: json('GET', '/api/me/federation') },
    { op: 'PUT /api/me/federation', expected: signedIn(200), send: json('PUT', '/api/me/federation', { enabled: true }) },
    { op: 'GET /api/me/federation/follows', expected: signedIn(200), send: json('GET', '/api/me/federation/follows') },
    { op: 'GET /api/me/federation/feed', expected: signedIn(200), send: json('GET', '/api/me/federation/feed') },
    // A signed-in user gets past the permission to the address check (a loopback address is refused before any request).
    { op: 'POST /api/me/federation/follows', expected: signedIn(400), send: json('POST', '/api/me/federation/follows', { account: 'https://127.0.0.1:9/users/nobody' }) },
    { op: 'GET /api/me/federation/lookup', expected: signedIn(400), send: json('GET', '/api/me/federation/lookup?account=not-a-handle') },
    { op: 'DELETE /api/me/federation/follows', expected: signedIn(204), send: json('DELETE', `/api/me/federation/follows?uri=${encodeURIComponent('https://remote.example/users/nobody')}`) },
    // A signed-in user gets past the permission to the remote track (none is kept here: 404).
    ...(['PUT', 'DELETE'] as const).flatMap((method) =>
      (['likes', 'reposts'] as const).map((path) => ({ op: `${method} /api/me/federation/${path}`, expected: signedIn(404), send: json(method, `/api/me/federation/${path}?uri=${encodeURIComponent('https://remote.example/track/nothing')}`) })),
    ),
    { op: 'POST /api/me/federation/replies', expected: signedIn(404), send: json('POST', '/api/me/federation/replies', { uri: 'https://remote.example/track/nothing', text: 'Lovely' }) },
    { op: 'GET /api/account/deletion', expected: signedIn(200), send: json('GET', '/api/account/deletion') },
    // Only ever one's own account, confirmed with its password: a wrong one is a 400 for everyone signed in.
    { op: 'POST /api/account/deletion', note: 'with a wrong password', expected: signedIn(400), send: json('POST', '/api/account/deletion', { password: 'not-the-password' }) },
    { op: 'DELETE /api/account/deletion', expected: signedIn(200), send: json('DELETE', '/api/account/deletion') },
    { op: 'POST /api/me/now-playing', expected: signedIn(204), prepare: newTrack, send: (as, p) => json('POST', '/api/me/now-playing', { trackId: p.id })(as) },

    // Radio
    { op: 'GET /api/me/daily-mix', note: 'each caller’s own', expected: signedIn(200), send: json('GET', '/api/me/daily-mix') },

    // My account and studio
    { op: 'PATCH /api/me/profile', expected: signedIn(200), send: json('PATCH', '/api/me/profile', { bio: 'changed' }) },
    { op: 'PUT /api/me/images/{kind}', expected: signedIn(200), send: image('/api/me/images/avatar') },
    { op: 'GET /api/me/dashboard', expected: signedIn(200), send: json('GET', '/api/me/dashboard?days=7') },
    { op: 'GET /api/me/liked-ids', expected: signedIn(200), send: json('GET', '/api/me/liked-ids') },
    { op: 'GET /api/me/likes', expected: signedIn(200), send: json('GET', '/api/me/likes') },
    { op: 'GET /api/me/history', expected: signedIn(200), send: json('GET', '/api/me/history') },
    { op: 'GET /api/playlists', expected: signedIn(200), send: json('GET', '/api/playlists') },
    { op: 'GET /api/me/tracks', expected: signedIn(200), send: json('GET', '/api/me/tracks') },
    { op: 'GET /api/me/posts', expected: signedIn(200), send: json('GET', '/api/me/posts') },
    { op: 'GET /api/me/comments', expected: signedIn(200), send: json('GET', '/api/me/comments') },
    { op: 'GET /api/me/subscriptions', expected: signedIn(200), send: json('GET', '/api/me/subscriptions') },
    { op: 'GET /api/me/subsonic-credentials', note: 'each caller’s own', expected: signedIn(200), send: json('GET', '/api/me/subsonic-credentials') },
    { op: 'POST /api/me/subsonic-credentials', expected: signedIn(201), send: json('POST', '/api/me/subsonic-credentials', { kind: 'apiKey', name: 'DSub' }) },
    {
      op: 'DELETE /api/me/subsonic-credentials/{id}',
      note: 'the owner’s API key; nobody else’s to revoke, not even an admin’s',
      expected: { anonymous: '401 kept', other: '404 kept', owner: '204 revoked', admin: '404 kept' },
      prepare: async () => ({ id: (await t.context.services.subsonic.credentials.create(ids.owner, { kind: 'apiKey', name: 'Owned' })).id }),
      send: (as, p) => json('DELETE', `/api/me/subsonic-credentials/${p.id}`)(as),
      effect: async (p) => ((await t.context.repositories.subsonic.credentialsOf(ids.owner)).some((c) => c.id === p.id) ? 'kept' : 'revoked'),
    },

    // Download my data: each caller's own; an export is its owner's alone (admins included, nobody else downloads it)
    { op: 'POST /api/account/export', expected: signedIn(202), send: json('POST', '/api/account/export') },
    { op: 'GET /api/account/export', expected: signedIn(200), send: json('GET', '/api/account/export') },
    {
      op: 'GET /api/account/export/{id}/download',
      note: 'the owner’s ready export',
      expected: { anonymous: 401, other: 404, owner: 200, admin: 404 },
      prepare: async () => {
        const id = `export-${Math.random().toString(36).slice(2)}`;
        const bytes = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
        const key = `exports/${ids.owner}/${id}.zip`;
        await t.context.storage.put(key, bytes);
        const now = new Date();
        await t.context.database.db
          .insertInto('data_exports')
          .values({ id, user_id: ids.owner, status: 'ready', storage_key: key, size_bytes: bytes.length, created_at: now.toISOString(), ready_at: now.toISOString(), expires_at: new Date(now.getTime() + 86_400_000).toISOString() })
          .execute();
        return { id };
      },
      send: (as, p) => json('GET', `/api/account/export/${p.id}/download`)(as),
    },

    // Moderation and the contact form
    { op: 'GET /api/admin/reports', expected: adminOnly, send: json('GET', '/api/admin/reports') },
    { op: 'POST /api/admin/reports/{id}/dismiss', expected: adminOnly, prepare: newReport, send: (as, p) => json('POST', `/api/admin/reports/${p.id}/dismiss`)(as) },
    { op: 'POST /api/admin/reports/{id}/hide', expected: adminOnly, prepare: newReport, send: (as, p) => json('POST', `/api/admin/reports/${p.id}/hide`)(as) },
    { op: 'PUT /api/admin/tracks/{id}/hidden', expected: adminOnly, prepare: newTrack, send: (as, p) => json('PUT', `/api/admin/tracks/${p.id}/hidden`, { hidden: true })(as) },
    { op: 'GET /api/admin/users', expected: adminOnly, send: json('GET', '/api/admin/users?q=owner') },
    { op: 'GET /api/admin/federation/blocks', expected: adminOnly, send: json('GET', '/api/admin/federation/blocks') },
    { op: 'PUT /api/admin/federation/blocks/{host}', expected: adminOnly, send: json('PUT', '/api/admin/federation/blocks/spam.example') },
    { op: 'DELETE /api/admin/federation/blocks/{host}', expected: adminOnly, send: json('DELETE', '/api/admin/federation/blocks/spam.example') },
    { op: 'PUT /api/admin/users/{id}/status', expected: adminOnly, prepare: async () => ({ id: ids.owner }), send: (as, p) => json('PUT', `/api/admin/users/${p.id}/status`, { status: 'artist' })(as) },
    { op: 'GET /api/admin/contact-messages', expected: adminOnly, send: json('GET', '/api/admin/contact-messages') },
    { op: 'GET /api/admin/users/{id}', expected: adminOnly, prepare: async () => ({ id: ids.owner }), send: (as, p) => json('GET', `/api/admin/users/${p.id}`)(as) },
    { op: 'POST /api/admin/users/{id}/suspend', note: 'a person of its own', expected: adminOnly, prepare: newPerson, send: (as, p) => json('POST', `/api/admin/users/${p.id}/suspend`, { reason: 'spam' })(as) },
    {
      op: 'DELETE /api/admin/users/{id}/suspend',
      note: 'a suspended person of its own',
      expected: adminOnly,
      prepare: async () => {
        const person = await newPerson();
        await t.context.services.userAdmin.suspend({ id: ids.admin, isAdmin: true }, person.id);
        return person;
      },
      send: (as, p) => json('DELETE', `/api/admin/users/${p.id}/suspend`)(as),
    },
    { op: 'PUT /api/admin/users/{id}/role', note: 'a person of its own', expected: adminOnly, prepare: newPerson, send: (as, p) => json('PUT', `/api/admin/users/${p.id}/role`, { role: 'listener' })(as) },
    { op: 'GET /api/admin/audit', expected: adminOnly, send: json('GET', '/api/admin/audit') },
    { op: 'POST /api/contact', expected: everyone(201), send: json('POST', '/api/contact', { name: 'Someone', email: 'someone@x.test', message: 'Hello' }) },

    // better-auth: signing up and in is anyone's; what acts on an account needs that account's session.
    {
      op: 'POST /api/auth/sign-up/email',
      expected: everyone(200),
      prepare: async () => ({ id: `new-${Math.random().toString(36).slice(2)}@x.test` }),
      send: (as, p) => json('POST', '/api/auth/sign-up/email', { name: 'New Person', email: p.id, password: PASSWORD })(as),
    },
    {
      op: 'POST /api/auth/sign-in/email',
      note: 'as a person of its own',
      expected: everyone(200),
      prepare: async () => {
        const email = `signin-${Math.random().toString(36).slice(2)}@x.test`;
        await t.context.auth.api.signUpEmail({ body: { name: 'Signer', email, password: PASSWORD } });
        return { id: email };
      },
      send: (as, p) => json('POST', '/api/auth/sign-in/email', { email: p.id, password: PASSWORD })(as),
    },
    { op: 'POST /api/auth/sign-in/social', expected: everyone(200), send: json('POST', '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/home' }) },
    { op: 'POST /api/auth/callback/{id}', note: 'a form post without state', expected: everyone(302), send: json('POST', '/api/auth/callback/google', {}) },
    { op: 'POST /api/auth/get-session', note: 'not enabled', expected: everyone(405), send: json('POST', '/api/auth/get-session', {}) },
    {
      op: 'POST /api/auth/sign-out',
      note: 'the session ends',
      expected: { ...everyone('200 ended'), anonymous: '200 n/a', revoked: '200 n/a', forged: '200 owner kept' },
      freshSessions: true,
      send: json('POST', '/api/auth/sign-out', {}),
      effect: callersSession,
    },
    { op: 'POST /api/auth/reset-password', note: 'a made-up token', expected: everyone(400), send: json('POST', '/api/auth/reset-password', { newPassword: 'a-new-password-1', token: 'made-up' }) },
    {
      op: 'POST /api/auth/request-password-reset',
      note: 'answered alike for any address (one per caller, under the per-address limit)',
      expected: everyone(200),
      send: (as) => json('POST', '/api/auth/request-password-reset', { email: `reset-${as.role}@x.test`, redirectTo: '/reset-password' })(as),
    },
    {
      op: 'POST /api/auth/send-verification-email',
      note: 'the caller’s own unverified address when signed in, any address when not',
      expected: everyone(200),
      send: (as) => json('POST', '/api/auth/send-verification-email', { email: (emails as Record<string, string>)[as.role] ?? `verify-${as.role}@x.test` })(as),
    },
    { op: 'POST /api/auth/verify-password', expected: signedIn(200), send: json('POST', '/api/auth/verify-password', { password: PASSWORD }) },
    {
      op: 'POST /api/auth/change-email',
      note: 'a link to the new address; the address changes only when it is followed',
      expected: signedIn(200),
      send: json('POST', '/api/auth/change-email', { newEmail: 'changed@x.test' }),
    },
    {
      op: 'POST /api/auth/change-password',
      note: 'to the same password, so every person can still sign in',
      expected: signedIn(200),
      freshSessions: true,
      send: json('POST', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: PASSWORD, revokeOtherSessions: false }),
    },
    { op: 'POST /api/auth/update-session', note: 'Platter defines no session fields', expected: signedIn(400), send: json('POST', '/api/auth/update-session', {}) },
    {
      op: 'POST /api/auth/update-user',
      note: 'the name changes on the profile too',
      expected: signedIn(200),
      send: (as) => json('POST', '/api/auth/update-user', { name: `Renamed ${as.role}` })(as),
    },
    { op: 'POST /api/auth/delete-user', note: 'not enabled', expected: signedIn(404), send: json('POST', '/api/auth/delete-user', {}) },
    {
      op: 'POST /api/auth/revoke-session',
      note: 'a session of the owner’s: only the owner ends it',
      expected: { anonymous: '401 kept', other: '200 kept', owner: '200 ended', admin: '200 kept' },
      prepare: newOwnerSession,
      send: (as, p) => json('POST', '/api/auth/revoke-session', { token: p.id })(as),
      effect: async (p) => ((await live(p.cookie as string)) ? 'kept' : 'ended'),
    },
    {
      op: 'POST /api/auth/revoke-sessions',
      note: 'every session of the caller ends',
      expected: { ...signedIn('200 ended'), anonymous: '401 n/a', forged: '401 owner kept' },
      freshSessions: true,
      endsAllSessions: true,
      send: json('POST', '/api/auth/revoke-sessions', {}),
      effect: callersSession,
    },
    {
      op: 'POST /api/auth/revoke-other-sessions',
      note: 'a second session of the owner’s ends only when the owner asks',
      expected: { anonymous: '401 kept', other: '200 kept', owner: '200 ended', admin: '200 kept' },
      freshSessions: true,
      endsAllSessions: true,
      prepare: newOwnerSession,
      send: json('POST', '/api/auth/revoke-other-sessions', {}),
      effect: async (p) => ((await live(p.cookie as string)) ? 'kept' : 'ended'),
    },
    { op: 'POST /api/auth/link-social', expected: signedIn(200), send: json('POST', '/api/auth/link-social', { provider: 'google', callbackURL: '/home' }) },
    {
      op: 'POST /api/auth/unlink-account',
      note: 'the owner’s only sign-in method',
      expected: { anonymous: '401 kept', other: '400 kept', owner: '400 kept', admin: '400 kept' },
      prepare: ownerAccount,
      send: (as, p) => json('POST', '/api/auth/unlink-account', { accountId: p.accountId })(as),
      effect: async () => ((await t.context.auth.api.listUserAccounts({ headers: new Headers({ cookie: sessions.owner }) })).length === 1 ? 'kept' : 'gone'),
    },
    {
      op: 'POST /api/auth/refresh-token',
      note: 'the owner’s account, named with the owner’s id',
      expected: { anonymous: 401, other: 400, owner: 400, admin: 400 },
      prepare: ownerAccount,
      send: (as, p) => json('POST', '/api/auth/refresh-token', { accountId: p.id, userId: ids.owner })(as),
    },
    {
      op: 'POST /api/auth/get-access-token',
      note: 'the owner’s account, named with the owner’s id',
      expected: { anonymous: 401, other: 400, owner: 400, admin: 400 },
      prepare: ownerAccount,
      send: (as, p) => json('POST', '/api/auth/get-access-token', { accountId: p.id, userId: ids.owner })(as),
    },
    { op: 'GET /api/auth/list-sessions', expected: signedIn(200), send: json('GET', '/api/auth/list-sessions') },
    { op: 'GET /api/auth/list-accounts', expected: signedIn(200), send: json('GET', '/api/auth/list-accounts') },
    { op: 'GET /api/auth/account-info', note: 'an account that is not linked', expected: signedIn(400), send: json('GET', '/api/auth/account-info?accountId=none') },

    // Account security: the signed-in devices, and the second factors (better-auth's twoFactor and passkey plugins).
    { op: 'GET /api/me/security', expected: signedIn(200), send: json('GET', '/api/me/security') },
    { op: 'GET /api/me/sessions', expected: signedIn(200), send: json('GET', '/api/me/sessions') },
    {
      op: 'DELETE /api/me/sessions/{id}',
      note: 'a session of the owner’s, by its id: only the owner ends it',
      expected: { anonymous: '401 kept', other: '404 kept', owner: '204 ended', admin: '404 kept' },
      prepare: async () => {
        const prepared = await newOwnerSession();
        const row = await t.context.database.db.selectFrom('session').select('id').where('token', '=', prepared.id).executeTakeFirstOrThrow();
        return { ...prepared, id: row.id };
      },
      send: (as, p) => json('DELETE', `/api/me/sessions/${p.id}`)(as),
      effect: async (p) => ((await live(p.cookie as string)) ? 'kept' : 'ended'),
    },
    {
      op: 'POST /api/auth/two-factor/enable',
      note: 'started, not confirmed: sign-in is not changed',
      expected: signedIn(200),
      send: json('POST', '/api/auth/two-factor/enable', { password: PASSWORD }),
    },
    { op: 'POST /api/auth/two-factor/get-totp-uri', expected: signedIn(200), send: json('POST', '/api/auth/two-factor/get-totp-uri', { password: PASSWORD }) },
    {
      op: 'POST /api/auth/two-factor/generate-backup-codes',
      note: 'no authenticator app confirmed yet',
      expected: signedIn(400),
      send: json('POST', '/api/auth/two-factor/generate-backup-codes', { password: PASSWORD }),
    },
    { op: 'POST /api/auth/two-factor/verify-totp', note: 'a wrong code, or no sign-in waiting for one', expected: signedIn(401), send: json('POST', '/api/auth/two-factor/verify-totp', { code: '000000' }) },
    { op: 'POST /api/auth/two-factor/verify-backup-code', note: 'a made-up code', expected: signedIn(401), send: json('POST', '/api/auth/two-factor/verify-backup-code', { code: 'made-up-code' }) },
    { op: 'POST /api/auth/two-factor/send-otp', note: 'not enabled', expected: everyone(400), send: json('POST', '/api/auth/two-factor/send-otp', {}) },
    { op: 'POST /api/auth/two-factor/verify-otp', note: 'not enabled', expected: signedIn(400), send: json('POST', '/api/auth/two-factor/verify-otp', { code: '000000' }) },
    {
      op: 'POST /api/auth/two-factor/disable',
      note: 'ends the caller’s session for a new one',
      expected: signedIn(200),
      freshSessions: true,
      send: json('POST', '/api/auth/two-factor/disable', { password: PASSWORD }),
    },
    { op: 'GET /api/auth/passkey/generate-register-options', expected: signedIn(200), send: json('GET', '/api/auth/passkey/generate-register-options') },
    {
      op: 'POST /api/auth/passkey/verify-registration',
      note: 'an answer to no challenge',
      expected: signedIn(400),
      send: json('POST', '/api/auth/passkey/verify-registration', { response: { id: 'x', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} } }),
    },
    { op: 'GET /api/auth/passkey/generate-authenticate-options', expected: everyone(200), send: json('GET', '/api/auth/passkey/generate-authenticate-options') },
    {
      op: 'POST /api/auth/passkey/verify-authentication',
      note: 'an answer to no challenge',
      expected: everyone(400),
      send: json('POST', '/api/auth/passkey/verify-authentication', { response: { id: 'x', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} } }),
    },
    { op: 'GET /api/auth/passkey/list-user-passkeys', expected: signedIn(200), send: json('GET', '/api/auth/passkey/list-user-passkeys') },
    { op: 'POST /api/auth/passkey/delete-passkey', note: 'a passkey that is nobody’s', expected: signedIn(404), send: json('POST', '/api/auth/passkey/delete-passkey', { id: 'none' }) },
    { op: 'POST /api/auth/passkey/update-passkey', note: 'a passkey that is nobody’s', expected: signedIn(404), send: json('POST', '/api/auth/passkey/update-passkey', { id: 'none', name: 'Renamed' }) },
  ];

  const expectedFor = (row: Row, role: Role): Outcome => (role === 'revoked' || role === 'forged' ? (row.expected[role] ?? row.expected.anonymous) : row.expected[role]);
  const statusOf = (outcome: Outcome) => Number(String(outcome).split(' ')[0]);

  it('has a row for every operation of the API document that changes state or needs a session, and none for one it does not list', () => {
    const needed = [...operations]
      .filter(([key, op]) => MUTATING.has(key.split(' ')[0] as string) || op['x-platter-access'] === 'signedIn' || op['x-platter-access'] === 'admin')
      .map(([key]) => key);
    expect(needed.length).toBeGreaterThan(70);
    const covered = new Set(rows.map((row) => row.op));
    expect(needed.filter((key) => !covered.has(key)), 'operations without a matrix row').toEqual([]);
    expect([...covered].filter((key) => !operations.has(key)), 'rows for operations the document does not list').toEqual([]);
  });

  it('each row agrees with the document: a session-only operation refuses anonymous with 401, an admin one refuses others with 403', () => {
    for (const row of rows) {
      const access = operations.get(row.op)?.['x-platter-access'];
      if (access === 'signedIn' || access === 'admin') expect(statusOf(row.expected.anonymous), row.op).toBe(401);
      else expect(statusOf(row.expected.anonymous), row.op).not.toBe(401);
      if (access === 'admin') expect([statusOf(row.expected.other), statusOf(row.expected.owner)], row.op).toEqual([403, 403]);
    }
  });

  for (const row of rows) {
    it(`${row.op}${row.note ? ` (${row.note})` : ''}`, async () => {
      const got: Partial<Record<Role, Outcome>> = {};
      const want: Partial<Record<Role, Outcome>> = {};
      const documented = Object.keys(operations.get(row.op)?.responses ?? {}).map(Number);
      const undocumented: string[] = [];
      for (const role of ROLES) {
        const prepared = await (row.prepare ?? none)();
        const as = await caller(role, row.freshSessions ?? false);
        const response = await row.send(as, prepared);
        await response.body?.cancel();
        got[role] = row.effect ? `${response.status} ${await row.effect(prepared, as)}` : response.status;
        want[role] = expectedFor(row, role);
        if (!documented.includes(response.status)) undocumented.push(`${role}: ${response.status}`);
        if (row.endsAllSessions && (PEOPLE as Role[]).includes(role)) sessions[role as Person] = await signIn(role as Person);
      }
      expect(got).toEqual(want);
      // Whatever it answers, the document says it can.
      expect(undocumented, 'answers the document does not list').toEqual([]);
    });
  }

  it('a forged cookie of any kind counts for nobody: unsigned, made-up, signed for another token, tampered', async () => {
    const value = decodeURIComponent(sessions.owner.slice(cookieName.length + 1));
    const token = value.slice(0, value.lastIndexOf('.'));
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const sign = (text: string) => createHmac('sha256', 'another-secret-another-secret-another').update(text).digest('base64');
    const forgeries = {
      unsigned: token,
      madeUp: `${'x'.repeat(32)}.${sign('x'.repeat(32))}`,
      anotherTokensSignature: `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`,
      // The first character carries six bits of the MAC; the last before '=' also carries two padding
      // bits a decoder ignores, so changing only those would leave the same signature (1 run in 16).
      tamperedSignature: `${token}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
    };
    for (const [kind, forged] of Object.entries(forgeries)) {
      const cookie = `${cookieName}=${encodeURIComponent(forged)}`;
      expect((await (await request(cookie)('GET', '/api/me')).json()) as unknown, kind).toBeNull();
      expect((await request(cookie)('PATCH', '/api/me/profile', { json: { bio: 'forged' } })).status, kind).toBe(401);
      expect((await request(cookie)('POST', '/api/auth/update-user', { json: { name: 'Forged' } })).status, kind).toBe(401);
    }
    // The real cookie still works, so the forgeries were refused for what they are.
    expect(((await (await request(sessions.owner)('GET', '/api/me')).json()) as { user: { id: string } } | null)?.user.id).toBe(ids.owner);
  });

  it('a session ended any other way counts for nobody too: revoked from another session, all revoked, ended by a password change, expired', async () => {
    const tokenOf = async (cookie: string) => ((await (await request(cookie)('GET', '/api/auth/get-session')).json()) as { session: { token: string } }).session.token;
    const ended: Record<string, string> = {};
    // Revoked by the owner from another of their sessions.
    ended.revokedFromElsewhere = await signIn('owner');
    expect((await request(sessions.owner)('POST', '/api/auth/revoke-session', { json: { token: await tokenOf(ended.revokedFromElsewhere) } })).status).toBe(200);
    // Every session ended at once (the long-lived one too, so the owner signs in again after).
    ended.allRevoked = await signIn('owner');
    expect((await request(await signIn('owner'))('POST', '/api/auth/revoke-sessions', { json: {} })).status).toBe(200);
    // Ended by a password change that ends the other sessions (to the same password, so the owner can sign in again).
    ended.passwordChanged = await signIn('owner');
    const changer = await signIn('owner');
    expect((await request(changer)('POST', '/api/auth/change-password', { json: { currentPassword: PASSWORD, newPassword: PASSWORD, revokeOtherSessions: true } })).status).toBe(200);
    // Expired: its row says so (the session plugin's fast path reads that row itself).
    ended.expired = await signIn('owner');
    const past = new Date(Date.now() - 60_000);
    await t.context.database.db
      .updateTable('session')
      .set({ expiresAt: dialect === 'sqlite' ? past.toISOString() : past })
      .where('token', '=', await tokenOf(ended.expired))
      .execute();
    sessions.owner = await signIn('owner');
    for (const [how, cookie] of Object.entries(ended)) {
      expect((await (await request(cookie)('GET', '/api/me')).json()) as unknown, how).toBeNull();
      expect((await request(cookie)('PATCH', '/api/me/profile', { json: { bio: 'ended' } })).status, how).toBe(401);
      expect((await request(cookie)('POST', '/api/auth/update-user', { json: { name: 'Ended' } })).status, how).toBe(401);
    }
    expect(((await (await request(sessions.owner)('GET', '/api/me')).json()) as { user: { id: string } } | null)?.user.id).toBe(ids.owner);
  });

  it('an admin is recognised by email (case-insensitively), and told so by /api/me', async () => {
    expect(((await (await request(sessions.admin)('GET', '/api/me')).json()) as { isAdmin: boolean }).isAdmin).toBe(true);
    expect(((await (await request(sessions.owner)('GET', '/api/me')).json()) as { isAdmin: boolean }).isAdmin).toBe(false);
  });

  it('the status set by an admin shows on the profile; an unknown status is refused clearly', async () => {
    const admin = request(sessions.admin);
    const set = await admin('PUT', `/api/admin/users/${ids.other}/status`, { json: { status: 'premium' } });
    expect(((await set.json()) as { status: string }).status).toBe('premium');
    expect(((await (await request(sessions.owner)('GET', `/api/artists/${ids.other}`)).json()) as { status: string }).status).toBe('premium');
    const bad = await admin('PUT', `/api/admin/users/${ids.other}/status`, { json: { status: 'king' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('status must be one of creator, artist, premium, user');
    expect((await admin('PUT', '/api/admin/users/nobody/status', { json: { status: 'user' } })).status).toBe(404);
  });
});
