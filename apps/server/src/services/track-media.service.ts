import { LRUCache } from 'lru-cache';
import type { TrackDownload } from '@platter/shared';
import { RENDITION_HIGH_KBPS } from '@platter/shared/constants';
import type { EventBus } from '../events/event-bus.js';
import { type Actor, canSeeTrack, ownsOrAdmin } from '../lib/actor.js';
import type { DownloadSigner } from '../lib/download-signer.js';
import { ForbiddenError, NotFoundError } from '../lib/errors.js';
import { IMAGE_CONTENT_TYPE } from '../media/image.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackWithArtist } from '../repositories/track-query.js';
import type { Storage } from '../storage/storage.js';
import { mediaUrl } from './track.mapper.js';

/** What the media route needs to answer a (range) request for a stored object. */
export interface MediaDescriptor {
  key: string;
  size: number;
  contentType: string;
  etag: string;
  /** Not for shared caches (a hidden track streamed to its owner or an admin). */
  private: boolean;
  /** A download of the original file: sent as an attachment under this file name. */
  downloadName?: string;
}

/** How long a download link stays valid. */
export const DOWNLOAD_LINK_SECONDS = 10 * 60;

/** A file name for a download: "Artist - Title.ext", without characters file systems refuse. */
export function downloadFileName(artist: string, title: string, contentType: string): string {
  const ext: Record<string, string> = {
    'audio/mpeg': 'mp3',
    'audio/flac': 'flac',
    'audio/x-flac': 'flac',
    'audio/wav': 'wav',
    'audio/x-wav': 'wav',
    'audio/wave': 'wav',
    'audio/ogg': 'ogg',
    'audio/opus': 'opus',
    'audio/mp4': 'm4a',
    'audio/x-m4a': 'm4a',
    'audio/aac': 'aac',
    'audio/webm': 'webm',
  };
  const base = `${artist} - ${title}`
    .split('')
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '/\\:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${base || 'track'}.${ext[contentType] ?? 'audio'}`;
}

/** Which file of a track a player asks for: the original (`raw`), or a rendition no richer than `maxBitRate` kbit/s (0: no limit). */
export interface RenditionWish {
  raw?: boolean;
  maxBitRate?: number;
}

/**
 * The key of the file to stream: `raw` asks for the original; otherwise the high rendition when
 * made (else the original), or the saver rendition when maxBitRate is below the high one's bitrate
 * (RENDITION_HIGH_KBPS).
 */
export function renditionKey(row: Pick<TrackWithArtist, 'storage_key' | 'high_key' | 'saver_key'>, wish: RenditionWish): string {
  if (wish.raw) return row.storage_key;
  const maxBitRate = wish.maxBitRate ?? 0;
  if (maxBitRate > 0 && maxBitRate < RENDITION_HIGH_KBPS && row.saver_key) return row.saver_key;
  return row.high_key ?? row.storage_key;
}

/** The reads of track rows this service makes. */
export type TrackMediaRows = Pick<TrackRowsRepository, 'getById' | 'getByStorageKey'>;

export interface TrackMediaServiceDeps {
  tracks: TrackMediaRows;
  storage: Storage;
  events: EventBus;
  /** Signs download links to originals. */
  downloads: DownloadSigner;
}

/** How long a public track's media descriptor is reused without asking the database again. */
const MEDIA_CACHE_TTL_MS = 60_000;

const noSuchAudio = () => new NotFoundError('No such audio file.', 'media_not_found');

/**
 * Who may read which file of a track, and which file: the one service behind /media (and its fast
 * path), embeds' audio, and the Subsonic API's stream, download and getCoverArt. It answers with a
 * plain MediaDescriptor; the routes turn that into a response (routes/send-media.ts).
 */
export class TrackMediaService {
  /**
   * Public tracks' media descriptors by storage key, so a play's many Range requests (and every
   * listener of a popular track) cost no database read or stat. Dropped at once when the track is
   * deleted or hidden (`track.removed`, from any instance over the bus), and after a minute anyway.
   */
  private readonly publicMedia = new LRUCache<string, MediaDescriptor & { trackId: string }>({ max: 20_000, ttl: MEDIA_CACHE_TTL_MS });
  /** The cached keys of each track: its original and its renditions. */
  private readonly mediaKeysOfTrack = new LRUCache<string, Set<string>>({ max: 20_000, ttl: MEDIA_CACHE_TTL_MS });

  constructor(private readonly deps: TrackMediaServiceDeps) {
    deps.events.on('track.removed', ({ trackId }) => {
      for (const key of this.mediaKeysOfTrack.get(trackId) ?? []) this.publicMedia.delete(key);
      this.mediaKeysOfTrack.delete(trackId);
    });
  }

  /**
   * The descriptor of a public track's audio when this instance has it in memory (served within the
   * last minute and neither hidden nor deleted since): what the media fast path answers from.
   */
  knownPublicMedia(key: string): MediaDescriptor | undefined {
    return this.publicMedia.get(key);
  }

  /**
   * Resolves a media path to the object to stream: a track's audio (a hidden track's only for its
   * owner and admins, an unlisted one's also with its secret, and then never cached publicly) or a
   * stored image.
   */
  async mediaForKey(key: string, viewer: () => Promise<Actor | undefined>, secret?: string): Promise<MediaDescriptor> {
    if (key.startsWith('images/')) return this.image(key);
    const cached = this.publicMedia.get(key);
    if (cached) return cached;
    const row = await this.deps.tracks.getByStorageKey(key);
    // Who is asking matters only for a hidden track: a public one never looks up a session.
    const allowed = row && (row.hidden === 1 ? canSeeTrack(row, await viewer(), secret) : canSeeTrack(row, undefined));
    if (!row || !allowed) throw noSuchAudio();
    return this.describe(row, key);
  }

