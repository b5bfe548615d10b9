import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from './scale-out/support/cluster.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { hasNginx, startNginx } from './support/nginx.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const nginxHere = hasNginx();
if (!nginxHere && ci) throw new Error('nginx is not installed (apt-get install nginx); CI=true, so this is a failure, not a skip');
if (!nginxHere) console.warn('⚠ SKIPPED media through nginx: nginx is not installed (apt-get install nginx)');

/**
 * deploy/nginx-local-media.conf in front of Platter with MEDIA_ACCEL_REDIRECT: Platter decides,
 * nginx sends the bytes, and what a listener sees is what the embedded default gives.
 */
describe.skipIf(!nginxHere)(`media through nginx (${dialect})`, () => {
  let t: TestApp;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let owner: Client;
  let mp3: Buffer;
  let workDir: string;

  beforeAll(async () => {
    t = await startTestApp({ MEDIA_ACCEL_REDIRECT: '/_platter_media/', TRUST_PROXY: '127.0.0.1' });
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-nginx-'));
    const [port] = (await freePorts(1)) as [number];
    nginx = await startNginx({ workDir, port, upstreamPort: Number(new URL(t.baseUrl).port), mediaDir: path.join(t.config.dataDir, 'media') });
    owner = new Client(nginx.baseUrl);
    await owner.signUp('Proxied Artist');
    mp3 = await makeMp3(2);
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it("sends a public track's bytes, whole and in ranges, with Platter's type and caching, to anyone", async () => {
    const track = await uploadTrack(owner, mp3, { title: 'Through nginx' });
    for (let i = 0; i < 2; i++) {
      // The second time, nginx answers from its kept authorization (and Platter from its fast path).
      const whole = await new Client(nginx.baseUrl).get(track.url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('audio/mpeg');
      expect(whole.headers.get('cache-control')).toContain('immutable');
      expect(whole.headers.get('x-accel-redirect')).toBeNull();
      expect(Buffer.from(await whole.arrayBuffer()).equals(mp3)).toBe(true);
      const range = await new Client(nginx.baseUrl).get(track.url, { range: 'bytes=100-199' });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toBe(`bytes 100-199/${mp3.length}`);
      expect(Buffer.from(await range.arrayBuffer()).equals(mp3.subarray(100, 200))).toBe(true);
    }
  });

  it("keeps a hidden track to its owner, and answers others with Platter's own 404", async () => {
    const track = await uploadTrack(owner, mp3, { title: 'Hidden behind nginx' });
    await t.context.database.db.updateTable('tracks').set({ hidden: 1 }).where('id', '=', track.id).execute();
    for (let i = 0; i < 2; i++) {
      const stranger = await new Client(nginx.baseUrl).get(track.url);
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toMatchObject({ error: 'media_not_found' });
      const mine = await owner.get(track.url, { range: 'bytes=0-9' });
      expect(mine.status).toBe(206);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await mine.arrayBuffer()).equals(mp3.subarray(0, 10))).toBe(true);
    }
    // Nor is the owner's "allowed" kept for the next anonymous request.
    expect((await new Client(nginx.baseUrl).get(track.url)).status).toBe(404);
  });

  it('answers media that is no track with 404', async () => {
    const response = await new Client(nginx.baseUrl).get('/media/uploads/nobody/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'media_not_found' });
  });

  it('lets Platter answer nginx only with what auth_request understands, and keeps a public answer for a few seconds only', async () => {
    const track = await uploadTrack(owner, mp3, { title: 'Asked directly' });
    const direct = new Client(t.baseUrl);
    const allowed = await direct.get(track.url, { 'x-platter-media-auth': '1' });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('x-accel-expires')).toBe('5');
    const redirect = await direct.get(track.url);
    expect(redirect.status).toBe(200);
    expect(redirect.headers.get('x-accel-redirect')).toBe(`/_platter_media/${track.url.slice('/media/'.length)}`);
    expect((await redirect.arrayBuffer()).byteLength).toBe(0);
    expect((await direct.get('/media/uploads/nobody/nothing', { 'x-platter-media-auth': '1' })).status).toBe(403);
  });
});
