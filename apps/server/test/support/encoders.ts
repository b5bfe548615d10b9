import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { zipSync } from 'fflate';

/**
 * Audio files made by the real command-line encoders (Debian's ffmpeg, lame, flac, opus-tools,
 * vorbis-tools), and files that are not playable audio although they may look like it: the
 * fixtures of test/encoded-uploads.test.ts. Nothing here imports vitest.
 */

const run = promisify(execFile);

/** The programs the fixtures are made with, and the Debian package of each. */
export const ENCODERS = [
  { command: 'ffmpeg', versionFlag: '-version', debian: 'ffmpeg' },
  { command: 'ffprobe', versionFlag: '-version', debian: 'ffmpeg' },
  { command: 'lame', versionFlag: '--version', debian: 'lame' },
  { command: 'flac', versionFlag: '--version', debian: 'flac' },
  { command: 'opusenc', versionFlag: '--version', debian: 'opus-tools' },
  { command: 'oggenc', versionFlag: '--version', debian: 'vorbis-tools' },
] as const;

/** Why the encoders cannot be used here (which are missing and what installs them), or undefined when all run. */
export function missingEncoders(): string | undefined {
  const missing = ENCODERS.filter((e) => spawnSync(e.command, [e.versionFlag], { stdio: 'ignore' }).status !== 0);
  if (missing.length === 0) return undefined;
  const packages = [...new Set(missing.map((e) => e.debian))].join(' ');
  return `${missing.map((e) => e.command).join(', ')} not found (apt-get install ${packages})`;
}

/** A file of audio that Platter must accept, with what the upload flow should make of it. */
export interface EncodedAudio {
  /** What the file is, for test names. */
  label: string;
  /** Its name in the fixtures' folder, also the name it is uploaded under. */
  fileName: string;
  /** The type a browser declares for it. */
  declaredType: string;
  /** The Content-Type Platter serves it as. */
  contentType: string;
  /** The genre tag written into the file (one of Platter's), or undefined when it has none. */
  genreTag?: string;
  /** Whether cover art is embedded. */
  cover: boolean;
  /** The source fades in from silence: the waveform's bars rise from left to right. */
  fadesIn: boolean;
  /**
   * How long its case may take: 18 s for the 45-minute file on a quiet machine (the server decodes
   * it for the waveform and the loudness, the test once more for ebur128), several times that when
   * the machine is busy; the others take 1-3 s.
   */
  timeoutMs: number;
}

/** A file Platter must refuse as not audio. */
export interface NotAudio {
  label: string;
  fileName: string;
}

const good = (label: string, fileName: string, declaredType: string, contentType: string, genreTag: string | undefined, cover: boolean, fadesIn = true, timeoutMs = 60_000): EncodedAudio => ({
  label,
  fileName,
  declaredType,
  contentType,
  genreTag,
  cover,
  fadesIn,
  timeoutMs,
});

/** What makeEncodedFixtures makes that Platter must accept. */
export const ENCODED_AUDIO: readonly EncodedAudio[] = [
  good('CBR MP3 with ID3v2 and cover (lame)', 'cbr.mp3', 'audio/mpeg', 'audio/mpeg', 'Hip-Hop', true),
  good('VBR MP3 with ID3v2 and JPEG cover (lame)', 'vbr.mp3', 'audio/mpeg', 'audio/mpeg', 'Trap', true),
  good('mono 8 kHz MP3 (lame)', 'mono-8k.mp3', 'audio/mpeg', 'audio/mpeg', 'Rap', false),
  good('FLAC with cover (flac)', 'cover.flac', 'audio/flac', 'audio/flac', 'Pop', true),
  good('Ogg Vorbis (oggenc)', 'vorbis.ogg', 'audio/ogg', 'audio/ogg', 'Dance', false),
  good('Opus with cover (opusenc)', 'opus.opus', 'audio/ogg', 'audio/ogg', 'Phonk', true),
  good('WAV 24-bit (ffmpeg)', 'pcm24.wav', 'audio/wav', 'audio/wav', undefined, false),
  good('M4A/AAC with cover, moov after the audio (ffmpeg)', 'aac.m4a', 'audio/x-m4a', 'audio/mp4', 'Pop', true),
  good('M4A/AAC, moov first (ffmpeg +faststart)', 'aac-faststart.m4a', 'audio/mp4', 'audio/mp4', 'Dance', false),
  good('raw AAC in ADTS (ffmpeg)', 'adts.aac', 'audio/aac', 'audio/aac', undefined, false),
  good('WebM Opus (ffmpeg)', 'opus.webm', 'audio/webm', 'audio/webm', 'Rap', false),
  good('WebM Vorbis (ffmpeg)', 'vorbis.webm', 'video/webm', 'audio/webm', 'Trap', false),
  good('45-minute MP3 (ffmpeg, 8 kHz mono 8 kbit/s)', 'long.mp3', 'audio/mpeg', 'audio/mpeg', undefined, false, false, 300_000),
];

