/**
 * Renditions (issue 13, audio pipeline): the media engine's time per minute of audio to measure an
 * upload (EBU R128 loudness, true peak) and make the renditions it needs, per input format, beside
 * a reference run of the same binary on the same file: a plain decode, `ffmpeg -i x -f null -`.
 *
 * One test signal (RENDITIONS_SECONDS long, 180 by default, 44.1 kHz stereo: a slowly swept tone
 * with vibrato over pink noise, its level moving five times a second, so the encoders have something to work on)
 * is made with ffmpeg at run time and encoded into MP3 320, FLAC, WAV (16-bit), Ogg Vorbis (q6),
 * Opus 160 (.opus), M4A/AAC 256 and WebM/Opus 160. Each file goes through `processStoredAudio`
 * (what the `audio` job runs: copy from storage, analyse, encode each planned rendition, store it)
 * on local-disk storage, and through the reference decode, interleaved, RENDITIONS_ROUNDS times;
 * the medians are printed as a markdown table with the ratio engine ÷ decode and the load average
 * (/proc/loadavg) beside each row.
 *
 *   npx tsx --conditions=source bench/renditions.bench.ts
 *   # RENDITIONS_SECONDS=180 RENDITIONS_ROUNDS=3 MEDIA_ENGINE=auto|system|bundled
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMediaEngine } from '../apps/server/src/media/engine/create-media-engine.js';
import { processStoredAudio } from '../apps/server/src/media/engine/process-audio.js';
import { LocalDiskStorage } from '../apps/server/src/storage/local-disk.storage.js';
import { UploadSigner } from '../apps/server/src/storage/upload-signer.js';

const run = promisify(execFile);
const SECONDS = Number(process.env.RENDITIONS_SECONDS ?? 180);
const ROUNDS = Number(process.env.RENDITIONS_ROUNDS ?? 3);
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** ffmpeg arguments that turn the master WAV into each input format. */
const FORMATS: Array<{ label: string; file: string; args: string[] }> = [
  { label: 'MP3 320 kbit/s', file: 'signal.mp3', args: ['-c:a', 'libmp3lame', '-b:a', '320k'] },
  { label: 'FLAC', file: 'signal.flac', args: ['-c:a', 'flac'] },
  { label: 'WAV 16-bit', file: 'signal.wav', args: ['-c:a', 'pcm_s16le'] },
  { label: 'Ogg Vorbis q6', file: 'signal.ogg', args: ['-c:a', 'libvorbis', '-q:a', '6'] },
  { label: 'Opus 160 kbit/s', file: 'signal.opus', args: ['-c:a', 'libopus', '-b:a', '160k'] },
  { label: 'M4A/AAC 256 kbit/s', file: 'signal.m4a', args: ['-c:a', 'aac', '-b:a', '256k'] },
  { label: 'WebM/Opus 160 kbit/s', file: 'signal.webm', args: ['-c:a', 'libopus', '-b:a', '160k'] },
];

const engine = await createMediaEngine({ mediaEngine: (process.env.MEDIA_ENGINE as 'auto' | undefined) ?? 'auto' });
if (!engine) throw new Error('no media engine (ffmpeg) found');
const ffmpeg = engine.info.path;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-renditions-bench-'));
const storage = new LocalDiskStorage(path.join(dir, 'media'), new UploadSigner('bench-secret-bench-secret-bench-secret'));

try {
  const master = path.join(dir, 'master.wav');
  // A 220 Hz tone with vibrato over pink noise, the whole moved in level by a slow LFO: music-like enough for the encoders.
  await run(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=44100:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:sample_rate=44100:amplitude=0.2:duration=${SECONDS}:seed=13`,
    '-filter_complex', '[0:a]vibrato=f=0.5:d=0.5[tone];[tone][1:a]amix=inputs=2:normalize=0,tremolo=f=0.2:d=0.6,volume=6dB,aformat=sample_fmts=s16:channel_layouts=stereo[out]',
    '-map', '[out]', '-ar', '44100', '-ac', '2', '-y', master,
  ]);
  for (const format of FORMATS) await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', master, ...format.args, '-y', path.join(dir, format.file)]);

  const minutes = SECONDS / 60;
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${load()}`);
  console.log(`Engine: ${engine.info.name} ${engine.info.version} (${engine.info.source}: ${engine.info.path}); signal ${SECONDS} s, ${ROUNDS} rounds, medians`);
  console.log('');
  console.log('| input | size | renditions made | loudness (LUFS) / true peak (dBTP) | engine s per min of audio | decode s per min (reference) | ratio engine ÷ decode | load after |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const format of FORMATS) {
    const file = path.join(dir, format.file);
    const key = `bench/${format.file}`;
    await storage.put(key, fs.readFileSync(file));
    const engineTimes: number[] = [];
    const decodeTimes: number[] = [];
    let made = '';
    let measured = '';
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved, the order alternating, so a burst of load on the shared machine hits both alike.
      const steps = [
        async () => {
          const started = performance.now();
          const processed = await processStoredAudio(engine, storage, key, `bench-${round}`);
          engineTimes.push(performance.now() - started);
          made = Object.keys(processed.renditions).join(' + ') || 'none (played as uploaded)';
          measured = `${processed.analysis.integratedLufs ?? '–'} / ${processed.analysis.truePeakDbtp ?? '–'}`;
          for (const target of Object.values(processed.renditions)) await storage.delete(target);
        },
        async () => {
          const started = performance.now();
          await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', file, '-map', '0:a:0', '-f', 'null', '-']);
          decodeTimes.push(performance.now() - started);
        },
      ];
      if (round % 2 === 1) steps.reverse();
      for (const step of steps) await step();
    }
    const perMinute = median(engineTimes) / 1000 / minutes;
    const decodePerMinute = median(decodeTimes) / 1000 / minutes;
    const size = `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
    console.log(`| ${format.label} | ${size} | ${made} | ${measured} | ${perMinute.toFixed(2)} | ${decodePerMinute.toFixed(3)} | ${(perMinute / decodePerMinute).toFixed(1)}× | ${load()} |`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
