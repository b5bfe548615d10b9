import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3, makeWav, toneWav } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { getUploadUrl, put } from './support/uploads.js';

type TrackAudio = { status: string; sourceCodec: string | null; sourceKbps: number | null; loudness: number | null; truePeak: number | null; high: string | null; saver: string | null };
type Track = { id: string; url: string; audio: TrackAudio };

const ADMIN = 'audio-admin@platter.test';

async function upload(client: Client, bytes: Buffer, fileName: string, type: string): Promise<Track> {
  const urls = await getUploadUrl(client, bytes, fileName, type);
  expect((await put(client, urls.uploadURL, bytes, type)).status).toBe(200);
  const created = await client.json<Track>('POST', '/api/tracks', { title: fileName, url: urls.fileUrl });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** A response's status, its body read to the end (an unread body would hold the connection, and the app's close, open). */
async function statusOf(pending: Promise<Response>): Promise<number> {
  const response = await pending;
  await response.arrayBuffer();
  return response.status;
}

/** The track once its `audio` job has run (on PostgreSQL the job may reach pg-boss after the queue last looked idle). */
async function processed(t: TestApp, client: Client, id: string): Promise<Track> {
  for (let i = 0; i < 300; i++) {
    await t.context.jobs.idle(60_000);
    const { body } = await client.json<Track>('GET', `/api/tracks/${id}`);
    if (body.audio.status !== 'processing') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`track ${id} is still processing`);
}

/**
 * What the media engine does around an upload beyond the formats (encoded-uploads.test.ts covers
 * those): who may fetch a rendition, what deleting a track removes, a restart's pending tracks,
 * and the track's state when there is no engine or it fails.
 */
