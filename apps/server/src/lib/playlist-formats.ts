import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * Playlist files: M3U8 (extended M3U in UTF-8) and XSPF 1 ("XML Shareable Playlist
 * Format", https://xspf.org/spec), read and written. Reading yields the entries in order with what
 * each says of its track: a location, a title, an artist, a duration; matching them to tracks is
 * the caller's (services/playlist-transfer.service.ts).
 */

export type PlaylistFormat = 'm3u8' | 'xspf';

export interface PlaylistFileEntry {
  location: string | null;
  title: string | null;
  artist: string | null;
  /** Seconds, when the file says. */
  duration: number | null;
}

export interface PlaylistFile {
  title: string | null;
  entries: PlaylistFileEntry[];
}

export interface ExportedTrack {
  /** What a player opens: the audio itself (a media URL, or a file next to the playlist in a data export). */
  url: string;
  /** The track's page on Platter, when there is one to name (XSPF `<info>`). */
  page?: string;
  /** Instead of `url`: the audio as a file path relative to the playlist file (a data export's own private track). */
  file?: string;
  title: string;
  artist: string;
  album: string | null;
  duration: number | null;
  imageUrl: string | null;
}

export class PlaylistFileError extends Error {}

/** XSPF when it looks like XML, else M3U. */
export function detectFormat(text: string): PlaylistFormat {
  return /^\s*</.test(text.replace(/^\uFEFF/, '')) ? 'xspf' : 'm3u8';
}

export function parsePlaylistFile(text: string): PlaylistFile {
  const body = text.replace(/^\uFEFF/, '');
  return detectFormat(body) === 'xspf' ? parseXspf(body) : parseM3u(body);
}

/** "Artist - Title" (an EXTINF title or a file name) split in two; a title alone when there is no " - ". */
function splitArtistTitle(text: string): { artist: string | null; title: string } {
  const at = text.indexOf(' - ');
  if (at <= 0) return { artist: null, title: text.trim() };
  return { artist: text.slice(0, at).trim() || null, title: text.slice(at + 3).trim() };
}

function parseM3u(text: string): PlaylistFile {
  const lines = text.split(/\r\n|\r|\n/).map((l) => l.trim());
  let title: string | null = null;
  let pending: Omit<PlaylistFileEntry, 'location'> | null = null;
  const entries: PlaylistFileEntry[] = [];
  for (const line of lines) {
    if (!line) continue;
    if (line.startsWith('#')) {
      if (line.startsWith('#PLAYLIST:')) title = line.slice('#PLAYLIST:'.length).trim() || null;
      const info = /^#EXTINF:\s*(-?[\d.]+)[^,]*,(.*)$/.exec(line);
      if (info) {
        const seconds = Number(info[1]);
        pending = { ...splitArtistTitle(info[2] ?? ''), duration: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
        if (!pending.title) pending.title = null;
      }
      continue;
    }
    if (pending) {
      entries.push({ location: line, ...pending });
    } else {
      // A bare location: the file name may say "Artist - Title.mp3".
      const name = decodeURIComponentSafe(line.split(/[\\/]/).pop() ?? '').replace(/\.[a-z0-9]{2,5}$/i, '');
      const fromName = /^https?:/i.test(line) && !/\.[a-z0-9]{2,5}$/i.test(line) ? { artist: null, title: null } : splitArtistTitle(name);
      entries.push({ location: line, artist: fromName.artist, title: fromName.title || null, duration: null });
    }
    pending = null;
  }
  if (entries.length === 0 && !lines.some((l) => l.startsWith('#EXTM3U'))) {
    throw new PlaylistFileError('This is not a playlist file: give an M3U8 (one track per line) or an XSPF file.');
  }
  return { title, entries };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

function parseXspf(body: string): PlaylistFile {
  const parser = new XMLParser({ ignoreAttributes: true, isArray: (name) => name === 'track' || name === 'location', processEntities: true, htmlEntities: false, parseTagValue: false });
  let doc: { playlist?: { title?: unknown; trackList?: { track?: Array<Record<string, unknown>> } | string } };
  try {
    doc = parser.parse(body, true) as typeof doc;
  } catch (error) {
    throw new PlaylistFileError(`This XSPF file is not well-formed XML (${(error as Error).message.split('\n')[0]}).`);
  }
  if (!doc.playlist) throw new PlaylistFileError('This XML is not an XSPF playlist: it has no <playlist> element.');
  const list = typeof doc.playlist.trackList === 'object' ? (doc.playlist.trackList.track ?? []) : [];
  const entries = list.map((track): PlaylistFileEntry => {
    const ms = Number(text(track.duration));
    const locations = Array.isArray(track.location) ? track.location : [];
    return {
      location: text(locations[0]) ?? text(track.identifier),
      title: text(track.title),
      artist: text(track.creator),
      duration: Number.isFinite(ms) && ms > 0 ? ms / 1000 : null,
    };
  });
  return { title: text(doc.playlist.title), entries };
}

/** A relative file path as a URI reference: each segment percent-encoded. */
const relativeUri = (path: string) => path.split('/').map((segment) => (segment === '..' || segment === '.' ? segment : encodeURIComponent(segment))).join('/');

/** One line of M3U must not break the file: no line breaks in a title. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

export function writeM3u8(name: string, tracks: ExportedTrack[]): string {
  const lines = ['#EXTM3U', `#PLAYLIST:${oneLine(name)}`];
  for (const t of tracks) {
    lines.push(`#EXTINF:${t.duration ? Math.round(t.duration) : -1},${oneLine(t.artist)} - ${oneLine(t.title)}`);
    if (t.imageUrl) lines.push(`#EXTIMG:${t.imageUrl}`);
    // M3U names a local file by its path as it is; XSPF by a (relative) URI.
    lines.push(t.file ?? t.url);
  }
  return `${lines.join('\n')}\n`;
}

export function writeXspf(name: string, tracks: ExportedTrack[], link: string): string {
  const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: true, ignoreAttributes: false, attributeNamePrefix: '@_' });
  const xml = builder.build({
    playlist: {
      '@_version': '1',
      '@_xmlns': 'http://xspf.org/ns/0/',
      title: name,
      info: link,
      trackList: {
        track: tracks.map((t) => ({
          location: t.file ? relativeUri(t.file) : t.url,
          identifier: t.page ?? t.url,
          title: t.title,
          creator: t.artist,
          ...(t.page ? { info: t.page } : {}),
          ...(t.album ? { album: t.album } : {}),
          ...(t.duration ? { duration: Math.round(t.duration * 1000) } : {}),
          ...(t.imageUrl ? { image: t.imageUrl } : {}),
        })),
      },
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}