/** What makeEncodedFixtures makes that Platter must refuse as not audio (each named .mp3, sent as audio/mpeg). */
export const NOT_AUDIO: readonly NotAudio[] = [
  { label: 'an MP3 of zero frames (ffmpeg)', fileName: 'zero-frames.mp3' },
  { label: 'the first 10 KB of a tagged MP3: all ID3 tag', fileName: 'tag-only.mp3' },
  { label: 'an ID3 tag followed by an HTML page', fileName: 'id3-then-html.mp3' },
  { label: 'a ZIP archive renamed .mp3', fileName: 'archive.mp3' },
  { label: 'an HTML page renamed .mp3', fileName: 'page.mp3' },
  { label: 'an SVG image renamed .mp3', fileName: 'drawing.mp3' },
  { label: 'a PDF renamed .mp3', fileName: 'document.mp3' },
];


/**
 * Six seconds of a stereo chord fading in from silence (so the waveform's shape is known), to 3/4 of
 * full scale, with a quarter-second fade out: an abrupt end rings in lossy codecs (AAC's last frame
 * overshoots to twice the level before it), which would move the loudest bar to the very end.
 */
// The comma is escaped for ffmpeg's filter graph syntax.
const ENVELOPE = 't/8*min(1\\,(6-t)*4)';
const FADE_IN = `aevalsrc=sin(440*2*PI*t)*${ENVELOPE}|sin(660*2*PI*t)*${ENVELOPE}:s=44100:d=6`;
const LONG_SECONDS = 45 * 60;

/**
 * Makes every fixture into `dir`: 3–10 s on this shared 2-core machine, each batch of encoders run
 * in parallel; the 45-minute MP3 is 8 kHz mono at 8 kbit/s, 2.7 MB. Tags: a title, an artist and
 * one of Platter's genres where the format has tags; covers are noisy images, so an MP3's ID3 tag
 * with one is larger than 10 KB.
 */
export async function makeEncodedFixtures(dir: string): Promise<void> {
  const at = (name: string) => path.join(dir, name);
  const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const tags = { title: 'Daybreak', artist: 'Encoded Artist' };

  await Promise.all([
    ffmpeg('-f', 'lavfi', '-i', FADE_IN, '-c:a', 'pcm_s16le', at('source.wav')),
    ffmpeg('-f', 'lavfi', '-i', 'nullsrc=s=320x320,geq=random(1)*255:128:128', '-frames:v', '1', at('cover.png')),
    ffmpeg('-f', 'lavfi', '-i', 'nullsrc=s=320x320,geq=random(1)*255:random(2)*255:128', '-frames:v', '1', '-q:v', '3', at('cover.jpg')),
    ffmpeg('-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=8000:duration=${LONG_SECONDS}`, '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '8k', at('long.mp3')),
    ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '0', '-c:a', 'libmp3lame', at('zero-frames.mp3')),
  ]);
  const src = at('source.wav');
  const lameTags = (genre: string) => ['--id3v2-only', '--tt', tags.title, '--ta', tags.artist, '--tg', genre];
  const ffTags = (genre?: string) => ['-metadata', `title=${tags.title}`, '-metadata', `artist=${tags.artist}`, ...(genre ? ['-metadata', `genre=${genre}`] : [])];
  const withCover = ['-i', at('cover.png'), '-map', '0:a', '-map', '1:v', '-c:v', 'png', '-disposition:v', 'attached_pic'];
  await Promise.all([
    run('lame', ['--quiet', '-b', '128', ...lameTags('Hip-Hop'), '--ti', at('cover.png'), src, at('cbr.mp3')]),
    run('lame', ['--quiet', '-V', '4', ...lameTags('Trap'), '--ti', at('cover.jpg'), src, at('vbr.mp3')]),
    run('lame', ['--quiet', '-m', 'm', '--resample', '8', '-b', '16', ...lameTags('Rap'), src, at('mono-8k.mp3')]),
    run('flac', ['--silent', '--force', `--picture=${at('cover.png')}`, '-T', `TITLE=${tags.title}`, '-T', `ARTIST=${tags.artist}`, '-T', 'GENRE=Pop', '-o', at('cover.flac'), src]),
    run('oggenc', ['--quiet', '-t', tags.title, '-a', tags.artist, '-G', 'Dance', '-o', at('vorbis.ogg'), src]),
    run('opusenc', ['--quiet', '--title', tags.title, '--artist', tags.artist, '--genre', 'Phonk', '--picture', at('cover.png'), src, at('opus.opus')]),
    ffmpeg('-i', src, '-c:a', 'pcm_s24le', ...ffTags(), at('pcm24.wav')),
    // ffmpeg writes the moov box after the audio (as most tools that cannot seek back do) unless told to move it.
    ffmpeg('-i', src, ...withCover, '-c:a', 'aac', '-b:a', '96k', ...ffTags('Pop'), at('aac.m4a')),
    ffmpeg('-i', src, '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', ...ffTags('Dance'), at('aac-faststart.m4a')),
    ffmpeg('-i', src, '-c:a', 'aac', '-b:a', '96k', at('adts.aac')),
    ffmpeg('-i', src, '-c:a', 'libopus', '-b:a', '64k', ...ffTags('Rap'), at('opus.webm')),
    ffmpeg('-i', src, '-c:a', 'libvorbis', '-q:a', '3', ...ffTags('Trap'), at('vorbis.webm')),
  ]);

  // Not audio. The first 10 KB of the tagged CBR MP3 are all ID3 tag (its cover is larger than that).
  const cbr = fs.readFileSync(at('cbr.mp3'));
  if (id3TagLength(cbr) <= 10 * 1024) throw new Error('the tagged MP3 fixture needs an ID3 tag over 10 KB');
  fs.writeFileSync(at('tag-only.mp3'), cbr.subarray(0, 10 * 1024));
  const html = '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>404</h1><p>This page is gone.</p></body></html>\n';
  fs.writeFileSync(at('id3-then-html.mp3'), Buffer.concat([id3v2Tag(tags.title, 8 * 1024), Buffer.from(html)]));
  fs.writeFileSync(at('page.mp3'), html);
  fs.writeFileSync(at('archive.mp3'), zipSync({ 'source.wav': fs.readFileSync(src), 'cover.png': fs.readFileSync(at('cover.png')) }, { level: 0 }));
  fs.writeFileSync(at('drawing.mp3'), '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="tomato"/></svg>\n');
  fs.writeFileSync(at('document.mp3'), minimalPdf('Liner notes'));
}

