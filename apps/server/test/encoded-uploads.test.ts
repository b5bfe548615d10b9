import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WAVEFORM_BARS } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LateMoov, decoderFor } from '../src/media/waveform/decoders.js';
import { findLateMoov } from '../src/media/waveform/mp4-moov.js';
import { notAudio } from './support/audio-fixtures.js';
import {
  ENCODED_AUDIO,
  type EncodedAudio,
  NOT_AUDIO,
  type NotAudio,
  encodersHere,
  ffmpegLoudness,
  ffprobeAudio,
  ffprobeDuration,
  makeEncodedFixtures,
} from './support/encoders.js';
import { Client } from './support/http-client.js';
import { imageInfo } from './support/images.js';
import { type S3TestServer, startS3Server } from './support/s3-server.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

type ApiError = { error: string; message: string };
type Urls = { uploadURL: string; fileUrl: string };
type Track = { id: string; title: string; artist: string; genre: string; url: string; image: string | null; duration: number | null; waveform: string };
type Waveform = { status: string; peaks: number[]; duration: number | null };
type TrackAudio = { status: string; sourceCodec: string | null; sourceKbps: number | null; loudness: number | null; truePeak: number | null; high: string | null; saver: string | null };

const here = encodersHere('encoded-uploads.test.ts');
const ARTIST = 'Encoder Artist';

/** The fixtures are made once per run of this file, into one temp folder both suites read. */
let fixtures: Promise<string> | undefined;
const fixturesDir = () =>
  (fixtures ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-encoded-'));
    await makeEncodedFixtures(dir);
    return dir;
  })());
afterAll(async () => {
  if (fixtures) fs.rmSync(await fixtures, { recursive: true, force: true });
});

/**
 * Files made by the real encoders (ffmpeg, lame, flac, opusenc, oggenc), uploaded through the real
 * HTTP API as an artist: each good one becomes a track that plays, with ffprobe's duration, its tags
 * and cover as the upload flow reads them, and a waveform; each bad one is refused like any other
 * file that is not audio, and leaves nothing behind.
 */
