import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const ADMIN_EMAIL = 'boss@platter.test';
type Role = 'signedOut' | 'other' | 'owner' | 'admin';
const ROLES: Role[] = ['signedOut', 'other', 'owner', 'admin'];
let writerClient: Client;

/** One mutation: `prepare` makes a fresh resource owned by `owner`, `send` performs it as the given client. */
interface Case {
  name: string;
  expected: Record<Role, number>;
  prepare(): Promise<string>;
  send(client: Client, id: string): Promise<Response>;
}

/**
 * Every mutation of the studio and social side, tried by someone signed out, another user, the
 * owner and an admin, against a fresh resource each time: the API allows exactly what it should,
 * whatever the UI shows or hides.
 */
describe(`permissions of every studio, social and admin mutation (${dialect})`, () => {
  let t: TestApp;
  const clients = {} as Record<Role, Client>;
  const ids = {} as Record<Role | 'writer', string>;
  let mp3: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ` Other@x.test, ${ADMIN_EMAIL.toUpperCase()} ` });
    for (const role of ROLES) clients[role] = new Client(t.baseUrl);
    ids.owner = (await clients.owner.signUp('Owner')).id;
    ids.other = (await clients.other.signUp('Other', 'someone@x.test')).id;
    ids.admin = (await clients.admin.signUp('Admin', ADMIN_EMAIL)).id;
    // A fourth person: writes comments on the owner's tracks, and owns a track the owner comments on.
    writerClient = new Client(t.baseUrl);
    ids.writer = (await writerClient.signUp('Writer')).id;
    mp3 = await makeMp3(1);
    png = await makePng(32, 32);
  });
  afterAll(() => t.close());

  const json = (method: string, url: string, body?: unknown) => (client: Client) => client.request(method, url, body === undefined ? {} : { json: body });
  const newTrack = async () => ((await uploadTrack(clients.owner, mp3, { title: 'Owned' })) as { id: string }).id;
  // Resources are made through the services: what is under test is the request that follows.
  const newPost = async () => (await t.context.services.posts.create({ id: ids.owner, isAdmin: false }, { text: 'owned post' })).id;
  const newComment = async (authorId: string, trackId: string) =>
    (await t.context.services.comments.add({ id: authorId, isAdmin: false }, trackId, { text: 'hi' })).id;
  const newReport = async () => {
    const track = await newTrack();
    return (await clients.other.json<{ id: string }>('POST', `/api/tracks/${track}/reports`, { reason: 'spam' })).body.id;
  };
  const adminOnly = { signedOut: 401, other: 403, owner: 403, admin: 200 };
  // A playlist is its owner's alone (no admin override); to anyone else even a public one is "not found".
  const newPlaylist = async () => {
    const playlist = await t.context.services.playlists.create(ids.owner, { name: 'Owned' });
    await t.context.services.playlists.update(ids.owner, playlist.id, { isPublic: true });
    return playlist.id;
  };
  const ownerOnlyPlaylist = { signedOut: 401, other: 404, owner: 200, admin: 404 };

  const cases: Case[] = [
    {
      name: 'PATCH /api/tracks/:id',
      expected: { signedOut: 401, other: 403, owner: 200, admin: 200 },
      prepare: newTrack,
      send: (c, id) => json('PATCH', `/api/tracks/${id}`, { title: 'Renamed', genre: 'Phonk' })(c),
    },
    { name: 'DELETE /api/tracks/:id', expected: { signedOut: 401, other: 403, owner: 204, admin: 204 }, prepare: newTrack, send: (c, id) => json('DELETE', `/api/tracks/${id}`)(c) },
    {
      name: 'PUT /api/tracks/:id/cover',
      expected: { signedOut: 401, other: 403, owner: 200, admin: 200 },
      prepare: newTrack,
      send: (c, id) => c.request('PUT', `/api/tracks/${id}/cover`, { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } }),
    },
    {
      name: 'PUT /api/playlists/:id/cover (a public playlist)',
      expected: ownerOnlyPlaylist,
      prepare: newPlaylist,
      send: (c, id) => c.request('PUT', `/api/playlists/${id}/cover`, { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } }),
    },
    { name: 'DELETE /api/playlists/:id/cover (a public playlist)', expected: ownerOnlyPlaylist, prepare: newPlaylist, send: (c, id) => json('DELETE', `/api/playlists/${id}/cover`)(c) },
    {
      name: 'DELETE /api/comments/:id (a third person’s comment on the owner’s track)',
      expected: { signedOut: 401, other: 403, owner: 204, admin: 204 },
      prepare: async () => newComment(ids.writer as string, await newTrack()),
      send: (c, id) => json('DELETE', `/api/comments/${id}`)(c),
    },
    {
      name: 'DELETE /api/comments/:id (the owner’s own comment on someone else’s track)',
      expected: { signedOut: 401, other: 403, owner: 204, admin: 204 },
      prepare: async () => {
        const track = ((await uploadTrack(writerClient, mp3, { title: 'Not the owner’s' })) as { id: string }).id;
        return newComment(ids.owner, track);
      },
      send: (c, id) => json('DELETE', `/api/comments/${id}`)(c),
    },
    { name: 'POST /api/tracks/:id/comments', expected: { signedOut: 401, other: 201, owner: 201, admin: 201 }, prepare: newTrack, send: (c, id) => json('POST', `/api/tracks/${id}/comments`, { text: 'nice' })(c) },
    { name: 'POST /api/posts', expected: { signedOut: 401, other: 201, owner: 201, admin: 201 }, prepare: async () => '', send: (c) => json('POST', '/api/posts', { text: 'hello' })(c) },
    { name: 'DELETE /api/posts/:id', expected: { signedOut: 401, other: 403, owner: 204, admin: 204 }, prepare: newPost, send: (c, id) => json('DELETE', `/api/posts/${id}`)(c) },
    { name: 'PUT /api/posts/:id/pin', expected: { signedOut: 401, other: 403, owner: 200, admin: 403 }, prepare: newPost, send: (c, id) => json('PUT', `/api/posts/${id}/pin`)(c) },
    { name: 'DELETE /api/posts/:id/pin', expected: { signedOut: 401, other: 403, owner: 200, admin: 403 }, prepare: newPost, send: (c, id) => json('DELETE', `/api/posts/${id}/pin`)(c) },
    { name: 'PUT /api/posts/:id/like', expected: { signedOut: 401, other: 200, owner: 200, admin: 200 }, prepare: newPost, send: (c, id) => json('PUT', `/api/posts/${id}/like`)(c) },
    {
      name: 'PUT /api/artists/:id/subscription (the owner’s page)',
      expected: { signedOut: 401, other: 200, owner: 400, admin: 200 },
      prepare: async () => ids.owner,
      send: (c, id) => json('PUT', `/api/artists/${id}/subscription`)(c),
    },
    {
      name: 'DELETE /api/artists/:id/subscription (the owner’s page)',
      expected: { signedOut: 401, other: 200, owner: 400, admin: 200 },
      prepare: async () => ids.owner,
      send: (c, id) => json('DELETE', `/api/artists/${id}/subscription`)(c),
    },
    { name: 'PATCH /api/me/profile', expected: { signedOut: 401, other: 200, owner: 200, admin: 200 }, prepare: async () => '', send: (c) => json('PATCH', '/api/me/profile', { bio: 'changed' })(c) },
    {
      name: 'PUT /api/me/images/avatar',
      expected: { signedOut: 401, other: 200, owner: 200, admin: 200 },
      prepare: async () => '',
      send: (c) => c.request('PUT', '/api/me/images/avatar', { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } }),
    },
    { name: 'GET /api/me/dashboard', expected: { signedOut: 401, other: 200, owner: 200, admin: 200 }, prepare: async () => '', send: (c) => json('GET', '/api/me/dashboard?days=7')(c) },
    { name: 'GET /api/admin/reports', expected: adminOnly, prepare: async () => '', send: (c) => json('GET', '/api/admin/reports')(c) },
    { name: 'POST /api/admin/reports/:id/dismiss', expected: adminOnly, prepare: newReport, send: (c, id) => json('POST', `/api/admin/reports/${id}/dismiss`)(c) },
    { name: 'POST /api/admin/reports/:id/hide', expected: adminOnly, prepare: newReport, send: (c, id) => json('POST', `/api/admin/reports/${id}/hide`)(c) },
    { name: 'PUT /api/admin/tracks/:id/hidden', expected: adminOnly, prepare: newTrack, send: (c, id) => json('PUT', `/api/admin/tracks/${id}/hidden`, { hidden: true })(c) },
    { name: 'GET /api/admin/users', expected: adminOnly, prepare: async () => '', send: (c) => json('GET', '/api/admin/users?q=owner')(c) },
    {
      name: 'PUT /api/admin/users/:id/status',
      expected: adminOnly,
      prepare: async () => ids.owner,
      send: (c, id) => json('PUT', `/api/admin/users/${id}/status`, { status: 'artist' })(c),
    },
    { name: 'GET /api/admin/contact-messages', expected: adminOnly, prepare: async () => '', send: (c) => json('GET', '/api/admin/contact-messages')(c) },
  ];

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const got: Record<string, number> = {};
      for (const role of ROLES) {
        const id = await testCase.prepare();
        got[role] = (await testCase.send(clients[role], id)).status;
      }
      expect(got).toEqual(testCase.expected);
    });
  }

  it('an admin is recognised by email (case-insensitively), and told so by /api/me', async () => {
    expect((await clients.admin.json<{ isAdmin: boolean }>('GET', '/api/me')).body.isAdmin).toBe(true);
    expect((await clients.owner.json<{ isAdmin: boolean }>('GET', '/api/me')).body.isAdmin).toBe(false);
  });

  it('the status set by an admin shows on the profile; an unknown status is refused clearly', async () => {
    const set = await clients.admin.json<{ status: string }>('PUT', `/api/admin/users/${ids.other}/status`, { status: 'premium' });
    expect(set.body.status).toBe('premium');
    expect((await clients.owner.json<{ status: string }>('GET', `/api/artists/${ids.other}`)).body.status).toBe('premium');
    const bad = await clients.admin.json<{ message: string }>('PUT', `/api/admin/users/${ids.other}/status`, { status: 'king' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be one of creator, artist, premium, user');
    expect((await clients.admin.json('PUT', '/api/admin/users/nobody/status', { status: 'user' })).status).toBe(404);
  });
});
