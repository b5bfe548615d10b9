import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountByEmail } from '../src/auth/auth.js';
import { buildApp } from '../src/app.js';
import { createContext } from '../src/context.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const ADMIN_EMAIL = 'chief@platter.test';
const PASSWORD = 'correct-horse-battery';
type AdminUser = { id: string; email: string; displayName: string; role: string; isAdmin: boolean; adminByConfig: boolean; suspendedAt: string | null; tracks: number };
type UserPage = { items: AdminUser[]; page: number; hasMore: boolean };
type AuditPage = { items: Array<{ action: string; actorId: string | null; actorEmail: string | null; targetType: string; targetId: string; details: Record<string, unknown>; createdAt: string }>; page: number; hasMore: boolean };

/** A second Platter over the same database and files: what another instance behind the balancer sees. */
async function secondInstance(t: TestApp) {
  const context = await createContext(t.config);
  const app = await buildApp(context);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await context.close();
    },
  };
}

async function signIn(baseUrl: string, email: string, language = 'en'): Promise<{ status: number; body: { error?: string; message?: string }; client: Client }> {
  const client = new Client(baseUrl);
  const response = await client.request('POST', '/api/auth/sign-in/email', { json: { email, password: PASSWORD }, headers: { 'accept-language': language } });
  return { status: response.status, body: (await response.json()) as { error?: string; message?: string }, client };
}