describe.skipIf(!here)(`uploads of files made by real encoders (${dialect})`, () => {
  let dir: string;
  let t: TestApp;
  let artist: Client;
  /** What Platter answers for a file that is plainly not audio (a PNG sent as an MP3). */
  let notAudioMessage: string;

  const file = (name: string) => fs.readFileSync(path.join(dir, name));
  const db = () => t.context.database.db;
  const trackCount = async () => Number((await db().selectFrom('tracks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  /** Every object in media storage, apart from in-flight temp files and the ETag sidecars. */
  const storedObjects = () => {
    const root = path.join(t.config.dataDir, 'media');
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => !f.startsWith('.tmp') && !path.basename(f).startsWith('.') && fs.statSync(path.join(root, f)).isFile()).sort();
  };
  const uploadRow = (fileUrl: string) => db().selectFrom('uploads').selectAll().where('storage_key', '=', fileUrl.replace(/^\/media\//, '')).executeTakeFirst();

  const askUrl = async (fileName: string, declaredType: string, size: number) => {
    const { status, body } = await artist.json<Urls>('POST', '/api/get-upload-url', { fileName, fileType: declaredType, fileSize: size });
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const put = (uploadURL: string, bytes: Buffer, contentType: string) =>
    artist.request('PUT', uploadURL, { body: new Uint8Array(bytes), headers: { 'content-type': contentType } });

  const waitForWaveform = async (id: string): Promise<Waveform> => {
    await t.context.jobs.idle();
    for (let i = 0; i < 300; i++) {
      const { body } = await artist.json<Waveform>('GET', `/api/tracks/${id}/waveform`);
      if (body.status !== 'pending') return body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('waveform still pending');
  };

  /** The track's audio once the media engine's job has run. */
  const processedAudio = async (id: string): Promise<TrackAudio> => {
    await t.context.jobs.idle(120_000);
    for (let i = 0; i < 600; i++) {
      const { body } = await artist.json<{ audio: TrackAudio }>('GET', `/api/tracks/${id}`);
      if (body.audio.status !== 'processing') return body.audio;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('audio still processing');
  };

  beforeAll(async () => {
    dir = await fixturesDir();
    t = await startTestApp();
    // The media engine is the machine's ffmpeg, the one the expectations below are computed with.
    expect(t.context.mediaEngine?.info.source).toBe('system');
    artist = new Client(t.baseUrl);
    await artist.signUp(ARTIST);
    const urls = await askUrl('fake.mp3', 'audio/mpeg', notAudio.length);
    const refused = await put(urls.uploadURL, notAudio, 'audio/mpeg');
    expect(refused.status).toBe(415);
    notAudioMessage = ((await refused.json()) as ApiError).message;
    expect(notAudioMessage).toMatch(/^This file is not audio\. Upload mp3, /);
  }, 120_000);
  afterAll(() => t?.close());

  const goodCase = async (audio: EncodedAudio) => {
    const bytes = file(audio.fileName);
    const urls = await askUrl(audio.fileName, audio.declaredType, bytes.length);
    const stored = await put(urls.uploadURL, bytes, audio.declaredType);
    expect(stored.status, await stored.clone().text()).toBe(200);
    expect(((await stored.json()) as { contentType: string }).contentType).toBe(audio.contentType);

    // The genre is left out of the form, so a genre tag naming one of Platter's is taken.
    const created = await artist.json<Track>('POST', '/api/tracks', { title: `Upload of ${audio.fileName}`, url: urls.fileUrl });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const track = created.body;
    // Today's upload flow: the form's title and the uploader's name, not the file's title/artist tags.
    expect(track).toMatchObject({ title: `Upload of ${audio.fileName}`, artist: ARTIST, genre: audio.genreTag ?? 'Other' });
    const expected = await ffprobeDuration(path.join(dir, audio.fileName));
    expect(track.duration).not.toBeNull();
    expect(Math.abs((track.duration ?? 0) - expected), `duration ${track.duration} s, ffprobe ${expected} s`).toBeLessThanOrEqual(0.5);

    if (audio.cover) {
      expect(track.image).toMatch(/^\/media\/images\//);
      const image = await artist.get(track.image as string);
      expect(image.status).toBe(200);
      expect(await imageInfo(Buffer.from(await image.arrayBuffer()))).toEqual({ width: 600, height: 600, format: 'webp' });
    } else {
      expect(track.image).toBeNull();
    }

    // It plays: the player's Range requests get the file's own bytes.
    const range = await artist.get(track.url, { range: 'bytes=0-4095' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-type')).toBe(audio.contentType);
    expect(range.headers.get('content-range')).toBe(`bytes 0-4095/${bytes.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(0, 4096))).toBe(true);
    const tail = await artist.get(track.url, { range: `bytes=${bytes.length - 100}-` });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 100))).toBe(true);

    const waveform = await waitForWaveform(track.id);
    expect(waveform.status).toBe('ready');
    expect(waveform.peaks).toHaveLength(WAVEFORM_BARS);
    expect(Math.max(...waveform.peaks)).toBe(1);
    if (audio.fadesIn) {
      // The decoded audio is the source's: it rises from silence to its loudest at the end.
      const at = (share: number) => waveform.peaks[Math.floor(share * (WAVEFORM_BARS - 1))] ?? 0;
      expect(at(0.1)).toBeLessThan(0.3);
      expect(at(0.5)).toBeGreaterThan(at(0.1));
      expect(at(0.95)).toBeGreaterThan(0.8);
    }

    // The media engine measured its loudness as ffmpeg's ebur128 filter does on the file itself,
    // and made the renditions a file of its kind and bitrate needs: both for a lossless file, one
    // only where it is smaller than the original, none for a small lossy file (never re-encoded up).
    const processed = await processedAudio(track.id);
    const source = path.join(dir, audio.fileName);
    const [reference, probe] = await Promise.all([ffmpegLoudness(source), ffprobeAudio(source)]);
    expect(processed).toMatchObject({ status: 'ready', sourceCodec: probe.codec });
    expect(Math.abs((processed.loudness ?? 0) - reference.integrated), `${processed.loudness} LUFS, ebur128 ${reference.integrated}`).toBeLessThanOrEqual(0.5);
    expect(Math.abs((processed.truePeak ?? 0) - reference.truePeak)).toBeLessThanOrEqual(0.5);
    const lossless = probe.codec === 'flac' || probe.codec.startsWith('pcm_');
    const larger = (kbps: number) => lossless || probe.kbps === null || probe.kbps > kbps;
    expect({ high: processed.high !== null, saver: processed.saver !== null }, `${probe.codec} at ${probe.kbps} kbit/s`).toEqual({ high: larger(320), saver: larger(128) });
    for (const [url, kbps] of [
      [processed.high, 320],
      [processed.saver, 128],
    ] as const) {
      if (url === null) continue;
      const response = await artist.get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      const rendition = path.join(dir, `rendition-${kbps}-${audio.fileName}.mp3`);
      fs.writeFileSync(rendition, Buffer.from(await response.arrayBuffer()));
      expect(await ffprobeAudio(rendition)).toEqual({ codec: 'mp3', kbps, sampleRate: 44_100 });
      expect(Math.abs((await ffprobeDuration(rendition)) - expected), `rendition of ${expected} s`).toBeLessThanOrEqual(0.5);
      expect(Math.abs((await ffmpegLoudness(rendition)).integrated - reference.integrated)).toBeLessThanOrEqual(1);
      const seek = await artist.get(url, { range: 'bytes=1000-1999' });
      expect(seek.status).toBe(206);
    }
  };

  for (const audio of ENCODED_AUDIO) {
    it(`accepts ${audio.label}: ffprobe's duration, its tags and cover, a waveform, and it plays`, () => goodCase(audio), audio.timeoutMs);
  }

  it('decodes an M4A whose moov comes after its audio as the file streams, not all at once at its end', async () => {
    const bytes = file('aac.m4a');
    const lateMoov = await findLateMoov(async (start, end) => bytes.subarray(start, end + 1), bytes.length);
    if (!lateMoov) throw new Error('ffmpeg wrote the moov first: the fixture no longer tests this');
    const framesPerChunk = async (moov: LateMoov | undefined) => {
      const decoder = await decoderFor('audio/mp4', bytes.subarray(0, 4096), moov);
      if (!decoder) throw new Error('no MP4 decoder');
      await decoder.ready;
      const frames: number[] = [];
      for (let at = 0; at < bytes.length; at += 16 * 1024) frames.push((await decoder.decode(bytes.subarray(at, at + 16 * 1024))).channelData[0]?.length ?? 0);
      frames.push((await decoder.flush?.())?.channelData[0]?.length ?? 0);
      await decoder.free();
      return frames;
    };
    const streamed = await framesPerChunk(lateMoov);
    const whole = await framesPerChunk(undefined);
    const sum = (frames: number[]) => frames.reduce((a, b) => a + b, 0);
    expect(sum(streamed)).toBe(sum(whole));
    // Fed as stored, nothing decodes before the moov has arrived; fed moov first, most of the audio
    // has decoded before the chunk holding the moov's old place.
    const moovChunk = Math.floor(lateMoov.at / (16 * 1024));
    expect(sum(whole.slice(0, moovChunk))).toBe(0);
    expect(sum(streamed.slice(0, moovChunk))).toBeGreaterThan(sum(whole) / 2);
  });

  const badCase = async (bad: NotAudio) => {
    const bytes = file(bad.fileName);
    const [objects, tracks] = [storedObjects(), await trackCount()];
    const urls = await askUrl(bad.fileName, 'audio/mpeg', bytes.length);
    const refused = await put(urls.uploadURL, bytes, 'audio/mpeg');
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ error: 'unsupported_media_type', message: notAudioMessage });
    // Nothing is left: no object, no upload row (pending or otherwise), no track.
    expect(storedObjects()).toEqual(objects);
    expect(await uploadRow(urls.fileUrl)).toBeUndefined();
    const created = await artist.json<ApiError>('POST', '/api/tracks', { title: 'Not audio', url: urls.fileUrl });
    expect(created.status).toBe(404);
    expect(await trackCount()).toBe(tracks);
  };

  for (const bad of NOT_AUDIO) {
    it(`refuses ${bad.label} with 415 like any file that is not audio, and keeps nothing`, () => badCase(bad));
  }
});

/**
 * On S3 the bytes reach the bucket without Platter: POST /api/tracks makes the same decision on the
 * stored object, and the waveform job reads an M4A whose moov comes last by ranges from the bucket.
 */
describe.skipIf(!here)(`files made by real encoders, uploaded straight to an S3 bucket (${dialect})`, () => {
  let dir: string;
  let s3: S3TestServer;
  let t: TestApp;
  let artist: Client;

  const file = (name: string) => fs.readFileSync(path.join(dir, name));
  const upload = async (fileName: string, declaredType: string) => {
    const bytes = file(fileName);
    const urls = (await artist.json<Urls>('POST', '/api/get-upload-url', { fileName, fileType: declaredType, fileSize: bytes.length })).body;
    const stored = await fetch(urls.uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': declaredType } });
    expect(stored.status).toBe(200);
    return urls;
  };
  const keyOf = (fileUrl: string) => fileUrl.replace(/^\/media\//, '');

  beforeAll(async () => {
    dir = await fixturesDir();
    s3 = await startS3Server();
    t = await startTestApp(s3.env);
    artist = new Client(t.baseUrl);
    await artist.signUp(ARTIST);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('refuses each bad file at POST /api/tracks with the same 415, deleting the object and its upload', async () => {
    for (const bad of NOT_AUDIO) {
      const urls = await upload(bad.fileName, 'audio/mpeg');
      const created = await artist.json<ApiError>('POST', '/api/tracks', { title: 'Not audio', url: urls.fileUrl });
      expect(created.status, bad.label).toBe(415);
      expect(created.body.message, bad.label).toMatch(/^This file is not audio\. Upload mp3, /);
      expect(await t.context.storage.stat(keyOf(urls.fileUrl)), bad.label).toBeUndefined();
      expect(await t.context.database.db.selectFrom('uploads').select('id').where('storage_key', '=', keyOf(urls.fileUrl)).executeTakeFirst(), bad.label).toBeUndefined();
    }
    expect((await artist.json<{ items: Track[] }>('GET', '/api/me/tracks')).body.items).toEqual([]);
  });

  it('makes the waveform of an M4A whose moov comes after its audio, read from the bucket', async () => {
    const urls = await upload('aac.m4a', 'audio/x-m4a');
    const created = await artist.json<Track>('POST', '/api/tracks', { title: 'From the bucket', url: urls.fileUrl });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Math.abs((created.body.duration ?? 0) - (await ffprobeDuration(path.join(dir, 'aac.m4a'))))).toBeLessThanOrEqual(0.5);
    await t.context.jobs.idle();
    let waveform: Waveform | undefined;
    for (let i = 0; i < 300 && (!waveform || waveform.status === 'pending'); i++) {
      if (waveform) await new Promise((r) => setTimeout(r, 100));
      waveform = (await artist.json<Waveform>('GET', `/api/tracks/${created.body.id}/waveform`)).body;
    }
    expect(waveform?.status).toBe('ready');
    expect(waveform?.peaks).toHaveLength(WAVEFORM_BARS);
  });
});
