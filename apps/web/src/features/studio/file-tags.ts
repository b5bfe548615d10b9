import { GENRES, type Genre } from '@platter/shared/constants';

/** What an audio file's own tags say, as the studio's forms use it (every field only when the file has it). */
export interface FileTags {
  title?: string;
  /** The file's genre when it names one of Platter's genres. */
  genre?: Genre;
  /** The release (album) it is on. */
  album?: string;
  trackNo?: number;
  discNo?: number;
  /** The embedded picture (front cover preferred), as an image file. */
  picture?: File;
  /** Lyrics in Platter's lyrics format: LRC when the file has synced lyrics (ID3v2 SYLT), else plain text. */
  lyrics?: string;
}

/** Platter's genre a tag names ("hip hop", "HIP-HOP", "Trap;Rap" → the first that matches), or undefined. */
export function matchGenre(tags: readonly string[]): Genre | undefined {
  const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  for (const tag of tags.flatMap((value) => value.split(/[;/,]/))) {
    const found = GENRES.find((genre) => key(genre) === key(tag));
    if (found) return found;
  }
  return undefined;
}

/** `[mm:ss.xx]` of a time in milliseconds. */
export function lrcTime(ms: number): string {
  const centis = Math.round(ms / 10);
  const minutes = Math.floor(centis / 6000);
  const seconds = Math.floor((centis % 6000) / 100);
  return `[${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${String(centis % 100).padStart(2, '0')}]`;
}

interface LyricsTagLike {
  text?: string;
  /** ID3v2 SYLT: 2 = milliseconds (1, MPEG frames, cannot be turned into times without the frame rate). */
  timeStampFormat?: number;
  syncText?: ReadonlyArray<{ text: string; timestamp?: number }>;
}

/** Lyrics from the file's lyrics tags: synced ones (SYLT, in milliseconds) as LRC first, else the first plain text. */
export function lyricsFromTags(tags: readonly LyricsTagLike[], native: ReadonlyArray<{ id: string; value: unknown }>): string | undefined {
  const synced = tags.find((tag) => (tag.syncText?.length ?? 0) > 0 && tag.timeStampFormat !== 1);
  if (synced?.syncText) {
    const lines = synced.syncText.filter((line) => line.timestamp !== undefined).map((line) => `${lrcTime(line.timestamp!)}${line.text.replace(/\r?\n/g, ' ').trim()}`);
    if (lines.length > 0) return lines.join('\n');
  }
  const plain = tags.find((tag) => tag.text?.trim())?.text;
  if (plain) return plain.replace(/\r\n?/g, '\n').trim();
  // Vorbis comments (FLAC, Ogg): LYRICS, or UNSYNCEDLYRICS as some taggers write it.
  const comment = native.find((tag) => /^(UNSYNCED)?LYRICS$/i.test(tag.id) && typeof tag.value === 'string' && tag.value.trim());
  return comment ? (comment.value as string).replace(/\r\n?/g, '\n').trim() : undefined;
}

const EXTENSION_BY_TYPE: Record<string, string> = { 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * Reads the file's tags in the browser (music-metadata's `parseBlob`, loaded only when a file is
 * picked, so the pages that never upload do not carry it). Empty when the file has none or cannot be read.
 */
export async function readFileTags(file: Blob): Promise<FileTags> {
  try {
    const { parseBlob } = await import('music-metadata');
    const metadata = await parseBlob(file, { duration: false, skipPostHeaders: false });
    const common = metadata.common;
    const tags: FileTags = {};
    if (common.title?.trim()) tags.title = common.title.trim();
    const genre = matchGenre(common.genre ?? []);
    if (genre) tags.genre = genre;
    if (common.album?.trim()) tags.album = common.album.trim();
    if (common.track.no) tags.trackNo = common.track.no;
    if (common.disk.no) tags.discNo = common.disk.no;
    const pictures = common.picture ?? [];
    const front = pictures.find((picture) => /front/i.test(picture.type ?? '')) ?? pictures[0];
    if (front) {
      const type = front.format.includes('/') ? front.format.toLowerCase() : `image/${front.format.toLowerCase()}`;
      tags.picture = new File([front.data as Uint8Array<ArrayBuffer>], `cover.${EXTENSION_BY_TYPE[type] ?? 'jpg'}`, { type });
    }
    const native = Object.values(metadata.native).flat();
    const lyrics = lyricsFromTags((common.lyrics ?? []) as LyricsTagLike[], native);
    if (lyrics) tags.lyrics = lyrics;
    return tags;
  } catch (error) {
    console.warn('Could not read the file tags', error);
    return {};
  }
}

/**
 * Files in the order of their tags: disc, then track number (files without one after those with
 * one), then file name (natural order: "2" before "10").
 */
export function byTagOrder<T extends { tags: FileTags; name: string }>(entries: readonly T[]): T[] {
  const big = Number.MAX_SAFE_INTEGER;
  return [...entries].sort(
    (a, b) =>
      (a.tags.discNo ?? 1) - (b.tags.discNo ?? 1) ||
      (a.tags.trackNo ?? big) - (b.tags.trackNo ?? big) ||
      a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }),
  );
}
