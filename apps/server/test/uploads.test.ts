import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadSigner } from '../src/storage/upload-signer.js';
import { makeMp3, makeWav, notAudio } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, TEST_SECRET, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put, uploadTrack } from './support/uploads.js';

type ApiError = { error: string; message: string; field?: string };

describe(`upload protocol (${dialect})`, () => {
  let t: TestApp;
  let alice: Client;
  let bob: Client;
  let mp3: Buffer;

  const trackCount = async () => (await new Client(t.baseUrl).json<{ total: number }>('GET', '/api/tracks')).body.total;
  /** Every file in media storage other than the in-flight temp folder. */
  const storedFiles = () => {
    const root = path.join(t.config.dataDir, 'media');
    return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile()) : [];
  };

  beforeAll(async () => {
    t = await startTestApp({ MAX_UPLOAD_MB: '0.25' });
    alice = new Client(t.baseUrl);
    bob = new Client(t.baseUrl);
    await alice.signUp('Alice Artist');
    await bob.signUp('Bob');
    mp3 = await makeMp3(2);
  });
  afterAll(() => t.close());

  it('uploads an MP3, creates a track with its duration, and bumps the artist track count', async () => {
    const track = await uploadTrack(alice, mp3, { title: '  First light  ', genre: 'Pop' });
    expect(track).toMatchObject({ title: 'First light', genre: 'Pop', artist: 'Alice Artist', likes: 0, listens: 0 });
    expect(track.duration).toBeGreaterThan(1.8);
    expect(track.duration).toBeLessThan(2.3);
    const me = await alice.json<{ profile: { tracks: number } }>('GET', '/api/me');
    expect(me.body.profile.tracks).toBe(1);
    const audio = await alice.get(track.url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await audio.arrayBuffer()).equals(mp3)).toBe(true);
  });

  it('defaults the genre to Other and accepts WAV', async () => {
    const urls = await getUploadUrl(alice, makeWav(), 'take.wav', 'audio/wav');
    expect((await put(alice, urls.uploadURL, makeWav(), 'audio/wav')).status).toBe(200);
    const created = await alice.json<{ genre: string }>('POST', '/api/tracks', { title: 'Take', url: urls.fileUrl });
    expect(created.status).toBe(201);
    expect(created.body.genre).toBe('Other');
  });

  it('requires sign-in for every step', async () => {
    const anonymous = new Client(t.baseUrl);
    expect((await anonymous.json('POST', '/api/get-upload-url', { fileName: 'a.mp3', fileType: 'audio/mpeg', fileSize: 1000 })).status).toBe(401);
    expect((await anonymous.json('POST', '/api/tracks', { title: 'x', url: '/media/uploads/x/y' })).status).toBe(401);
  });

  it('refuses a declared non-audio file before any upload', async () => {
    const { status, body } = await alice.json<ApiError>('POST', '/api/get-upload-url', { fileName: 'notes.txt', fileType: 'text/plain', fileSize: 1000 });
    expect(status).toBe(415);
    expect(body.message).toContain('not an audio file');
  });

  it('refuses non-audio content sent as audio with 415 and keeps nothing', async () => {
    const before = storedFiles();
    const urls = await getUploadUrl(alice, notAudio, 'fake.mp3');
    const response = await put(alice, urls.uploadURL, notAudio);
    expect(response.status).toBe(415);
    expect(((await response.json()) as ApiError).message).toMatch(/not audio/);
    expect(storedFiles()).toEqual(before);
    // The upload ends with the refusal: no row is left pending, the fileUrl names nothing, and the
    // URL (signed for that file's size) says to ask for a new one rather than "already used".
    expect(await t.context.database.db.selectFrom('uploads').select('id').where('storage_key', '=', urls.fileUrl.replace('/media/', '')).executeTakeFirst()).toBeUndefined();
    const created = await alice.json<ApiError>('POST', '/api/tracks', { title: 'Fake', url: urls.fileUrl });
    expect(created.status).toBe(404);
    expect(created.body.error).toBe('upload_not_found');
    const again = await put(alice, urls.uploadURL, notAudio);
    expect(again.status).toBe(410);
    expect(((await again.json()) as ApiError).message).toMatch(/Ask for a new one/);
  });

  it('refuses a forged upload URL', async () => {
    const urls = await getUploadUrl(alice, mp3);
    const [prefix, token] = [urls.uploadURL.slice(0, urls.uploadURL.lastIndexOf('/') + 1), urls.uploadURL.slice(urls.uploadURL.lastIndexOf('/') + 1)];
    const [payload, mac] = token.split('.');
    const grant = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...grant, maxBytes: 10 ** 9 })).toString('base64url');
    const response = await put(alice, `${prefix}${forged}.${mac}`, mp3);
    expect(response.status).toBe(403);
    expect(((await response.json()) as ApiError).error).toBe('upload_url_invalid');
    expect((await put(alice, `${prefix}garbage`, mp3)).status).toBe(403);
  });

  it('refuses an expired upload URL', async () => {
    const urls = await getUploadUrl(alice, mp3);
    const token = urls.uploadURL.slice(urls.uploadURL.lastIndexOf('/') + 1);
    const grant = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    const expired = new UploadSigner(`upload:${TEST_SECRET}`).sign({ ...grant, expiresAt: Date.now() - 1000 });
    const response = await put(alice, `/api/uploads/${expired}`, mp3);
    expect(response.status).toBe(410);
    expect(((await response.json()) as ApiError).message).toMatch(/expired/);
  });

  it('makes an upload URL single-use', async () => {
    const urls = await getUploadUrl(alice, mp3);
    expect((await put(alice, urls.uploadURL, mp3)).status).toBe(200);
    const again = await put(alice, urls.uploadURL, mp3);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiError).error).toBe('upload_url_used');
  });

  it('refuses a reused fileUrl and leaves one track', async () => {
    const urls = await getUploadUrl(alice, mp3);
    await put(alice, urls.uploadURL, mp3);
    expect((await alice.json('POST', '/api/tracks', { title: 'Once', url: urls.fileUrl })).status).toBe(201);
    const count = await trackCount();
    const again = await alice.json<ApiError>('POST', '/api/tracks', { title: 'Twice', url: urls.fileUrl });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('upload_used');
    expect(await trackCount()).toBe(count);
  });

  it("refuses someone else's fileUrl and upload URL", async () => {
    const urls = await getUploadUrl(alice, mp3);
    const stolenPut = await put(bob, urls.uploadURL, mp3);
    expect(stolenPut.status).toBe(403);
    await put(alice, urls.uploadURL, mp3);
    const count = await trackCount();
    const stolen = await bob.json<ApiError>('POST', '/api/tracks', { title: 'Mine now', url: urls.fileUrl });
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toContain('another user');
    expect(await trackCount()).toBe(count);
  });

  it('refuses a file over MAX_UPLOAD_MB with 413 and keeps nothing', async () => {
    const before = storedFiles();
    const urls = await getUploadUrl(alice, mp3);
    const big = Buffer.concat([mp3, Buffer.alloc(300 * 1024)]);
    const response = await put(alice, urls.uploadURL, big);
    expect(response.status).toBe(413);
    expect(((await response.json()) as ApiError).message).toContain('MB limit');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a declared size over MAX_UPLOAD_MB before any upload, and asks for the size', async () => {
    const over = await alice.json<ApiError>('POST', '/api/get-upload-url', { fileName: 'long.mp3', fileType: 'audio/mpeg', fileSize: 10 * 1024 * 1024 * 1024 });
    expect(over.status).toBe(413);
    expect(over.body.message).toMatch(/"long\.mp3" is [\d.]+ MB; the limit is \d+ MB/);
    const missing = await alice.json<ApiError>('POST', '/api/get-upload-url', { fileName: 'a.mp3', fileType: 'audio/mpeg' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('fileSize');
    expect(missing.body.field).toBe('fileSize');
    const empty = await alice.json<ApiError>('POST', '/api/get-upload-url', { fileName: 'a.mp3', fileType: 'audio/mpeg', fileSize: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('empty');
  });

  it('refuses a body of another size than declared, and keeps nothing', async () => {
    const before = storedFiles();
    const urls = await getUploadUrl(alice, mp3);
    const response = await put(alice, urls.uploadURL, Buffer.concat([mp3, Buffer.alloc(10)]));
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error).toBe('upload_size_mismatch');
    expect(storedFiles()).toEqual(before);
    // The URL is still good for the declared file.
    expect((await put(alice, urls.uploadURL, mp3)).status).toBe(200);
  });

  it('refuses a Content-Type other than the one signed', async () => {
    const urls = await getUploadUrl(alice, mp3);
    const response = await put(alice, urls.uploadURL, mp3, 'audio/ogg');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).message).toContain('audio/mpeg');
  });

  it('validates the track fields with messages', async () => {
    const urls = await getUploadUrl(alice, mp3);
    await put(alice, urls.uploadURL, mp3);
    const blank = await alice.json<ApiError>('POST', '/api/tracks', { title: '   ', url: urls.fileUrl });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Track title is required');
    const long = await alice.json<ApiError>('POST', '/api/tracks', { title: 'x'.repeat(201), url: urls.fileUrl });
    expect(long.status).toBe(400);
    const genre = await alice.json<ApiError>('POST', '/api/tracks', { title: 'ok', genre: 'Polka', url: urls.fileUrl });
    expect(genre.status).toBe(400);
    // zod's own wording behind a human label; the field apart for the form.
    expect(genre.body.message).toMatch(/^Genre: /);
    expect(genre.body.field).toBe('genre');
    const unknown = await alice.json<ApiError>('POST', '/api/tracks', { title: 'ok', url: '/media/uploads/nope/nope' });
    expect(unknown.status).toBe(404);
    const elsewhere = await alice.json<ApiError>('POST', '/api/tracks', { title: 'ok', url: 'https://evil.example/x.mp3' });
    expect(elsewhere.status).toBe(404);
    // None of those used the file up.
    expect((await alice.json('POST', '/api/tracks', { title: 'ok', url: urls.fileUrl })).status).toBe(201);
  });

  it('does not stream an upload that is not a track yet', async () => {
    const urls = await getUploadUrl(alice, mp3);
    await put(alice, urls.uploadURL, mp3);
    expect((await alice.get(urls.fileUrl)).status).toBe(404);
  });

  it('sweeps uploads that expired unused, file and row', async () => {
    const urls = await getUploadUrl(alice, mp3);
    await put(alice, urls.uploadURL, mp3);
    const swept = await t.context.services.uploads.sweepAbandoned(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(swept).toBeGreaterThan(0);
    const created = await alice.json<ApiError>('POST', '/api/tracks', { title: 'late', url: urls.fileUrl });
    expect(created.status).toBe(404);
    // Tracks made earlier keep their files.
    const list = await alice.json<{ items: Array<{ url: string }> }>('GET', '/api/tracks');
    for (const item of list.body.items) expect((await alice.request('HEAD', item.url)).status).toBe(200);
  });
});