  /**
   * The file a feed's enclosure names for a public track (what a podcast app downloads): the high
   * rendition when made, else the original. It is the descriptor /media answers that key with, so
   * the length a feed states is the number of bytes sent. Undefined for a hidden track or a file
   * that is gone.
   */
  async publicAudio(row: TrackWithArtist): Promise<MediaDescriptor | undefined> {
    if (row.hidden !== 0) return undefined;
    try {
      return await this.describe(row, renditionKey(row, {}));
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  /** A stored image (covers, photos and their smaller copies): images are public by their key. */
  async image(key: string): Promise<MediaDescriptor> {
    const stored = await this.deps.storage.stat(key);
    if (!stored) throw new NotFoundError('No such image.', 'media_not_found');
    return { key, size: stored.size, contentType: IMAGE_CONTENT_TYPE, etag: stored.etag, private: false };
  }

  /**
   * A track's audio by the track's id, in the rendition asked for (one read of the track): undefined
   * when there is no such track or the viewer may not see it; a NotFoundError when its file is gone.
   * The wish is asked for once the track is found, so a missing track is what a caller hears of
   * first, before a bad parameter.
   */
  async stream(id: string, viewer: Actor, wish: () => RenditionWish): Promise<MediaDescriptor | undefined> {
    const row = await this.visibleTrack(id, viewer);
    return row && this.describe(row, renditionKey(row, wish()));
  }

  /**
   * A track's original file as a download (one read of the track), under the rule of the web API's
   * download link: for the owner and admins always, for anyone who may play the track when its
   * download toggle is on (else a ForbiddenError). Undefined when there is no such track or the
   * viewer may not see it.
   */
  async download(id: string, viewer: Actor): Promise<MediaDescriptor | undefined> {
    const row = await this.visibleTrack(id, viewer);
    if (!row) return undefined;
    this.requireDownloadable(row, viewer);
    return this.original(row);
  }

  /**
   * A signed link to the original file, valid DOWNLOAD_LINK_SECONDS: for the owner and admins
   * always, for anyone who may play the track when its download toggle is on.
   */
  async downloadLink(id: string, viewer: Actor | undefined, secret?: string): Promise<TrackDownload> {
    const row = await this.deps.tracks.getById(id);
    if (!row || !canSeeTrack(row, viewer, secret)) throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    this.requireDownloadable(row, viewer);
    const expiresAt = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_SECONDS;
    const sig = this.deps.downloads.sign(row.storage_key, expiresAt);
    return { url: `${mediaUrl(row.storage_key)}?download=${expiresAt}&sig=${sig}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  /** The original file a signed download link names, checked by its signature alone (no session). */
  async downloadForKey(key: string, expires: string | undefined, sig: string | undefined): Promise<MediaDescriptor> {
    const check = this.deps.downloads.verify(key, expires, sig);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new ForbiddenError('This download link has expired. Open the track again to get a new one.', 'download_link_expired')
        : new ForbiddenError('This download link is not valid (it was changed or made for another file).', 'download_link_invalid');
    }
    const row = await this.deps.tracks.getByStorageKey(key);
    if (!row || key !== row.storage_key) throw noSuchAudio();
    return this.original(row);
  }

  /** A track the viewer may see, by id (hidden ones only for their owner and admins). */
  private async visibleTrack(id: string, viewer: Actor): Promise<TrackWithArtist | undefined> {
    const row = id.length <= 100 ? await this.deps.tracks.getById(id) : undefined;
    return row && canSeeTrack(row, viewer) ? row : undefined;
  }

  private requireDownloadable(row: TrackWithArtist, viewer: Actor | undefined): void {
    const owner = viewer !== undefined && ownsOrAdmin(viewer, row.artist_id);
    if (!owner && !row.downloadable) throw new ForbiddenError('The artist has not allowed downloads of this track.', 'download_not_allowed');
  }

  /** The original file of a track the caller may download, sent as an attachment. */
  private async original(row: TrackWithArtist): Promise<MediaDescriptor> {
    const stored = await this.deps.storage.stat(row.storage_key);
    if (!stored) throw noSuchAudio();
    return { key: row.storage_key, size: stored.size, contentType: row.content_type, etag: stored.etag, private: true, downloadName: downloadFileName(row.artist_name, row.title, row.content_type) };
  }

  /** The descriptor of one file of a track the viewer may hear (the original or a rendition); a public track's is remembered. */
  private async describe(row: TrackWithArtist, key: string): Promise<MediaDescriptor> {
    const cached = this.publicMedia.get(key);
    if (cached) return cached;
    const stored = await this.deps.storage.stat(key);
    if (!stored) throw noSuchAudio();
    // A rendition is an MP3 whatever the original was.
    const contentType = key === row.storage_key ? row.content_type : 'audio/mpeg';
    const media = { key, size: stored.size, contentType, etag: stored.etag, private: row.hidden === 1 };
    if (!media.private) {
      this.publicMedia.set(key, { ...media, trackId: row.id });
      const keys = this.mediaKeysOfTrack.get(row.id) ?? new Set<string>();
      this.mediaKeysOfTrack.set(row.id, keys.add(key));
    }
    return media;
  }
}