/** ffprobe's duration of a file, in seconds. */
export async function ffprobeDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe gave no duration for ${file}: ${stdout}`);
  return seconds;
}

/** Integrated loudness (LUFS) and true peak (dBTP) by ffmpeg's own ebur128 filter, run here on the file itself. */
export async function ffmpegLoudness(file: string): Promise<{ integrated: number; truePeak: number }> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]);
  if (!Number.isFinite(integrated) || !Number.isFinite(truePeak)) throw new Error(`ffmpeg's ebur128 gave no summary for ${file}`);
  return { integrated, truePeak };
}

/** ffprobe's codec and bitrate (kbit/s: the stream's, else the container's; null when it knows neither) of the first audio stream. */
export async function ffprobeAudio(file: string): Promise<{ codec: string; kbps: number | null; sampleRate: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,bit_rate,sample_rate:format=bit_rate', '-of', 'json', file]);
  const probe = JSON.parse(stdout) as { streams: Array<{ codec_name: string; bit_rate?: string; sample_rate: string }>; format: { bit_rate?: string } };
  const stream = probe.streams[0];
  if (!stream) throw new Error(`ffprobe found no audio stream in ${file}`);
  const bits = Number(stream.bit_rate ?? probe.format.bit_rate);
  return { codec: stream.codec_name, kbps: Number.isFinite(bits) ? Math.round(bits / 1000) : null, sampleRate: Number(stream.sample_rate) };
}

/** The whole length of an ID3v2 tag at the start of `bytes` (header included), 0 when there is none. */
function id3TagLength(bytes: Buffer): number {
  if (bytes.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
  return 10 + size;
}

/** A valid ID3v2.3 tag of `length` bytes: a title frame, then padding (as tag editors leave room). */
function id3v2Tag(title: string, length: number): Buffer {
  const text = Buffer.concat([Buffer.from([0]), Buffer.from(title, 'latin1')]);
  const frame = Buffer.alloc(10 + text.length);
  frame.write('TIT2', 0, 'latin1');
  frame.writeUInt32BE(text.length, 4);
  text.copy(frame, 10);
  const size = length - 10;
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, frame, Buffer.alloc(size - frame.length)]);
}

/** A one-page PDF with a line of text, its cross-reference table pointing at each object. */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Whether the encoders are here. Locally a missing one is a printed skip; with CI=true it throws,
 * so CI never passes by skipping (as test/support/redis.ts does for Redis).
 */
export function encodersHere(suite: string): boolean {
  const problem = missingEncoders();
  if (!problem) return true;
  const reason = `${suite} needs the command-line encoders: ${problem}`;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`${reason}; CI=true, so this is a failure, not a skip`);
  console.log(`⚠ SKIPPED: ${reason}`);
  return false;
}
