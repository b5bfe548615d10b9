import type { CreateTrack, GenreCounts, Track, TrackList, TrackListQuery } from '@platter/shared';
import { GENRES, createTrackSchema } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { ConflictError, ForbiddenError, NotFoundError, UnsupportedMediaTypeError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import { ACCEPTED_AUDIO_DESCRIPTION, readDuration, sniffStoredAudio } from '../media/audio-probe.js';
import type { TrackRepository } from '../repositories/track.repository.js';
import type { UploadRepository } from '../repositories/upload.repository.js';
import type { Storage } from '../storage/storage.js';
import type { ProfileService } from './profile.service.js';
import { mediaUrl, searchText, toTrack } from './track.mapper.js';

/** What the media route needs to answer a (range) request for a stored object. */
export interface MediaDescriptor {
  key: string;
  size: number;
  contentType: string;
  etag: string;
}

export interface TrackServiceDeps {
  db: Kysely<Database>;
  tracks: TrackRepository;
  uploads: UploadRepository;
  storage: Storage;
  profiles: ProfileService;
  events: EventBus;
}

export class TrackService {
  constructor(private readonly deps: TrackServiceDeps) {}

  async list(query: TrackListQuery): Promise<TrackList> {
    const filter = {
      genre: query.genre && query.genre !== 'All' ? query.genre : undefined,
      search: query.q ? query.q.toLowerCase() : undefined,
      artistId: query.artistId,
    };
    const [rows, total] = await Promise.all([
      this.deps.tracks.list(filter, (query.page - 1) * query.pageSize, query.pageSize),
      this.deps.tracks.count(filter),
    ]);
    return { items: rows.map(toTrack), total, page: query.page, pageSize: query.pageSize };
  }

  async genreCounts(): Promise<GenreCounts> {
    const counts = new Map((await this.deps.tracks.countByGenre()).map((r) => [r.genre, r.count]));
    const genres = GENRES.map((genre) => ({ genre, count: counts.get(genre) ?? 0 }));
    return { total: genres.reduce((sum, g) => sum + g.count, 0), genres };
  }

  async get(id: string): Promise<Track> {
    const row = await this.deps.tracks.getById(id);
    if (!row || row.hidden) throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    return toTrack(row);
  }

  /**
   * Creates a track from a file the user uploaded through the upload protocol. The upload is
   * claimed in the same transaction that inserts the track, so a fileUrl makes at most one track.
   */
  async createFromUpload(userId: string, input: CreateTrack): Promise<Track> {
    const { title, genre, url } = createTrackSchema.parse(input);
    const key = storageKeyFromUrl(url);
    const upload = key ? await this.deps.uploads.getByStorageKey(key) : undefined;
    if (!key || !upload) {
      throw new NotFoundError('No uploaded file at this url. Get one from /api/get-upload-url and upload the file first.', 'upload_not_found');
    }
    if (upload.user_id !== userId) throw new ForbiddenError('This file was uploaded by another user.', 'upload_not_yours');
    if (upload.status === 'used') {
      throw new ConflictError('This file already belongs to a track. Upload it again to make another track.', 'upload_used');
    }
    const stored = await this.deps.storage.stat(key);
    if (!stored) throw new ConflictError('The file has not been uploaded yet: PUT it to the uploadURL first.', 'upload_incomplete');

    // Sniff again here: on S3 the bytes reach storage without passing through Platter.
    const contentType = await sniffStoredAudio(this.deps.storage, key, stored.size);
    if (!contentType) {
      await this.deps.storage.delete(key);
      await this.deps.uploads.deleteIfStatus(upload.id, upload.status);
      throw new UnsupportedMediaTypeError(`This file is not audio. Upload ${ACCEPTED_AUDIO_DESCRIPTION}.`);
    }
    const duration = await readDuration(await this.deps.storage.read(key), contentType, stored.size);
    const profile = await this.deps.profiles.requireForUser(userId);

    const id = newId();
    const now = nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.uploads.claim(trx, upload.id, upload.status, now))) {
        throw new ConflictError('This file already belongs to a track. Upload it again to make another track.', 'upload_used');
      }
      await this.deps.tracks.create(trx, {
        id,
        title,
        genre,
        artist_id: profile.id,
        storage_key: key,
        content_type: contentType,
        size_bytes: stored.size,
        duration,
        search_text: searchText(title, profile.displayName),
        created_at: now,
      });
    });
    const track = await this.get(id);
    this.deps.events.emit('track.created', { track });
    return track;
  }

  /** Resolves a media path to the object to stream; hidden or unknown tracks are not found. */
  async mediaForKey(key: string): Promise<MediaDescriptor> {
    const row = await this.deps.tracks.getByStorageKey(key);
    const stored = row && !row.hidden ? await this.deps.storage.stat(key) : undefined;
    if (!row || !stored) throw new NotFoundError('No such audio file.', 'media_not_found');
    return { key, size: stored.size, contentType: row.content_type, etag: stored.etag };
  }
}

/** The storage key inside a fileUrl (`/media/<key>`, optionally absolute); undefined for anything else. */
export function storageKeyFromUrl(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://platter.invalid').pathname;
  } catch {
    return undefined;
  }
  const prefix = mediaUrl('');
  if (!pathname.startsWith(prefix)) return undefined;
  try {
    const key = pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    return key.length > 0 && !key.split('/').some((p) => p === '' || p === '.' || p === '..') ? key : undefined;
  } catch {
    return undefined;
  }
}