describe(`administration: find users, suspend and lift, roles, the audit log (${dialect})`, () => {
  let t: TestApp;
  let admin: Client;
  let artist: Client;
  let fan: Client;
  let artistId: string;
  let fanId: string;
  const artistEmail = 'suspect@platter.test';
  const fanEmail = 'fan@platter.test';

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = new Client(t.baseUrl);
    artist = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    await admin.signUp('Chief', ADMIN_EMAIL, PASSWORD);
    artistId = (await artist.signUp('Suspect Artist', artistEmail, PASSWORD)).id;
    fanId = (await fan.signUp('Plain Fan', fanEmail, PASSWORD)).id;
  });
  afterAll(() => t.close());

  it('finds users by name or email, a page at a time, and refuses non-admins', async () => {
    const make = accountByEmail(t.context.auth);
    for (let i = 0; i < 52; i++) await make({ name: `Pager ${String(i).padStart(2, '0')}`, email: `pager-${i}@bulk.test` });
    const first = await admin.json<UserPage>('GET', '/api/admin/users?q=pager');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, hasMore: true });
    expect(first.body.items).toHaveLength(50);
    const second = await admin.json<UserPage>('GET', '/api/admin/users?q=pager&page=2');
    expect(second.body).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.items).toHaveLength(2);
    const all = new Set([...first.body.items, ...second.body.items].map((u) => u.email));
    expect(all.size).toBe(52);
    // By email, case-insensitively, and by display name.
    expect((await admin.json<UserPage>('GET', '/api/admin/users?q=SUSPECT@')).body.items.map((u) => u.id)).toEqual([artistId]);
    expect((await admin.json<UserPage>('GET', '/api/admin/users?q=plain%20fan')).body.items).toMatchObject([{ id: fanId, role: 'artist', suspendedAt: null, isAdmin: false }]);
    const chief = (await admin.json<UserPage>('GET', '/api/admin/users?q=chief')).body.items[0];
    expect(chief).toMatchObject({ role: 'admin', adminByConfig: true, isAdmin: true });
    expect((await admin.json<{ message: string }>('GET', '/api/admin/users?page=0')).status).toBe(400);
    expect((await fan.json('GET', '/api/admin/users?q=pager')).status).toBe(403);
    expect((await new Client(t.baseUrl).json('GET', '/api/admin/users')).status).toBe(401);
  });

  it('suspends: every session ends on every instance, the content is hidden from everyone else, sign-in and Subsonic are refused; lifting brings it all back', async () => {
    // The artist's content: a track on a release, a post, a comment on the fan's track, a public playlist.
    const track = (await uploadTrack(artist, await makeMp3(1), { title: 'Suspicious Tune' })) as unknown as { id: string; url: string };
    const fanTrack = (await uploadTrack(fan, await makeMp3(1), { title: 'Fan Tune' })) as unknown as { id: string };
    const release = await artist.json<{ id: string }>('POST', '/api/releases', { title: 'Suspect EP', type: 'ep', trackIds: [track.id] });
    expect(release.status).toBe(201);
    expect((await artist.json('POST', '/api/posts', { text: 'a post of the suspect' })).status).toBe(201);
    expect((await artist.json('POST', `/api/tracks/${fanTrack.id}/comments`, { text: 'a comment of the suspect' })).status).toBe(201);
    const playlist = (await artist.json<{ id: string }>('POST', '/api/playlists', { name: 'Suspect mix' })).body;
    expect((await artist.json('PATCH', `/api/playlists/${playlist.id}`, { isPublic: true })).status).toBe(200);
    const appPassword = (await artist.json<{ secret: string }>('POST', '/api/me/subsonic-credentials', { kind: 'appPassword', name: 'Phone' })).body.secret;
    const subsonicPing = async () => (await (await fetch(`${t.baseUrl}/rest/ping?${new URLSearchParams({ u: artistEmail, p: appPassword, f: 'json', v: '1.16.1', c: 'test' })}`)).json()) as { 'subsonic-response': { status: string; error?: { code: number; message: string } } };
    expect((await subsonicPing())['subsonic-response'].status).toBe('ok');

    // A second browser of the artist's, and the artist's session seen by a second instance.
    const otherBrowser = (await signIn(t.baseUrl, artistEmail)).client;
    const other = await secondInstance(t);
    try {
      const onOther = new Client(other.baseUrl);
      const seenThere = async (cookie: string) => (await onOther.request('GET', '/api/me', { headers: { cookie } })).json();
      expect(await seenThere(artist.cookieHeader())).toMatchObject({ user: { id: artistId } });

      const visibleTo = async (viewer: Client) => ({
        track: (await viewer.json('GET', `/api/tracks/${track.id}`)).status,
        audio: (await viewer.get(track.url)).status,
        inList: (await viewer.json<{ items: Array<{ id: string }> }>('GET', '/api/tracks?pageSize=100')).body.items.some((i) => i.id === track.id),
        inSearch: (await viewer.json<{ tracks: Array<{ id: string }> }>('GET', '/api/search?q=suspicious')).body.tracks.length,
        release: (await viewer.json('GET', `/api/releases/${release.body.id}`)).status,
        artistPage: (await viewer.json('GET', `/api/artists/${artistId}`)).status,
        profile: (await viewer.json('GET', `/api/profiles/${artistId}`)).status,
        posts: (await viewer.json('GET', `/api/artists/${artistId}/posts`)).status,
        comments: (await viewer.json<{ items: Array<{ text: string }> }>('GET', `/api/tracks/${fanTrack.id}/comments`)).body.items.length,
        playlist: (await viewer.json('GET', `/api/playlists/${playlist.id}`)).status,
      });
      const shown = { track: 200, audio: 200, inList: true, inSearch: 1, release: 200, artistPage: 200, profile: 200, posts: 200, comments: 1, playlist: 200 };
      expect(await visibleTo(fan)).toEqual(shown);
      // The artist's live-event streams end with the sessions (across instances through the shared
      // event bus, Redis, as every live event; these two instances share no bus, so both on this one).
      const streams = [await openEventStream(t.baseUrl, artist.cookieHeader()), await openEventStream(t.baseUrl, otherBrowser.cookieHeader())];
      const fanStream = await openEventStream(t.baseUrl, fan.cookieHeader());

      const suspended = await admin.json<AdminUser>('POST', `/api/admin/users/${artistId}/suspend`, { reason: 'spam uploads' });
      expect(suspended.status).toBe(200);
      expect(suspended.body.suspendedAt).toEqual(expect.any(String));

      await Promise.all(streams.map((stream) => stream.ended));
      expect(fanStream.isEnded).toBe(false);
      await fanStream.close();
      // Signed out at once, in both browsers, on both instances.
      for (const client of [artist, otherBrowser]) {
        expect((await client.json('GET', '/api/me')).body).toBeNull();
        expect((await client.json('GET', '/api/me/tracks')).status).toBe(401);
        expect(await seenThere(client.cookieHeader())).toBeNull();
      }

      const hidden = { track: 404, audio: 404, inList: false, inSearch: 0, release: 404, artistPage: 404, profile: 404, posts: 404, comments: 0, playlist: 404 };
      expect(await visibleTo(fan)).toEqual(hidden);
      expect(await visibleTo(new Client(t.baseUrl))).toEqual(hidden);
      // Listed as a suspended user to admins.
      expect((await admin.json<UserPage>('GET', '/api/admin/users?suspended=true')).body.items.map((u) => u.id)).toEqual([artistId]);

      // Sign-in refused, with a message that says why, in the browser's language; on either instance.
      const refused = await signIn(t.baseUrl, artistEmail);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('account_suspended');
      expect(refused.body.message).toMatch(/^This account is suspended/);
      expect(refused.client.cookieHeader()).toBe('');
      const russian = await signIn(other.baseUrl, artistEmail, 'ru-RU,ru;q=0.9,en;q=0.5');
      expect(russian.status).toBe(403);
      expect(russian.body.message).toMatch(/^Этот аккаунт заблокирован/);
      const subsonic = (await subsonicPing())['subsonic-response'];
      expect(subsonic.status).toBe('failed');
      expect(subsonic.error).toMatchObject({ code: 40, message: expect.stringMatching(/suspended/) });

      // Suspending twice, oneself, or an admin: a 409 that says why.
      expect((await admin.json<{ error: string }>('POST', `/api/admin/users/${artistId}/suspend`, {})).body.error).toBe('already_suspended');
      const self = (await admin.json<UserPage>('GET', '/api/admin/users?q=chief')).body.items[0]!;
      const selfSuspend = await admin.json<{ error: string }>('POST', `/api/admin/users/${self.id}/suspend`);
      expect(selfSuspend, JSON.stringify(selfSuspend.body)).toMatchObject({ status: 409, body: { error: 'suspend_self' } });
      expect((await admin.json('POST', '/api/admin/users/nobody/suspend')).status).toBe(404);

      // Lifted: everything is back as it was, counters too; the artist signs in again.
      const lifted = await admin.json<AdminUser>('DELETE', `/api/admin/users/${artistId}/suspend`);
      expect(lifted.status).toBe(200);
      expect(lifted.body).toMatchObject({ suspendedAt: null, tracks: 1 });
      expect(await visibleTo(fan)).toEqual(shown);
      expect((await admin.json<{ error: string }>('DELETE', `/api/admin/users/${artistId}/suspend`)).body.error).toBe('not_suspended');
      const back = await signIn(t.baseUrl, artistEmail);
      expect(back.status).toBe(200);
      expect((await back.client.json('GET', '/api/me')).body).toMatchObject({ user: { id: artistId }, profile: { tracks: 1 } });
      artist = back.client;
      expect((await subsonicPing())['subsonic-response'].status).toBe('ok');
    } finally {
      await other.close();
    }
  });

  it('changes roles: listener, artist, admin; an admin of ADMIN_EMAILS keeps the role', async () => {
    const set = (id: string, role: string) => admin.json<AdminUser & { error?: string }>('PUT', `/api/admin/users/${id}/role`, { role });
    expect((await set(fanId, 'listener')).body).toMatchObject({ role: 'listener', isAdmin: false });
    expect((await fan.json<{ profile: { isArtist: boolean } }>('GET', '/api/me')).body.profile.isArtist).toBe(false);
    expect((await fan.json('GET', '/api/admin/audit')).status).toBe(403);

    // Made an admin in the app: the very next request may do what admins do.
    expect((await set(fanId, 'admin')).body).toMatchObject({ role: 'admin', isAdmin: true, adminByConfig: false });
    expect((await fan.json<{ isAdmin: boolean }>('GET', '/api/me')).body.isAdmin).toBe(true);
    expect((await fan.json('GET', '/api/admin/audit')).status).toBe(200);
    // An admin cannot change their own role; the other admin can.
    expect((await fan.json<{ error: string }>('PUT', `/api/admin/users/${fanId}/role`, { role: 'artist' })).body.error).toBe('own_role');
    expect((await set(fanId, 'artist')).body).toMatchObject({ role: 'artist', isAdmin: false });
    expect((await fan.json('GET', '/api/admin/audit')).status).toBe(403);

    const chief = (await admin.json<UserPage>('GET', '/api/admin/users?q=chief')).body.items[0]!;
    const refused = await fan.json('PUT', `/api/admin/users/${chief.id}/role`, { role: 'listener' });
    expect(refused.status).toBe(403);
    const byConfig = await new Client(t.baseUrl).json('GET', '/api/me');
    expect(byConfig.body).toBeNull();
    // The ADMIN_EMAILS admin, asked by another admin: a 409 saying where the role comes from.
    expect((await set(fanId, 'admin')).status).toBe(200);
    const demote = await fan.json<{ error: string; message: string }>('PUT', `/api/admin/users/${chief.id}/role`, { role: 'listener' });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ error: 'admin_by_config', message: expect.stringContaining('ADMIN_EMAILS') });
    expect((await set(fanId, 'artist')).status).toBe(200);
    expect((await admin.json<{ message: string }>('PUT', `/api/admin/users/${fanId}/role`, { role: 'king' })).status).toBe(400);
  });

  it('logs every admin action with who, what, on what and when, newest first, a page at a time', async () => {
    const track = (await uploadTrack(artist, await makeMp3(1), { title: 'Reported Tune' })) as unknown as { id: string };
    const report = await t.context.services.engagement.report(fanId, track.id, 'spam');
    const second = await t.context.services.engagement.report(fanId, (await uploadTrack(artist, await makeMp3(1), { title: 'Another' }) as unknown as { id: string }).id, 'meh');
    expect((await admin.json('POST', `/api/admin/reports/${report.id}/hide`)).status).toBe(200);
    expect((await admin.json('POST', `/api/admin/reports/${second.id}/dismiss`)).status).toBe(200);
    expect((await admin.json('PUT', `/api/admin/tracks/${track.id}/hidden`, { hidden: false })).status).toBe(200);
    expect((await admin.json('PUT', `/api/admin/users/${fanId}/status`, { status: 'premium' })).status).toBe(200);
    await t.context.services.moderation.setStatusByEmail(fanEmail, 'user');

    const log = await admin.json<AuditPage>('GET', '/api/admin/audit');
    expect(log.status).toBe(200);
    const actions = log.body.items.map((e) => e.action);
    expect(actions.slice(0, 5)).toEqual(['user.status', 'user.status', 'track.show', 'report.dismiss', 'report.hide']);
    const [cli, status, shown, dismissed, hidden] = log.body.items;
    expect(cli).toMatchObject({ actorId: null, targetType: 'user', targetId: fanId, details: { from: 'premium', to: 'user' } });
    expect(status).toMatchObject({ actorEmail: ADMIN_EMAIL, targetId: fanId, details: { from: 'user', to: 'premium' } });
    expect(shown).toMatchObject({ targetType: 'track', targetId: track.id, details: { title: 'Reported Tune' } });
    expect(dismissed).toMatchObject({ targetType: 'report', targetId: second.id, details: { reason: 'meh' } });
    expect(hidden).toMatchObject({ targetType: 'report', targetId: report.id, details: { trackId: track.id } });
    // The earlier tests' actions are there too: suspension, its lift, the role changes.
    for (const action of ['user.suspend', 'user.unsuspend', 'user.role']) expect(actions).toContain(action);
    const suspension = log.body.items.find((e) => e.action === 'user.suspend')!;
    expect(suspension).toMatchObject({ actorEmail: ADMIN_EMAIL, targetId: artistId, details: { reason: 'spam uploads', tracksHidden: 1 } });
    expect(suspension.details.sessionsEnded).toBeGreaterThanOrEqual(2);
    expect(Date.parse(suspension.createdAt)).not.toBeNaN();

    // Paged: 50 a page.
    for (let i = 0; i < 50; i++) await t.context.services.moderation.setStatusByEmail(fanEmail, i % 2 ? 'user' : 'artist');
    const page1 = (await admin.json<AuditPage>('GET', '/api/admin/audit')).body;
    const page2 = (await admin.json<AuditPage>('GET', '/api/admin/audit?page=2')).body;
    expect(page1).toMatchObject({ page: 1, hasMore: true });
    expect(page1.items).toHaveLength(50);
    expect(page2.items.length).toBeGreaterThan(0);
    expect(page2.items.map((e) => e.action)).toContain('report.hide');
  });
});
