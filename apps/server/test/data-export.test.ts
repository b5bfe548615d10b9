import { type DataExport, type DataExportRequest, type DataExportState, dataExportSchema } from '@platter/shared';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { XMLParser } from 'fast-xml-parser';
import { runMpv } from './support/mpv.js';
import { type S3TestServer, startS3Server } from './support/s3-server.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';
import { readZip } from './support/zip.js';

type ApiError = { error: string; message: string };
type Notifications = { groups: Array<{ kind: string; key: string; unread: boolean }> };

/**
 * "Download my data": a user with tracks (real uploads), a release, playlists, likes, listens,
 * history, comments, posts, reposts and follows asks for an export; the job writes the ZIP through
 * the storage seam; its owner downloads it and it holds what it should, each JSON file fitting its
 * schema in packages/shared, each audio file byte-identical to the upload, each M3U8 importable by
 * Platter's own playlist import. Nobody else gets it; the sweep removes it when its time is over.
 */
function exportSuite(label: string, storage: 'disk' | 's3') {
  describe(`data export on ${label}`, () => {
    let s3: S3TestServer | undefined;
    let t: TestApp;
    let owner: Client;
    let fan: Client;
    let stranger: Client;
    let ownerId: string;
    let ownerEmail: string;
    let fanId: string;
    const uploads = new Map<string, Buffer>();
    let ownTrackIds: string[];
    let fanTrackId: string;
    let releaseId: string;
    let playlistId: string;
    let ready: DataExportRequest;
    let files: Map<string, Buffer>;

    const ok = async <T>(promise: Promise<{ status: number; body: T }>, status = 200): Promise<T> => {
      const { status: got, body } = await promise;
      expect(got, JSON.stringify(body)).toBe(status);
      return body;
    };
    const exportRow = (id: string) => t.context.database.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
    const text = (name: string) => {
      const file = files.get(name);
      if (!file) throw new Error(`${name} is not in the archive: ${[...files.keys()].join(', ')}`);
      return file.toString('utf8');
    };
    /** The "your data is ready" emails to the owner so far (the embedded default writes each as an .eml file under DATA_DIR/mail). */
    const mailsToOwner = async () => {
      const dir = path.join(t.config.dataDir, 'mail');
      const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.eml')).sort() : [];
      const mails = await Promise.all(names.map((n) => simpleParser(fs.readFileSync(path.join(dir, n)))));
      const readySubjects = ['Your Platter data is ready to download', 'Ваши данные Platter готовы к скачиванию'];
      return mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === ownerEmail && readySubjects.includes(m.subject ?? ''));
    };
    /** The archive unpacked into a fresh temporary folder, as its owner would; its path. */
    const unpack = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-export-'));
      // The archive names Platter by its public address (PUBLIC_URL, else localhost and PORT); this
      // test's server listens on a port of its own, so that address is pointed at it, as DNS would.
      const origin = t.config.publicUrl ?? `http://localhost:${t.config.port}`;
      for (const [name, bytes] of files) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        const playlistFile = /\.(m3u8|xspf)$/.test(name);
        fs.writeFileSync(path.join(dir, name), playlistFile ? bytes.toString('utf8').split(origin).join(t.baseUrl) : bytes);
      }
      return dir;
    };
    /** What each entry of the unpacked M3U8 and XSPF makes mpv open, and that it decoded every one. */
    const expectMpvPlays = async (dir: string, playlist: { m3u8: string; xspf: string }, count: number) => {
      const m3u8 = path.join(dir, playlist.m3u8);
      const played = await runMpv([`--playlist=${m3u8}`], dir);
      expect(played.code, played.output).toBe(0);
      expect(played.entries, played.output).toHaveLength(count);
      expect(played.entries.every((e) => e.audioOutput), played.output).toBe(true);
      // mpv has no XSPF reader: the XSPF's locations (URLs, or URI references relative to the file) are handed to it.
      const doc = new XMLParser({ isArray: (name) => name === 'track' }).parse(fs.readFileSync(path.join(dir, playlist.xspf), 'utf8')) as { playlist: { trackList: { track: Array<{ location: string }> } } };
      const locations = doc.playlist.trackList.track.map((track) => (/^https?:/.test(track.location) ? track.location : path.join(path.dirname(path.join(dir, playlist.xspf)), decodeURIComponent(track.location))));
      const fromXspf = await runMpv(locations, dir);
      expect(fromXspf.code, fromXspf.output).toBe(0);
      expect(fromXspf.entries, fromXspf.output).toHaveLength(count);
      expect(fromXspf.entries.every((e) => e.audioOutput), fromXspf.output).toBe(true);
      return { played, fromXspf };
    };
    const parsed = <K extends keyof DataExport>(name: K): DataExport[K] => dataExportSchema.shape[name].parse(JSON.parse(text(name))) as DataExport[K];

    beforeAll(async () => {
      if (storage === 's3') s3 = await startS3Server();
      t = await startTestApp(s3?.env ?? {});
      owner = new Client(t.baseUrl);
      fan = new Client(t.baseUrl);
      stranger = new Client(t.baseUrl);
      ({ id: ownerId, email: ownerEmail } = await owner.signUp('Export Owner'));
      fanId = (await fan.signUp('Export Fan')).id;
      await stranger.signUp('Stranger');

      const [a, b, c] = [await makeMp3(2), await makeMp3(3), await makeMp3(1)];
      const first = await uploadTrack(owner, a, { title: 'Night: Drive?', genre: 'Pop' });
      const second = await uploadTrack(owner, b, { title: 'Morning', genre: 'Pop' });
      uploads.set(first.id, a).set(second.id, b);
      ownTrackIds = [first.id, second.id];
      fanTrackId = (await uploadTrack(fan, c, { title: 'Fan Song', genre: 'Phonk' })).id;
      const cover = await owner.request('PUT', `/api/tracks/${first.id}/cover`, { body: new Uint8Array(await makePng(64, 64)), headers: { 'content-type': 'image/png' } });
      expect(cover.status).toBe(200);
      releaseId = (await ok(owner.json<{ id: string }>('POST', '/api/releases', { title: 'Morning EP', type: 'ep', trackIds: [second.id] }), 201)).id;

      playlistId = (await ok(owner.json<{ id: string }>('POST', '/api/playlists', { name: 'Road / Trip' }), 201)).id;
      for (const trackId of [first.id, fanTrackId, second.id]) await ok(owner.json('POST', `/api/playlists/${playlistId}/tracks`, { trackId }), 200);
      await ok(owner.json('PUT', `/api/tracks/${fanTrackId}/like`));
      await ok(owner.json('POST', `/api/tracks/${fanTrackId}/listens`, {}));
      await ok(owner.json('POST', `/api/tracks/${first.id}/listens`, {}));
      await ok(owner.json('POST', '/api/me/history', { trackId: fanTrackId }), 204);
      await ok(owner.json('POST', `/api/tracks/${fanTrackId}/comments`, { text: 'Lovely bridge' }), 201);
      await ok(owner.json('POST', '/api/posts', { text: 'New EP out' }), 201);
      await ok(owner.json('POST', `/api/tracks/${fanTrackId}/repost`));
      await ok(owner.json('PUT', `/api/artists/${fanId}/subscription`));
      await ok(fan.json('PUT', `/api/artists/${ownerId}/subscription`));
    });
    afterAll(async () => {
      await t?.close();
      await s3?.stop();
    });

    it('refuses the signed-out', async () => {
      const anonymous = new Client(t.baseUrl);
      expect((await anonymous.json('POST', '/api/account/export')).status).toBe(401);
      expect((await anonymous.json('GET', '/api/account/export')).status).toBe(401);
    });

    it('says there is nothing before the first request', async () => {
      expect(await ok(owner.json<DataExportState>('GET', '/api/account/export'))).toEqual({ export: null });
    });

    it('makes the archive in a job, announces it and offers it for 7 days', async () => {
      const requested = await ok(owner.json<DataExportRequest>('POST', '/api/account/export'), 202);
      expect(requested).toMatchObject({ status: 'building', downloadUrl: null, sizeBytes: null });
      await t.context.jobs.idle(60_000);
      const state = await ok(owner.json<DataExportState>('GET', '/api/account/export'));
      expect(state.export).toMatchObject({ id: requested.id, status: 'ready', downloadUrl: `/api/account/export/${requested.id}/download` });
      ready = state.export!;
      expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(7 * 24 * 60 * 60 * 1000);
      expect(ready.sizeBytes).toBeGreaterThan(6000);
      const stored = await exportRow(ready.id);
      expect(stored?.storage_key).toBe(`exports/${ownerId}/${ready.id}.zip`);
      expect((await t.context.storage.stat(stored!.storage_key!))?.size).toBe(ready.sizeBytes);

      const notifications = await ok(owner.json<Notifications>('GET', '/api/notifications'));
      expect(notifications.groups.filter((g) => g.kind === 'export')).toEqual([expect.objectContaining({ key: `export:${ready.id}`, unread: true })]);

      // And by email, in English (the request asked for no other language), leading to the settings.
      const [mail, ...more] = await mailsToOwner();
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('Your Platter data is ready to download');
      expect(mail?.text).toContain('/home?tab=settings');
      expect(mail?.text).toMatch(/You can download it until .+ UTC/);
      expect(mail?.html).toContain('Open my settings to download it');
    });

    it('gives the archive to its owner only', async () => {
      const url = ready.downloadUrl!;
      expect((await new Client(t.baseUrl).get(url)).status).toBe(401);
      for (const other of [stranger, fan]) {
        const refused = await other.get(url);
        expect(refused.status).toBe(404);
        expect(((await refused.json()) as ApiError).error).toBe('export_not_found');
      }
      const response = await owner.get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="platter-data-\d{4}-\d{2}-\d{2}\.zip"$/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(ready.sizeBytes);
      files = await readZip(bytes);
    });

    it('holds every JSON file, each fitting its schema in packages/shared, and a README in English and Russian', () => {
      for (const name of Object.keys(dataExportSchema.shape) as Array<keyof typeof dataExportSchema.shape>) expect(() => parsed(name), name).not.toThrow();
      const readme = text('README.txt');
      expect(readme).toContain('tracks.json');
      expect(readme).toContain('the ORIGINAL files you uploaded');
      expect(readme).toContain('ИСХОДНЫЕ загруженные файлы');
      const profile = parsed('profile.json');
      expect(profile.account).toMatchObject({ id: ownerId, name: 'Export Owner' });
      expect(profile.profile.displayName).toBe('Export Owner');
    });

    it('holds the original uploads byte for byte, and the covers', () => {
      const tracks = parsed('tracks.json');
      expect(tracks.map((track) => track.id)).toEqual(ownTrackIds);
      for (const track of tracks) {
        expect(track.file).toMatch(/^tracks\/.+\.mp3$/);
        expect(files.get(track.file!)?.equals(uploads.get(track.id)!), track.file!).toBe(true);
        expect(track.sizeBytes).toBe(uploads.get(track.id)!.length);
      }
      // A title with characters file systems refuse still makes a file name.
      expect(tracks[0]!.file).toBe('tracks/001 Night Drive.mp3');
      expect(tracks[0]!.cover).toMatch(/^tracks\/001 .+ \(cover\)\.webp$/);
      expect(files.get(tracks[0]!.cover!)?.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(tracks[1]!.cover).toBeNull();
      expect(tracks[1]!.releaseId).toBe(releaseId);
      const releases = parsed('releases.json');
      expect(releases).toEqual([expect.objectContaining({ id: releaseId, title: 'Morning EP', type: 'ep', trackIds: [ownTrackIds[1]] })]);
    });

    it('holds likes, listens, history, comments, posts, reposts and follows', () => {
      expect(parsed('likes.json').tracks).toEqual([expect.objectContaining({ trackId: fanTrackId, title: 'Fan Song', artist: 'Export Fan' })]);
      const history = parsed('history.json');
      expect(history.listens.map((l) => l.trackId).sort()).toEqual([fanTrackId, ownTrackIds[0]].sort());
      expect(history.played.map((p) => p.trackId)).toEqual([fanTrackId]);
      expect(parsed('comments.json')).toEqual([expect.objectContaining({ trackId: fanTrackId, text: 'Lovely bridge', replyTo: null })]);
      expect(parsed('posts.json')).toEqual([expect.objectContaining({ text: 'New EP out', pinned: false })]);
      expect(parsed('reposts.json')).toEqual([expect.objectContaining({ kind: 'track', id: fanTrackId, title: 'Fan Song' })]);
      const follows = parsed('follows.json');
      expect(follows.following).toEqual([expect.objectContaining({ profileId: fanId, name: 'Export Fan' })]);
      expect(follows.followers).toEqual([expect.objectContaining({ profileId: fanId })]);
    });

    it('holds the playlists as JSON, M3U8 and XSPF, and the M3U8 imports through Platter’s own import', async () => {
      const [playlist] = parsed('playlists.json');
      expect(playlist).toMatchObject({ id: playlistId, name: 'Road / Trip', role: 'owner', m3u8: 'playlists/001 Road Trip.m3u8', xspf: 'playlists/001 Road Trip.xspf' });
      const order = [ownTrackIds[0], fanTrackId, ownTrackIds[1]];
      expect(playlist!.entries.map((e) => e.trackId)).toEqual(order);
      expect(text(playlist!.xspf)).toContain('<title>Road / Trip</title>');
      const m3u8 = text(playlist!.m3u8);
      expect(m3u8.startsWith('#EXTM3U\n')).toBe(true);
      const imported = await stranger.request('POST', '/api/playlists/import', { body: m3u8, headers: { 'content-type': 'audio/x-mpegurl' } });
      expect(imported.status).toBe(201);
      const report = (await imported.json()) as { playlist: { id: string; name: string }; total: number; matched: number };
      expect(report).toMatchObject({ total: 3, matched: 3, playlist: { name: 'Road / Trip' } });
      const detail = await ok(stranger.json<{ entries: Array<{ track: { id: string } }> }>('GET', `/api/playlists/${report.playlist.id}`));
      expect(detail.entries.map((e) => e.track.id)).toEqual(order);
    });

    it("holds playlist files whose entries are the tracks' audio: Debian's mpv opens and decodes each one", async () => {
      const [playlist] = parsed('playlists.json');
      const lines = text(playlist!.m3u8).split('\n').filter((line) => line && !line.startsWith('#'));
      for (const line of lines) expect(line).toMatch(/^https?:\/\/[^/]+\/media\//);
      const dir = unpack();
      const { played } = await expectMpvPlays(dir, playlist!, 3);
      expect(played.entries.map((e) => e.playing)).toEqual(fs.readFileSync(path.join(dir, playlist!.m3u8), 'utf8').split('\n').filter((line) => line && !line.startsWith('#')));
    });

    it('makes one export at a time: a second request while one is building is a 409 with a message', async () => {
      // A building export of the stranger's, as the job would leave it while it runs.
      await t.context.database.db.insertInto('data_exports').values({ id: 'building-1', user_id: (await stranger.json<{ user: { id: string } }>('GET', '/api/me')).body.user.id, status: 'building', created_at: new Date().toISOString() }).execute();
      const second = await stranger.json<ApiError>('POST', '/api/account/export');
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ error: 'export_in_progress', message: expect.stringMatching(/still being prepared/) });
      expect((await ok(stranger.json<DataExportState>('GET', '/api/account/export'))).export).toMatchObject({ id: 'building-1', status: 'building', downloadUrl: null });
      expect((await stranger.get('/api/account/export/building-1/download')).status).toBe(404);
      // Hammering: after 5 requests an hour, 429.
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await stranger.json('POST', '/api/account/export')).status);
      expect(statuses).toEqual([409, 409, 409, 409, 429]);
      await t.context.database.db.deleteFrom('data_exports').where('id', '=', 'building-1').execute();
    });

    it('replaces the older archive with a new one', async () => {
      const old = await exportRow(ready.id);
      // Asked for in Russian: the email is in Russian.
      const response = await owner.request('POST', '/api/account/export', { json: {}, headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' } });
      expect(response.status).toBe(202);
      const again = (await response.json()) as DataExportRequest;
      await t.context.jobs.idle(60_000);
      const mails = await mailsToOwner();
      expect(mails.map((m) => m.subject)).toEqual(['Your Platter data is ready to download', 'Ваши данные Platter готовы к скачиванию']);
      expect(mails[1]?.text).toContain('Скачать архив можно до');
      const state = await ok(owner.json<DataExportState>('GET', '/api/account/export'));
      expect(state.export).toMatchObject({ id: again.id, status: 'ready' });
      expect(await exportRow(ready.id)).toBeUndefined();
      expect(await t.context.storage.stat(old!.storage_key!)).toBeUndefined();
      expect((await owner.get(ready.downloadUrl!)).status).toBe(404);
      ready = state.export!;
    });

    it('removes an expired export from storage and the table', async () => {
      const row = await exportRow(ready.id);
      await t.context.database.db.updateTable('data_exports').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', ready.id).execute();
      // Past its time it is gone for the owner at once, before the sweep runs.
      expect((await owner.get(ready.downloadUrl!)).status).toBe(404);
      expect(await ok(owner.json<DataExportState>('GET', '/api/account/export'))).toEqual({ export: null });
      expect(await t.context.storage.stat(row!.storage_key!)).toBeDefined();
      expect(await t.context.services.dataExports.sweep()).toBe(1);
      expect(await t.context.storage.stat(row!.storage_key!)).toBeUndefined();
      expect(await exportRow(ready.id)).toBeUndefined();
    });

    it('still makes the archive when a track’s file is gone from storage, saying so in tracks.json', async () => {
      const [row] = await t.context.database.db.selectFrom('tracks').select('storage_key').where('id', '=', ownTrackIds[1]!).execute();
      await t.context.storage.delete(row!.storage_key);
      await ok(owner.json('POST', '/api/account/export'), 202);
      await t.context.jobs.idle(60_000);
      const state = await ok(owner.json<DataExportState>('GET', '/api/account/export'));
      expect(state.export?.status).toBe('ready');
      files = await readZip(Buffer.from(await (await owner.get(state.export!.downloadUrl!)).arrayBuffer()));
      const tracks = parsed('tracks.json');
      expect(tracks.map((track) => track.file === null)).toEqual([false, true]);
      expect(files.get(tracks[0]!.file!)?.equals(uploads.get(ownTrackIds[0]!)!)).toBe(true);
    });

    it('leaves out of the playlists another artist’s track made private since, and keeps one’s own', async () => {
      await ok(fan.json('PATCH', `/api/tracks/${fanTrackId}/visibility`, { visibility: 'private' }));
      await ok(owner.json('PATCH', `/api/tracks/${ownTrackIds[0]}/visibility`, { visibility: 'private' }));
      await ok(owner.json('POST', '/api/account/export'), 202);
      await t.context.jobs.idle(60_000);
      const state = await ok(owner.json<DataExportState>('GET', '/api/account/export'));
      files = await readZip(Buffer.from(await (await owner.get(state.export!.downloadUrl!)).arrayBuffer()));
      const [playlist] = parsed('playlists.json');
      expect(playlist!.entries.map((e) => e.trackId)).toEqual([ownTrackIds[0], ownTrackIds[1]]);
      expect(text(playlist!.m3u8)).not.toContain(fanTrackId);
      expect(parsed('tracks.json')[0]).toMatchObject({ id: ownTrackIds[0], visibility: 'private' });
      // One's own private track has no URL that plays without a session: the entry is its file in the archive.
      const lines = text(playlist!.m3u8).split('\n').filter((line) => line && !line.startsWith('#'));
      expect(lines[0]).toBe('../tracks/001 Night Drive.mp3');
      expect(text(playlist!.xspf)).toContain('<location>../tracks/001%20Night%20Drive.mp3</location>');
      const dir = unpack();
      const fromArchive = await runMpv([path.join(dir, 'playlists', lines[0]!)], dir);
      expect(fromArchive.code, fromArchive.output).toBe(0);
      expect(fromArchive.entries, fromArchive.output).toEqual([{ playing: expect.stringContaining('001 Night Drive.mp3'), audioOutput: true }]);
    });
  });
}

exportSuite(`local disk (${dialect})`, 'disk');
// The bucket once: on PostgreSQL, the scaled-out shape.
if (dialect === 'postgres') exportSuite('an S3 bucket (postgres)', 's3');
