import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3, notAudio } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { makePng } from './support/images.js';
import { type S3TestServer, startS3Server } from './support/s3-server.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

type ApiError = { error: string; message: string; field?: string };
type Urls = { uploadURL: string; fileUrl: string };
type Track = { id: string; url: string; image: string | null };

const ADMIN_EMAIL = 'admin@s3.platter.test';

/**
 * Platter on S3 storage (a real s3rver process): the browser PUTs straight to the bucket, POST
 * /api/tracks holds the object to what was declared before the track exists, and /media answers
 * with redirects to presigned GETs after its access checks.
 */
describe(`S3 storage: uploads straight to the bucket, media through redirects (${dialect})`, () => {
  let s3: S3TestServer;
  let t: TestApp;
  let artist: Client;
  let fan: Client;
  let admin: Client;
  let mp3: Buffer;

  const askUrl = async (client: Client, file: Buffer, fileType = 'audio/mpeg') => {
    const { status, body } = await client.json<Urls>('POST', '/api/get-upload-url', { fileName: 'song.mp3', fileType, fileSize: file.length });
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  /** The browser's PUT: to the bucket's own origin, with no Platter cookie. */
  const putToBucket = (url: string, body: Buffer, contentType = 'audio/mpeg') =>
    fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': contentType } });
  const objectExists = async (fileUrl: string) => (await t.context.storage.stat(fileUrl.replace(/^\/media\//, ''))) !== undefined;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp({ ...s3.env, MAX_UPLOAD_MB: '0.25', ADMIN_EMAILS: ADMIN_EMAIL });
    artist = new Client(t.baseUrl);
    fan = new Client(t.baseUrl);
    admin = new Client(t.baseUrl);
    await artist.signUp('Bucket Artist');
    await fan.signUp('Bucket Fan');
    await admin.signUp('Bucket Admin', ADMIN_EMAIL);
    mp3 = await makeMp3(2);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  let track: Track;

  it('hands out a presigned URL on the bucket and makes a track of what was PUT there', async () => {
    const urls = await askUrl(artist, mp3);
    expect(new URL(urls.uploadURL).origin).toBe(s3.endpoint);
    expect(new URL(urls.uploadURL).searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect(urls.fileUrl).toMatch(/^\/media\/uploads\//);
    expect((await putToBucket(urls.uploadURL, mp3)).status).toBe(200);
    const created = await artist.json<Track>('POST', '/api/tracks', { title: 'Bucket Song', genre: 'Pop', url: urls.fileUrl });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    track = created.body;
  });

  it('refuses, and deletes from the bucket, an object of another size than declared', async () => {
    const urls = await askUrl(artist, mp3);
    // s3rver does not enforce the signed Content-Length (a real bucket does): Platter checks it too.
    expect((await putToBucket(urls.uploadURL, Buffer.concat([mp3, Buffer.alloc(100)]))).status).toBe(200);
    const created = await artist.json<ApiError>('POST', '/api/tracks', { title: 'Padded', url: urls.fileUrl });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ error: 'upload_size_mismatch' });
    expect(created.body.message).toMatch(/were declared\. Upload the file again/);
    expect(await objectExists(urls.fileUrl)).toBe(false);
  });

  it('refuses an object stored with another type than declared', async () => {
    const urls = await askUrl(artist, mp3);
    expect((await putToBucket(urls.uploadURL, mp3, 'audio/ogg')).status).toBe(200);
    const created = await artist.json<ApiError>('POST', '/api/tracks', { title: 'Retyped', url: urls.fileUrl });
    expect(created.status).toBe(400);
    expect(created.body.error).toBe('content_type_mismatch');
    expect(await objectExists(urls.fileUrl)).toBe(false);
  });

  it("refuses non-audio with today's 415 message, sniffed from the object's first bytes, and deletes it", async () => {
    const urls = await askUrl(artist, notAudio);
    expect((await putToBucket(urls.uploadURL, notAudio)).status).toBe(200);
    const created = await artist.json<ApiError>('POST', '/api/tracks', { title: 'Not music', url: urls.fileUrl });
    expect(created.status).toBe(415);
    expect(created.body.message).toMatch(/This file is not audio\. Upload /);
    expect(await objectExists(urls.fileUrl)).toBe(false);
  });

  it('refuses an object over MAX_UPLOAD_MB that reached the bucket anyway, and a fileUrl with nothing PUT yet', async () => {
    const urls = await askUrl(artist, mp3);
    expect((await putToBucket(urls.uploadURL, Buffer.concat([mp3, Buffer.alloc(300 * 1024)]))).status).toBe(200);
    const created = await artist.json<ApiError>('POST', '/api/tracks', { title: 'Huge', url: urls.fileUrl });
    expect(created.status).toBe(413);
    expect(await objectExists(urls.fileUrl)).toBe(false);

    const early = await askUrl(artist, mp3);
    const notYet = await artist.json<ApiError>('POST', '/api/tracks', { title: 'Early', url: early.fileUrl });
    expect(notYet.status).toBe(409);
    expect(notYet.body.error).toBe('upload_incomplete');
  });

  it('redirects /media to a short-lived presigned GET where Range works, never cached', async () => {
    const first = await fetch(`${t.baseUrl}${track.url}`, { redirect: 'manual', headers: { range: 'bytes=100-199' } });
    expect(first.status).toBe(307);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const location = new URL(first.headers.get('location') ?? '');
    expect(location.origin).toBe(s3.endpoint);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(600);
    const bytes = await fetch(location, { headers: { range: 'bytes=100-199' } });
    expect(bytes.status).toBe(206);
    expect(bytes.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(mp3.subarray(100, 200))).toBe(true);
  });

  it('keeps a hidden track to its owner and admins: no redirect for anyone else', async () => {
    const hiddenTrack = (
      await (async () => {
        const urls = await askUrl(artist, mp3);
        await putToBucket(urls.uploadURL, mp3);
        return artist.json<Track>('POST', '/api/tracks', { title: 'Soon hidden', url: urls.fileUrl });
      })()
    ).body;
    await fan.json('POST', `/api/tracks/${hiddenTrack.id}/reports`, { reason: 'test' });
    const reports = (await admin.json<{ items: Array<{ id: string; track: { id: string } }> }>('GET', '/api/admin/reports')).body.items;
    const report = reports.find((r) => r.track.id === hiddenTrack.id);
    expect((await admin.json('POST', `/api/admin/reports/${report?.id}/hide`)).status).toBe(200);

    for (const [who, expected] of [
      [new Client(t.baseUrl), 404],
      [fan, 404],
      [artist, 307],
      [admin, 307],
    ] as const) {
      const response = await who.request('GET', hiddenTrack.url, { headers: { range: 'bytes=0-99' } });
      expect(response.status).toBe(expected);
      if (expected === 404) expect(response.headers.get('location')).toBeNull();
    }
  });

  it('stores images in the bucket and serves them through the same redirect', async () => {
    const image = await makePng(200, 200);
    const response = await artist.request('PUT', `/api/tracks/${track.id}/cover`, { body: new Uint8Array(image), headers: { 'content-type': 'image/png' } });
    expect(response.status, await response.clone().text()).toBe(200);
    const cover = ((await response.json()) as Track).image;
    expect(cover).toMatch(/^\/media\/images\//);
    const first = await fetch(`${t.baseUrl}${cover}`, { redirect: 'manual' });
    expect(first.status).toBe(307);
    const picture = await fetch(first.headers.get('location') ?? '');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });

  it("names the bucket's origin in the CSP for media, images and uploads", async () => {
    const csp = (await fetch(`${t.baseUrl}/api/health`)).headers.get('content-security-policy') ?? '';
    for (const directive of ['media-src', 'img-src', 'connect-src']) {
      const sources = csp.split(';').find((d) => d.trim().startsWith(directive)) ?? '';
      expect(sources, directive).toContain(s3.endpoint);
    }
  });

  it('reports the bucket ready', async () => {
    const ready = await fetch(`${t.baseUrl}/api/ready`);
    expect(ready.status, await ready.clone().text()).toBe(200);
  });
});
