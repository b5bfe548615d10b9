import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Audio files with tags, made by the real encoders (Debian's ffmpeg, lame, flac, vorbis-tools),
 * for the studio journeys that read a file's tags in the browser.
 */

const run = promisify(execFile);

export interface Tags {
  title: string;
  album: string;
  genre: string;
  track: number;
  disc?: number;
  /** Plain lyrics (ID3v2 USLT via ffmpeg, a Vorbis comment, MP4 ©lyr). */
  lyrics?: string;
}

/** A fresh folder for one journey's files. */
export const tempDir = (prefix: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `platter-${prefix}-`));

/** A 96×96 JPEG of one colour (ffmpeg), to embed as cover art. */
export async function makeCover(dir: string, color = '0x3366cc'): Promise<string> {
  const file = path.join(dir, `cover-${color}.jpg`);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${color}:s=96x96`, '-frames:v', '1', file]);
  return file;
}

/** A short tone as WAV (the encoders' input), in a folder of its own (never among the files a journey picks). */
async function makeWav(_dir: string, seconds: number): Promise<string> {
  const file = path.join(tempDir('tone'), `tone-${seconds}.wav`);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '2', '-ar', '44100', file]);
  return file;
}

/** MP3 by lame, its ID3v2 tag written by lame itself (--tt, --tl, --tn, --tg, --ti). */
export async function lameMp3(dir: string, name: string, tags: Tags, cover?: string): Promise<string> {
  const file = path.join(dir, name);
  const wav = await makeWav(dir, 2);
  await run('lame', ['--quiet', '--add-id3v2', '--tt', tags.title, '--tl', tags.album, '--tn', String(tags.track), '--tg', tags.genre, ...(cover ? ['--ti', cover] : []), wav, file]);
  return file;
}

const metadataArgs = (tags: Tags) => [
  '-metadata', `title=${tags.title}`,
  '-metadata', `album=${tags.album}`,
  '-metadata', `genre=${tags.genre}`,
  '-metadata', `track=${tags.track}`,
  ...(tags.disc ? ['-metadata', `disc=${tags.disc}`] : []),
  ...(tags.lyrics ? ['-metadata', `lyrics=${tags.lyrics}`] : []),
];

/** MP3 by ffmpeg (libmp3lame) with -metadata and an attached picture, in an ID3v2.3 tag. */
export async function ffmpegMp3(dir: string, name: string, tags: Tags, cover?: string): Promise<string> {
  const file = path.join(dir, name);
  const wav = await makeWav(dir, 2);
  const picture = cover ? ['-i', cover, '-map', '0:a', '-map', '1:v', '-c:v', 'copy', '-disposition:v', 'attached_pic', '-metadata:s:v', 'comment=Cover (front)'] : [];
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, ...picture, '-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3', ...metadataArgs(tags), file]);
  return file;
}

/**
 * Adds an ID3v2.3 SYLT frame (synced lyrics, time stamps in milliseconds) to the ID3v2.3 tag at the
 * start of an MP3 (ffmpeg writes none): the frame goes first, the tag's size grows by it.
 */
export function addSylt(file: string, lines: ReadonlyArray<{ ms: number; text: string }>): void {
  const mp3 = fs.readFileSync(file);
  if (mp3.toString('latin1', 0, 3) !== 'ID3' || mp3[3] !== 3) throw new Error('expected an ID3v2.3 tag first');
  const syncsafe = (bytes: Buffer) => (bytes[0]! << 21) | (bytes[1]! << 14) | (bytes[2]! << 7) | bytes[3]!;
  const body = Buffer.concat([
    // Latin-1 text, language, time stamps in milliseconds (2), content: lyrics (1), empty descriptor.
    Buffer.from([0x00]),
    Buffer.from('eng', 'latin1'),
    Buffer.from([0x02, 0x01, 0x00]),
    ...lines.flatMap((line) => {
      const at = Buffer.alloc(4);
      at.writeUInt32BE(line.ms);
      return [Buffer.from(`${line.text}\0`, 'latin1'), at];
    }),
  ]);
  const header = Buffer.alloc(10);
  header.write('SYLT', 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  const frame = Buffer.concat([header, body]);
  const size = syncsafe(mp3.subarray(6, 10)) + frame.length;
  const tagHeader = Buffer.from(mp3.subarray(0, 10));
  tagHeader[6] = (size >> 21) & 0x7f;
  tagHeader[7] = (size >> 14) & 0x7f;
  tagHeader[8] = (size >> 7) & 0x7f;
  tagHeader[9] = size & 0x7f;
  fs.writeFileSync(file, Buffer.concat([tagHeader, frame, mp3.subarray(10)]));
}

/** FLAC by flac, Vorbis comments with -T (LYRICS among them) and the picture with --picture. */
export async function flacFile(dir: string, name: string, tags: Tags, cover?: string): Promise<string> {
  const file = path.join(dir, name);
  const wav = await makeWav(dir, 2);
  const comments = [`TITLE=${tags.title}`, `ALBUM=${tags.album}`, `GENRE=${tags.genre}`, `TRACKNUMBER=${tags.track}`, ...(tags.lyrics ? [`LYRICS=${tags.lyrics}`] : [])];
  await run('flac', ['--silent', '-f', ...comments.flatMap((c) => ['-T', c]), ...(cover ? [`--picture=3||Cover||${cover}`] : []), '-o', file, wav]);
  return file;
}

/**
 * The base64 METADATA_BLOCK_PICTURE Vorbis comment of a JPEG (the FLAC picture block): how Ogg
 * files carry cover art, which oggenc takes as any other comment (-c).
 */
function pictureComment(jpeg: string): string {
  const data = fs.readFileSync(jpeg);
  const mime = Buffer.from('image/jpeg', 'latin1');
  const u32 = (value: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(value);
    return b;
  };
  return Buffer.concat([u32(3), u32(mime.length), mime, u32(0), u32(96), u32(96), u32(24), u32(0), u32(data.length), data]).toString('base64');
}

/** Ogg Vorbis by oggenc: -t, -l, -N, -G, and -c for UNSYNCEDLYRICS and the cover. */
export async function oggFile(dir: string, name: string, tags: Tags, cover?: string): Promise<string> {
  const file = path.join(dir, name);
  const wav = await makeWav(dir, 2);
  const comments = [...(tags.lyrics ? [`UNSYNCEDLYRICS=${tags.lyrics}`] : []), ...(cover ? [`METADATA_BLOCK_PICTURE=${pictureComment(cover)}`] : [])];
  await run('oggenc', ['--quiet', '-t', tags.title, '-l', tags.album, '-N', String(tags.track), '-G', tags.genre, ...comments.flatMap((c) => ['-c', c]), '-o', file, wav]);
  return file;
}

/** M4A by ffmpeg (AAC) with -metadata and the cover as an attached picture (the MP4 covr atom). */
export async function m4aFile(dir: string, name: string, tags: Tags, cover?: string): Promise<string> {
  const file = path.join(dir, name);
  const wav = await makeWav(dir, 2);
  const picture = cover ? ['-i', cover, '-map', '0:a', '-map', '1:v', '-c:v', 'copy', '-disposition:v', 'attached_pic'] : [];
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, ...picture, '-c:a', 'aac', '-b:a', '96k', ...metadataArgs(tags), '-f', 'ipod', file]);
  return file;
}
