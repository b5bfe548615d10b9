import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(':');

describe(`public site: Android download, asset links, figures, offline listens (${dialect})`, () => {
  let t: TestApp;
  let remote: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    remote = await startTestApp({
      ANDROID_APK_URL: 'https://cdn.example.com/builds/platter-1.0.2.apk',
      ANDROID_PACKAGE_NAME: 'com.example.platter',
      ANDROID_CERT_SHA256: `${FINGERPRINT.toLowerCase()}, ${FINGERPRINT.replace(/^00/, 'FF')}`,
    });
  });
  afterAll(async () => {
    await t.close();
    await remote.close();
  });

  it('offers the PWA when no package is configured, then serves an .apk dropped into DATA_DIR/downloads', async () => {
    const anon = new Client(t.baseUrl);
    expect((await anon.json('GET', '/api/app/download')).body).toEqual({ kind: 'none', url: null, fileName: null, size: null });

    const dir = path.join(t.config.dataDir, 'downloads');
    fs.mkdirSync(dir, { recursive: true });
    const apk = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(300_000, 1)]);
    fs.writeFileSync(path.join(dir, 'platter-1.0.2.apk'), apk);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a package');
    const info = (await anon.json<{ kind: string; url: string; size: number }>('GET', '/api/app/download')).body;
    expect(info).toEqual({ kind: 'file', url: '/downloads/platter-1.0.2.apk', fileName: 'platter-1.0.2.apk', size: apk.length });

    const response = await anon.get(info.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.android.package-archive');
    expect(response.headers.get('content-length')).toBe(String(apk.length));
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="platter-1.0.2.apk"');
    expect(Buffer.from(await response.arrayBuffer()).equals(apk)).toBe(true);
    const head = await anon.request('HEAD', info.url);
    expect(head.headers.get('content-length')).toBe(String(apk.length));

    for (const bad of ['/downloads/notes.txt', '/downloads/..%2Fplatter.db', '/downloads/missing.apk']) {
      const refused = await anon.json<{ error: string }>('GET', bad);
      expect(refused.status, bad).toBe(404);
      expect(refused.body.error).toBe('download_not_found');
    }
  });

  it('points at ANDROID_APK_URL when there is no file, and publishes asset links from the configuration', async () => {
    const anon = new Client(remote.baseUrl);
    expect((await anon.json('GET', '/api/app/download')).body).toEqual({
      kind: 'remote',
      url: 'https://cdn.example.com/builds/platter-1.0.2.apk',
      fileName: 'platter-1.0.2.apk',
      size: null,
    });
    const links = await anon.get('/.well-known/assetlinks.json');
    expect(links.headers.get('content-type')).toContain('application/json');
    expect(await links.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: 'com.example.platter', sha256_cert_fingerprints: [FINGERPRINT.toUpperCase(), FINGERPRINT.replace(/^00/, 'FF').toUpperCase()] },
      },
    ]);
    expect(await (await new Client(t.baseUrl).get('/.well-known/assetlinks.json')).json()).toEqual([]);
  });

  it('counts the real tracks, artists and users for the landing page', async () => {
    const artist = new Client(t.baseUrl);
    await artist.signUp('Figure');
    await new Client(t.baseUrl).signUp('Listener');
    await uploadTrack(artist, await makeMp3(1), { title: 'Counted' });
    expect((await artist.json('GET', '/api/stats')).body).toEqual({ tracks: 1, artists: 1, users: 2 });
  });

  it('counts a listen made offline at its own time, within 30 days and not in the future', async () => {
    const artist = new Client(t.baseUrl);
    await artist.signUp('Offline Artist');
    const track = (await uploadTrack(artist, await makeMp3(1), { title: 'Saved for later' })) as { id: string };
    const fan = new Client(t.baseUrl);
    await fan.signUp('Commuter');
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    expect((await fan.json('POST', `/api/tracks/${track.id}/listens`, { playedAt: hourAgo })).body).toMatchObject({ counted: true, listens: 1 });
    // The same queued listen sent twice (a retry after a lost answer) counts once.
    expect((await fan.json('POST', `/api/tracks/${track.id}/listens`, { playedAt: hourAgo })).body).toMatchObject({ counted: false, listens: 1 });
    // A play now is another listen.
    expect((await fan.json('POST', `/api/tracks/${track.id}/listens`)).body).toMatchObject({ counted: true, listens: 2 });
    const row = await t.context.database.db.selectFrom('listens').select('created_at').where('track_id', '=', track.id).orderBy('created_at').executeTakeFirstOrThrow();
    expect(row.created_at).toBe(hourAgo);

    const old = await fan.json<{ message: string }>('POST', `/api/tracks/${track.id}/listens`, { playedAt: new Date(Date.now() - 31 * 86400_000).toISOString() });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe('playedAt is more than 30 days ago: such old listens are not counted.');
    const future = await fan.json<{ message: string }>('POST', `/api/tracks/${track.id}/listens`, { playedAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('playedAt is in the future: check the device clock.');
    expect((await fan.json('POST', `/api/tracks/${track.id}/listens`, { playedAt: 'yesterday' })).status).toBe(400);
  });
});
