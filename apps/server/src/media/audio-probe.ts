import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileTypeFromBuffer } from 'file-type';
import { parseStream } from 'music-metadata';
import type { Storage } from '../storage/storage.js';

/** How many leading bytes the sniffer needs (file-type's own minimum for every format it knows). */
export const SNIFF_BYTES = 4100;

/**
 * The audio containers Platter accepts, by the extension file-type detects, with the
 * Content-Type Platter serves them as (the one browsers' <audio> recognises).
 */
const AUDIO_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  webm: 'audio/webm',
};

export const ACCEPTED_AUDIO_DESCRIPTION = 'mp3, ogg/opus, flac, wav, m4a/aac or webm';

/** The Content-Type to serve the bytes as, or undefined when they are not a supported audio file. */
async function sniffAudio(head: Uint8Array): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return undefined;
  return AUDIO_BY_EXTENSION[detected.ext];
}

/** What Platter knows of a file it accepts as a track. */
export interface PlayableAudio {
  /** The Content-Type to serve it as. */
  contentType: string;
  /** Seconds, always positive. */
  duration: number;
  /** Genre tags as written in the file. */
  genres: string[];
  /** The embedded cover art (front cover preferred), if any. */
  picture: Uint8Array | undefined;
}

/** What Platter answers for every file it does not take as audio, whichever step finds out. */
export const NOT_AUDIO_MESSAGE = `This file is not audio. Upload ${ACCEPTED_AUDIO_DESCRIPTION}.`;

/**
 * The one decision of whether a stored file is a track Platter can play, made by every path that
 * creates one (the local upload receiver, POST /api/tracks, the demo catalogue): a container
 * Platter serves, sniffed from its first bytes, in which music-metadata reads a positive duration.
 * That duration comes from audio frames or a header that counts them (an MP3's frames or its
 * Xing/Info count, FLAC's STREAMINFO, the last Ogg granule, an MP4 track's or a WAV's data length),
 * so a file whose leading bytes only look like audio is refused: an MP3 of zero frames, an ID3 tag
 * cut off before any frame, an ID3 tag followed by something else (file-type calls any ID3 tag
 * longer than the bytes it sniffs an MP3). Undefined when it is not playable.
 */
export async function probeStoredAudio(storage: Storage, key: string, size: number): Promise<PlayableAudio | undefined> {
  if (size === 0) return undefined;
  const head = await buffer(await storage.read(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 }));
  const contentType = await sniffAudio(head);
  if (!contentType) return undefined;
  const tags = await readTags(await storage.read(key), contentType, size);
  return tags && { contentType, ...tags };
}

/** Duration, genre tags and embedded cover art from the file's tags; undefined when it has no positive duration. */
async function readTags(stream: Readable, contentType: string, size: number): Promise<Omit<PlayableAudio, 'contentType'> | undefined> {
  try {
    const metadata = await parseStream(stream, { mimeType: contentType, size }, { duration: true });
    const duration = metadata.format.duration;
    if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return undefined;
    const pictures = metadata.common.picture ?? [];
    const front = pictures.find((p) => /front/i.test(p.type ?? '')) ?? pictures[0];
    return { duration: Math.round(duration * 1000) / 1000, genres: metadata.common.genre ?? [], picture: front?.data };
  } catch {
    return undefined;
  } finally {
    stream.destroy();
  }
}

/** Whether a declared (browser-given) MIME type could be audio; an empty or generic type is let through to sniffing. */
export function mayBeAudio(declared: string): boolean {
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type === '' ||
    type.startsWith('audio/') ||
    type === 'video/webm' ||
    type === 'video/ogg' ||
    type === 'application/ogg' ||
    type === 'application/octet-stream'
  );
}
