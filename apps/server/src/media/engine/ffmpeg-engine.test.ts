import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneWav as sineWav } from '../../../test/support/audio-fixtures.js';
import { bundledFfmpegPath, createMediaEngine } from './create-media-engine.js';
import { FfmpegEngine, parseAnalysis } from './ffmpeg-engine.js';
import { type MediaEngine, MediaEngineError } from './media-engine.js';

let dir: string;
const file = (name: string, bytes: Buffer) => {
  const target = path.join(dir, name);
  fs.writeFileSync(target, bytes);
  return target;
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-engine-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The build shipped in the registry package is always there (npm installs it); the machine's own
// ffmpeg too where it is installed (CI installs Debian's).
const engines: Array<[string, () => Promise<MediaEngine | undefined>]> = [['bundled', () => createMediaEngine({ mediaEngine: 'bundled' })]];
if (process.env.CI || fs.existsSync('/usr/bin/ffmpeg')) engines.push(['system', () => createMediaEngine({ mediaEngine: 'system' })]);

describe.each(engines)('the %s ffmpeg as media engine', (source, create) => {
  let engine: MediaEngine;
  beforeAll(async () => {
    const made = await create();
    if (!made) throw new Error(`no ${source} ffmpeg`);
    engine = made;
  });

  it('says which ffmpeg it is', () => {
    expect(engine.info).toMatchObject({ name: 'ffmpeg', source });
    expect(engine.info.version).toMatch(/\d/);
  });

  it('measures a −20 dBFS stereo 997 Hz tone at −20 LUFS with a −20 dBTP true peak', async () => {
    const analysis = await engine.analyse(file(`tone-${source}.wav`, sineWav(6, 44_100, 2, -20)));
    expect(analysis).toMatchObject({ codec: 'pcm_s16le', lossless: true, sampleRate: 44_100, channels: 2 });
    expect(analysis.integratedLufs).toBeCloseTo(-20, 0);
    expect(Math.abs((analysis.integratedLufs as number) + 20)).toBeLessThan(0.5);
    expect(Math.abs((analysis.truePeakDbtp as number) + 20)).toBeLessThan(0.5);
  });

  it('reads a mono tone 3 dB quieter than the same tone in stereo', async () => {
    const mono = await engine.analyse(file(`mono-${source}.wav`, sineWav(6, 8_000, 1, -10)));
    expect(mono).toMatchObject({ channels: 1, sampleRate: 8_000 });
    expect(Math.abs((mono.integratedLufs as number) + 13.01)).toBeLessThan(0.5);
  });

  it('gives no loudness and no peak for silence', async () => {
    const silence = await engine.analyse(file(`silence-${source}.wav`, sineWav(3, 44_100, 2, -Infinity)));
    expect(silence.integratedLufs).toBeNull();
    expect(silence.truePeakDbtp).toBeNull();
  });

  it('encodes an MP3 rendition at the asked bitrate that keeps the loudness', async () => {
    const source44 = file(`loud-${source}.wav`, sineWav(8, 48_000, 2, -6));
    const output = path.join(dir, `rendition-${source}.mp3`);
    await engine.encode(source44, output, { codec: 'mp3', bitrateKbps: 128 });
    const rendition = await engine.analyse(output);
    expect(rendition).toMatchObject({ codec: 'mp3', lossless: false, bitrateKbps: 128, sampleRate: 44_100, channels: 2 });
    // LAME lands about 0.4 dB under its source; the gain computed from the original stays within 1 LU.
    expect(Math.abs((rendition.integratedLufs as number) + 6)).toBeLessThan(1);
  });

  it('refuses a file that is not audio with an error naming ffmpeg', async () => {
    const html = file(`page-${source}.mp3`, Buffer.from('<!doctype html><title>no</title>'.repeat(100)));
    await expect(engine.analyse(html)).rejects.toBeInstanceOf(MediaEngineError);
  });
});

describe('the bounds of a run', () => {
  it('kills a run past its time bound', async () => {
    const bundled = bundledFfmpegPath() as string;
    const slow = new FfmpegEngine({ name: 'ffmpeg', version: 'x', source: 'bundled', path: bundled }, { timeoutMs: 50, memoryBytes: 1024 ** 3, outputBytes: 1e9 });
    const long = file('long.wav', sineWav(120, 44_100, 2, -20));
    await expect(slow.analyse(long)).rejects.toThrow(/stopped after/);
  });

  it('stops writing at the output bound', async () => {
    const bundled = bundledFfmpegPath() as string;
    const capped = new FfmpegEngine({ name: 'ffmpeg', version: 'x', source: 'bundled', path: bundled }, { timeoutMs: 60_000, memoryBytes: 1024 ** 3, outputBytes: 50_000 });
    const output = path.join(dir, 'capped.mp3');
    await capped.encode(file('minute.wav', sineWav(60, 44_100, 2, -20)), output, { codec: 'mp3', bitrateKbps: 320 });
    expect(fs.statSync(output).size).toBeLessThanOrEqual(50_000 + 4096);
  });

  it('runs ffmpeg at a lower scheduling priority than the server (nice 10), so the event loop gets the CPU first', async () => {
    // A stand-in binary that runs ffmpeg, then writes down the niceness it (the process spawned) ran at.
    const niceOut = path.join(dir, 'niceness.txt');
    const wrapper = file('nice-ffmpeg.sh', Buffer.from(`#!/bin/sh\n'${bundledFfmpegPath() as string}' "$@"\nstatus=$?\nnice > '${niceOut}'\nexit $status\n`));
    fs.chmodSync(wrapper, 0o755);
    const engine = new FfmpegEngine({ name: 'ffmpeg', version: 'x', source: 'configured', path: wrapper });
    const analysis = await engine.analyse(file('nice.wav', sineWav(2, 44_100, 2, -20)));
    expect(analysis.codec).toBe('pcm_s16le');
    expect(Number(fs.readFileSync(niceOut, 'utf8').trim())).toBe(Math.min(19, os.getPriority() + 10));
  });

  it('a configured path that is not ffmpeg is an error at start, and `none` turns the engine off', async () => {
    await expect(createMediaEngine({ ffmpegPath: '/bin/true' })).rejects.toThrow(/FFMPEG_PATH/);
    expect(await createMediaEngine({ mediaEngine: 'none' })).toBeUndefined();
  });
});

describe('parseAnalysis', () => {
  it('takes the input stream, not the output one, and the container bitrate when the stream has none', () => {
    const stderr = [
      "Input #0, ogg, from 'x.ogg':",
      '  Duration: 00:00:05.00, start: 0.000000, bitrate: 97 kb/s',
      '  Stream #0:0: Audio: vorbis, 44100 Hz, 5.1, fltp',
      "Output #0, null, to 'pipe:':",
      '  Stream #0:0: Audio: pcm_s16le, 48000 Hz, stereo, s16, 1536 kb/s',
      '[Parsed_ebur128_0 @ 0x1] Summary:',
      '    I:         -70.0 LUFS',
      '    Peak:       -inf dBFS',
    ].join('\n');
    expect(parseAnalysis(stderr)).toEqual({ codec: 'vorbis', lossless: false, bitrateKbps: 97, sampleRate: 44_100, channels: 6, integratedLufs: null, truePeakDbtp: null });
  });
});
