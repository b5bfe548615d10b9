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
export async function sniffAudio(head: Uint8Array): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return undefined;
  return AUDIO_BY_EXTENSION[detected.ext];
}

/** Duration in seconds read from the file's headers (or by scanning it), or null when unknown. */
export async function readDuration(stream: Readable, contentType: string, size: number): Promise<number | null> {
  try {
    const metadata = await parseStream(stream, { mimeType: contentType, size }, { duration: true, skipCovers: true });
    const duration = metadata.format.duration;
    return duration !== undefined && Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null;
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

export interface AudioMetadata {
  duration: number | null;
  /** Genre tags as written in the file. */
  genres: string[];
  /** The embedded cover art (front cover preferred), if any. */
  picture: Uint8Array | undefined;
}

/** Duration, genre tags and embedded cover art from the file's tags; empty when unreadable. */
export async function readAudioMetadata(stream: Readable, contentType: string, size: number): Promise<AudioMetadata> {
  try {
    const metadata = await parseStream(stream, { mimeType: contentType, size }, { duration: true });
    const duration = metadata.format.duration;
    const pictures = metadata.common.picture ?? [];
    const front = pictures.find((p) => /front/i.test(p.type ?? '')) ?? pictures[0];
    return {
      duration: duration !== undefined && Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null,
      genres: metadata.common.genre ?? [],
      picture: front?.data,
    };
  } catch {
    return { duration: null, genres: [], picture: undefined };
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

/** Sniffs the first bytes of a stored object. */
export async function sniffStoredAudio(storage: Storage, key: string, size: number): Promise<string | undefined> {
  if (size === 0) return undefined;
  const head = await buffer(await storage.read(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 }));
  return sniffAudio(head);
}