describe(`audio processing by the media engine (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let admin: Client;
  let wav: Buffer;
  let artistId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    artist = new Client(t.baseUrl);
    artistId = (await artist.signUp('Engine Artist')).id;
    admin = new Client(t.baseUrl);
    await admin.signUp('Engine Admin', ADMIN);
    wav = toneWav(3, 44_100, 2, -20);
  });
  afterAll(() => t?.close());

  it('lists a new track as processing with its original playing, then ready with both renditions of a lossless file', async () => {
    const created = await upload(artist, wav, 'tone.wav', 'audio/wav');
    expect(created.audio).toEqual({ status: 'processing', sourceCodec: null, sourceKbps: null, loudness: null, truePeak: null, high: null, saver: null });
    const track = await processed(t, artist, created.id);
    expect(track.audio).toMatchObject({ status: 'ready', sourceCodec: 'pcm_s16le', high: expect.stringMatching(/^\/media\/renditions\//), saver: expect.stringMatching(/^\/media\/renditions\//) });
    // A −20 dBFS stereo 997 Hz tone reads −20 LUFS (BS.1770's calibration).
    expect(Math.abs((track.audio.loudness as number) + 20)).toBeLessThan(0.5);
    expect(Math.abs((track.audio.truePeak as number) + 20)).toBeLessThan(0.5);
    expect(track.url).toBe(created.url);
    expect(await statusOf(artist.get(track.url))).toBe(200);
  });

  it('does not re-encode a lossy file at or under the renditions’ bitrates', async () => {
    const created = await upload(artist, await makeMp3(2), 'small.mp3', 'audio/mpeg');
    const track = await processed(t, artist, created.id);
    expect(track.audio).toMatchObject({ status: 'ready', sourceCodec: 'mp3', sourceKbps: 64, high: null, saver: null });
    expect(track.audio.loudness).toEqual(expect.any(Number));
  });

  it('keeps a hidden track’s renditions to its owner and admins, even right after they were served to everyone', async () => {
    const track = await processed(t, artist, (await upload(artist, wav, 'hidden.wav', 'audio/wav')).id);
    const anonymous = new Client(t.baseUrl);
    const high = track.audio.high as string;
    expect(await statusOf(anonymous.get(high))).toBe(200);
    expect((await admin.json('PUT', `/api/admin/tracks/${track.id}/hidden`, { hidden: true })).status).toBe(200);
    expect(await statusOf(anonymous.get(high))).toBe(404);
    expect(await statusOf(anonymous.get(track.audio.saver as string, { range: 'bytes=0-99' }))).toBe(404);
    expect(await statusOf(artist.get(high, { range: 'bytes=0-99' }))).toBe(206);
    expect(await statusOf(admin.get(high))).toBe(200);
  });

  it('deletes the renditions with the track', async () => {
    const track = await processed(t, artist, (await upload(artist, wav, 'gone.wav', 'audio/wav')).id);
    const keys = [track.audio.high, track.audio.saver].map((url) => decodeURIComponent((url as string).replace(/^\/media\//, '')));
    for (const key of keys) expect(await t.context.storage.stat(key)).toBeDefined();
    expect((await artist.request('DELETE', `/api/tracks/${track.id}`)).status).toBe(204);
    for (const key of keys) expect(await t.context.storage.stat(key)).toBeUndefined();
    expect(await statusOf(artist.get(track.audio.high as string))).toBe(404);
  });

  it('processes, at start, a track a restart left processing', async () => {
    // A track whose job was never sent (the process stopped between the commit and the send).
    const mp3 = await makeMp3(2);
    const id = randomUUID();
    const key = `uploads/left/${id}.mp3`;
    await t.context.storage.put(key, mp3);
    await t.context.database.db.transaction().execute((trx) =>
      t.context.repositories.tracks.create(trx, {
        id, title: 'Left processing', genre: 'Other', artist_id: artistId, storage_key: key, content_type: 'audio/mpeg', size_bytes: mp3.length,
        duration: 2, image_key: null, waveform: null, audio_status: 'processing', search_text: 'left processing', created_at: new Date().toISOString(),
      }),
    );
    expect(await t.context.services.audio.enqueuePending()).toBeGreaterThanOrEqual(1);
    expect((await processed(t, artist, id)).audio).toMatchObject({ status: 'ready', sourceCodec: 'mp3' });
  });
});

describe(`a track without a working media engine (${dialect})`, () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-fake-ffmpeg-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('plays as uploaded, unmeasured, when processing is off', async () => {
    const t = await startTestApp({ MEDIA_ENGINE: 'none' });
    try {
      const client = new Client(t.baseUrl);
      await client.signUp('No Engine');
      const created = await upload(client, toneWav(2, 44_100, 2, -20), 'plain.wav', 'audio/wav');
      expect(created.audio.status).toBe('original');
      expect((await processed(t, client, created.id)).audio).toEqual({ status: 'original', sourceCodec: null, sourceKbps: null, loudness: null, truePeak: null, high: null, saver: null });
      expect((await client.json<{ mediaEngine: string }>('GET', '/api/ready')).body.mediaEngine).toMatch(/^none/);
    } finally {
      await t.close();
    }
  });

  it('is marked failed, and still plays its original, when the engine cannot read it', async () => {
    // An "ffmpeg" that tells its version and fails at everything else.
    const fake = path.join(dir, 'ffmpeg');
    fs.writeFileSync(fake, '#!/bin/sh\nif [ "$2" = "-version" ]; then echo "ffmpeg version 0.0-fake"; exit 0; fi\necho "Invalid data found when processing input" >&2\nexit 1\n', { mode: 0o755 });
    const t = await startTestApp({ FFMPEG_PATH: fake });
    try {
      const client = new Client(t.baseUrl);
      await client.signUp('Broken Engine');
      const created = await upload(client, makeWav(2, 44_100), 'unread.wav', 'audio/wav');
      const track = await processed(t, client, created.id);
      expect(track.audio).toMatchObject({ status: 'failed', loudness: null, high: null, saver: null });
      expect(await statusOf(client.get(track.url, { range: 'bytes=0-99' }))).toBe(206);
      // Nothing was left behind in storage for it.
      expect(fs.readdirSync(path.join(t.config.dataDir, 'media'), { recursive: true }).some((f) => String(f).startsWith('renditions'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
