import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const ADMIN_EMAIL = 'mod@platter.test';
type Track = { id: string; url: string; hidden: boolean; title: string };
type Report = { id: string; status: string; reason: string | null; reporterName: string | null; openReportsForTrack: number; track: Track };

describe(`moderation: reports, hiding, statuses, contact messages, admin CLI (${dialect})`, () => {
  let t: TestApp;
  let admin: Client;
  let artist: Client;
  let fan: Client;
  let artistId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = new Client(t.baseUrl);
    artist = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    await admin.signUp('Moderator', ADMIN_EMAIL);
    artistId = (await artist.signUp('Reported Artist', 'reported@platter.test')).id;
    await fan.signUp('Reporter');
  });
  afterAll(() => t.close());

  it('queues reports for admins (live), hides the track everywhere but for its owner and admins, and can show it again', async () => {
    const track = (await uploadTrack(artist, await makeMp3(1), { title: 'Offending Tune' })) as unknown as Track;
    const playlist = (await fan.json<{ id: string }>('POST', '/api/playlists', { name: 'Has it' })).body;
    await fan.json('POST', `/api/playlists/${playlist.id}/tracks`, { trackId: track.id });
    const adminStream = await openEventStream(t.baseUrl, admin.cookieHeader());
    const fanStream = await openEventStream(t.baseUrl, fan.cookieHeader());
    try {
      await fan.json('POST', `/api/tracks/${track.id}/reports`, { reason: 'Stolen beat' });
      await new Client(t.baseUrl).json('POST', `/api/tracks/${track.id}/reports`, {});
      await adminStream.waitFor((e) => e.type === 'reports.changed');
      const queue = (await admin.json<{ items: Report[] }>('GET', '/api/admin/reports')).body.items.filter((r) => r.track.id === track.id);
      expect(queue).toHaveLength(2);
      const fromFan = queue.find((r) => r.reason === 'Stolen beat') as Report;
      expect(fromFan).toMatchObject({ status: 'open', reporterName: 'Reporter', openReportsForTrack: 2 });

      const hidden = await admin.json<Report>('POST', `/api/admin/reports/${fromFan.id}/hide`);
      expect(hidden.status).toBe(200);
      expect(hidden.body).toMatchObject({ status: 'hidden', openReportsForTrack: 0, track: { id: track.id, hidden: true } });
      await fanStream.waitFor((e) => e.type === 'track.removed' && e.trackId === track.id);
      expect(fanStream.events.some((e) => e.type === 'reports.changed')).toBe(false);

      // Gone for everyone else: lists, search, the artist's tracks, playlists, the track, its audio.
      for (const viewer of [fan, new Client(t.baseUrl)]) {
        expect((await viewer.json<{ items: Track[] }>('GET', '/api/tracks?pageSize=100')).body.items.map((i) => i.id)).not.toContain(track.id);
        expect((await viewer.json<{ items: Track[] }>(`GET`, `/api/tracks?artistId=${artistId}`)).body.items).toEqual([]);
        expect((await viewer.json<{ tracks: Track[] }>('GET', '/api/search?q=offending')).body.tracks).toEqual([]);
        expect((await viewer.json('GET', `/api/tracks/${track.id}`)).status).toBe(404);
        expect((await viewer.get(track.url)).status).toBe(404);
        expect((await viewer.json('GET', `/api/tracks/${track.id}/comments`)).status).toBe(404);
      }
      expect((await fan.json<{ entries: unknown[] }>('GET', `/api/playlists/${playlist.id}`)).body.entries).toEqual([]);
      expect((await artist.json<{ profile: { tracks: number } }>('GET', '/api/me')).body.profile.tracks).toBe(0);

      // Still there for its owner (marked) and for admins, streamed privately.
      expect((await artist.json<{ items: Track[] }>('GET', '/api/me/tracks')).body.items).toMatchObject([{ id: track.id, hidden: true }]);
      for (const viewer of [artist, admin]) {
        expect((await viewer.json<Track>('GET', `/api/tracks/${track.id}`)).body.hidden).toBe(true);
        const audio = await viewer.get(track.url);
        expect(audio.status).toBe(200);
        expect(audio.headers.get('cache-control')).toBe('private, no-store');
      }
      expect((await admin.json<{ items: Report[] }>('GET', '/api/admin/reports?status=hidden')).body.items.filter((r) => r.track.id === track.id)).toHaveLength(2);

      const shown = await admin.json<Track>('PUT', `/api/admin/tracks/${track.id}/hidden`, { hidden: false });
      expect(shown.body.hidden).toBe(false);
      expect((await fan.get(track.url)).status).toBe(200);
      expect((await fan.json<{ entries: unknown[] }>('GET', `/api/playlists/${playlist.id}`)).body.entries).toHaveLength(1);
      expect((await artist.json<{ profile: { tracks: number } }>('GET', '/api/me')).body.profile.tracks).toBe(1);
    } finally {
      adminStream.close();
      fanStream.close();
    }
  });

  it('dismisses a report once; a reviewed report cannot be dismissed again', async () => {
    const track = (await uploadTrack(artist, await makeMp3(1), { title: 'Fine Tune' })) as unknown as Track;
    const { id } = (await fan.json<{ id: string }>('POST', `/api/tracks/${track.id}/reports`, {})).body;
    const dismissed = await admin.json<Report>('POST', `/api/admin/reports/${id}/dismiss`);
    expect(dismissed.body.status).toBe('dismissed');
    const again = await admin.json<{ message: string }>('POST', `/api/admin/reports/${id}/dismiss`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This report was already reviewed (dismissed).');
    expect((await fan.json('GET', `/api/tracks/${track.id}`)).status).toBe(200);
    expect((await admin.json('POST', '/api/admin/reports/nope/dismiss')).status).toBe(404);
  });

  it('stores contact messages (validated, rate-limited) and lists them to admins, newest first', async () => {
    const anon = new Client(t.baseUrl);
    const ok = await anon.json('POST', '/api/contact', { name: ' Ann ', email: 'ann@example.com', message: ' Hello team ' });
    expect(ok.status).toBe(201);
    await anon.json('POST', '/api/contact', { name: 'Bob', email: 'bob@example.com', subject: 'Bug', message: 'It broke' });
    const bad = await anon.json<{ message: string; field?: string }>('POST', '/api/contact', { name: '', email: 'not-an-email', message: '' });
    expect(bad.status).toBe(400);
    // People-readable: the messages alone, the first invalid field apart for the form.
    expect(bad.body.message).not.toMatch(/\b(name|email|message):/);
    expect(bad.body.field).toBe('name');
    expect(bad.body.message).toContain('Name is required');
    expect(bad.body.message).toContain('Enter a valid email address');
    expect(bad.body.message).toContain('Message is required');
    const long = await anon.json<{ message: string; field?: string }>('POST', '/api/contact', { name: 'A', email: 'a@b.co', message: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('message');
    expect(long.body.message).not.toMatch(/^message:/);
    const list = (await admin.json<{ items: Array<{ name: string; subject: string | null; message: string }> }>('GET', '/api/admin/contact-messages')).body.items;
    expect(list.map((m) => [m.name, m.subject, m.message])).toEqual([
      ['Bob', 'Bug', 'It broke'],
      ['Ann', null, 'Hello team'],
    ]);
    const limited: number[] = [];
    for (let i = 0; i < 4; i++) limited.push((await anon.json('POST', '/api/contact', { name: 'C', email: 'c@d.co', message: `m${i}` })).status);
    // Five tries per address per 10 minutes, refused ones included: four were made above.
    expect(limited).toEqual([201, 429, 429, 429]);
  });

  it('finds users by email or name for the status switch', async () => {
    const found = (await admin.json<{ items: Array<{ email: string; status: string; isAdmin: boolean }> }>('GET', '/api/admin/users?q=REPORTED@')).body.items;
    expect(found).toEqual([expect.objectContaining({ email: 'reported@platter.test', status: 'user', isAdmin: false })]);
    expect((await admin.json<{ items: unknown[] }>('GET', '/api/admin/users?q=moderator')).body.items).toEqual([expect.objectContaining({ isAdmin: true })]);
  });

  it('sets a status from the command line: npm run admin -- set-status <email> creator', async () => {
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    };
    const done = await runAdminCommand(['set-status', 'Reported@platter.test', 'creator'], env);
    expect(done).toEqual({ code: 0, output: 'Reported@platter.test (Reported Artist) now has status creator.' });
    expect((await fan.json<{ status: string }>('GET', `/api/artists/${artistId}`)).body.status).toBe('creator');
    expect(await runAdminCommand(['set-status', 'nobody@platter.test', 'creator'], env)).toEqual({
      code: 1,
      output: 'No user with the email nobody@platter.test. They must sign in once first.',
    });
    expect((await runAdminCommand(['set-status', 'reported@platter.test', 'king'], env)).code).toBe(2);
    expect((await runAdminCommand([], env)).output).toMatch(/^Usage: npm run admin -- set-status <email>/);
  });
});
