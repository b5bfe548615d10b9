import {
  PLAYLIST_IMPORT_MAX_ENTRIES,
  type PlaylistImportResult,
  type UnmatchedEntry,
  playlistExportQuerySchema,
  playlistImportQuerySchema,
} from '@platter/shared';
import { BadRequestError } from '../lib/errors.js';
import { type ExportedTrack, PlaylistFileError, detectFormat, parsePlaylistFile, writeM3u8, writeXspf } from '../lib/playlist-formats.js';
import type { PlaylistTransferRepository, TransferTrack } from '../repositories/playlist-transfer.repository.js';
import type { PlaylistService } from './playlist.service.js';
import { mediaUrl, playableUrl } from './track.mapper.js';
import { storageKeyFromUrl } from './track.service.js';

/** Unmatched entries listed in an import's answer (all are counted). */
const UNMATCHED_SHOWN = 500;
/** Titles looked up per query. */
const TITLE_BATCH = 500;

/** What an entry and a track are compared by: case, spacing and typographic quotes aside. */
const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim();

/** A Platter track page link (`…/track/<id>`, any host: a file exported elsewhere, or before entries were media URLs), or null. */
function trackIdOf(location: string | null): string | null {
  if (!location) return null;
  const match = /\/track\/([A-Za-z0-9_-]{1,64})(?:[?#/]|$)/.exec(location);
  return match?.[1] ?? null;
}

/** The storage key of a Platter media URL (`…/media/<key>[?s=…]`, any host: what export writes now), or null. */
function mediaKeyOf(location: string | null): string | null {
  if (!location || !/\/media\//.test(location)) return null;
  return storageKeyFromUrl(location) ?? null;
}

export interface PlaylistTransferServiceDeps {
  repo: PlaylistTransferRepository;
  playlists: PlaylistService;
}

/**
 * Playlists out and in as files. Export writes the listed tracks of a playlist the
 * viewer may read as M3U8 or XSPF, each entry the track's audio (playableUrl: its media URL, with the
 * secret for the viewer's own unlisted tracks), so that VLC or mpv plays the file; XSPF also names
 * the track page (`<info>`). Import reads either, matches each entry to a listed track, by its
 * Platter link first (a media URL, or a track page as files exported before named them), else by title (an index probe
 * per distinct title) and artist, and makes a new playlist of the matches in the file's order, with
 * a report of what did not match and why.
 */
export class PlaylistTransferService {
  constructor(private readonly deps: PlaylistTransferServiceDeps) {}

  async export(viewerId: string | undefined, playlistId: string, query: unknown, origin: string): Promise<{ body: string; contentType: string; fileName: string }> {
    const { format } = playlistExportQuerySchema.parse(query);
    const playlist = await this.deps.playlists.readable(viewerId, playlistId);
    // Each entry is the track's audio, playable without a session (a private track of the viewer's has no such URL: left out).
    const tracks = (await this.deps.repo.playlistTracks(playlistId, viewerId)).flatMap((t): ExportedTrack[] => {
      const url = playableUrl(origin, t);
      return url ? [{ url, page: `${origin}/track/${encodeURIComponent(t.id)}`, title: t.title,
      artist: t.artist_name?.trim() || 'Unknown artist',
      album: t.release_title,
      duration: t.duration,
      imageUrl: t.image_key ? `${origin}${mediaUrl(t.image_key)}` : null }] : [];
    });
    // A file name every system takes: no path separators or reserved characters, spaces collapsed.
    const safeName = [...playlist.name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('').replace(/\s+/g, ' ').trim() || 'playlist';
    if (format === 'xspf') {
      return { body: writeXspf(playlist.name, tracks, `${origin}/playlist/${encodeURIComponent(playlistId)}`), contentType: 'application/xspf+xml; charset=utf-8', fileName: `${safeName}.xspf` };
    }
    return { body: writeM3u8(playlist.name, tracks), contentType: 'audio/x-mpegurl; charset=utf-8', fileName: `${safeName}.m3u8` };
  }

  async import(userId: string, text: string, query: unknown): Promise<PlaylistImportResult> {
    const { name } = playlistImportQuerySchema.parse(query);
    let file;
    try {
      file = parsePlaylistFile(text);
    } catch (error) {
      if (error instanceof PlaylistFileError) throw new BadRequestError(error.message, 'playlist_file_invalid');
      throw error;
    }
    const format = detectFormat(text);
    /** Storage key → track id, for the entries that are media URLs. */
    const mediaIds = new Map<string, string>();
    const linkOf = (location: string | null): string | null => trackIdOf(location) ?? mediaIds.get(mediaKeyOf(location) ?? '') ?? null;
    const total = file.entries.length;
    if (total === 0) throw new BadRequestError('This playlist file lists no tracks.', 'playlist_file_empty');
    if (total > PLAYLIST_IMPORT_MAX_ENTRIES) {
      throw new BadRequestError(`This file lists ${total} tracks; a playlist import takes at most ${PLAYLIST_IMPORT_MAX_ENTRIES}. Split it into smaller files.`, 'playlist_file_too_long');
    }

    // Platter links first (track pages, and media URLs by their storage key): one read each for all of them.
    const byId = new Map((await this.deps.repo.byIds([...new Set(file.entries.flatMap((e) => trackIdOf(e.location) ?? []))])).map((t) => [t.id, t]));
    const keys = [...new Set(file.entries.flatMap((e) => mediaKeyOf(e.location) ?? []))];
    for (const t of await this.deps.repo.byStorageKeys(keys)) {
      byId.set(t.id, t);
      mediaIds.set(t.storage_key, t.id);
    }
    // Then titles, a batch of distinct titles per query.
    const titles = [...new Set(file.entries.flatMap((e) => (e.title && !(linkOf(e.location) && byId.has(linkOf(e.location)!)) ? [this.deps.repo.titleKey(e.title)] : [])))];
    const byTitle = new Map<string, Array<TransferTrack & { listens_count: number }>>();
    for (let i = 0; i < titles.length; i += TITLE_BATCH) {
      for (const track of await this.deps.repo.byTitles(titles.slice(i, i + TITLE_BATCH))) {
        const key = norm(track.title);
        byTitle.set(key, [...(byTitle.get(key) ?? []), track]);
      }
    }

    const matched: TransferTrack[] = [];
    const unmatched: UnmatchedEntry[] = [];
    file.entries.forEach((entry, index) => {
      const linked = linkOf(entry.location);
      const direct = linked ? byId.get(linked) : undefined;
      if (direct) return void matched.push(direct);
      const miss = (reason: UnmatchedEntry['reason']) => void unmatched.push({ position: index + 1, title: entry.title, artist: entry.artist, location: entry.location, reason });
      if (!entry.title) return miss('no_title');
      const candidates = byTitle.get(norm(entry.title)) ?? [];
      if (candidates.length === 0) return miss('not_found');
      const wanted = entry.artist ? norm(entry.artist) : null;
      const fitting = wanted === null ? candidates : candidates.filter((t) => t.artist_name && norm(t.artist_name) === wanted);
      if (fitting.length === 0) return miss('artist_differs');
      // Several alike: the most listened one.
      matched.push(fitting.reduce((best, t) => (t.listens_count > best.listens_count ? t : best)));
    });
    if (matched.length === 0) {
      throw new BadRequestError(`None of the ${total} tracks in this file is on Platter (matched by link, then by title and artist). No playlist was made.`, 'playlist_nothing_matched');
    }
    const playlist = await this.deps.playlists.createWith(userId, name ?? file.title?.slice(0, 100) ?? 'Imported playlist', matched);
    return { playlist, format, total, matched: matched.length, unmatched: unmatched.slice(0, UNMATCHED_SHOWN), unmatchedTotal: unmatched.length };
  }
}
