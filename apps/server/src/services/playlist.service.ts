import type { Playlist, PlaylistDetail, PlaylistPageQuery } from '@platter/shared';
import {
  addPlaylistTrackSchema,
  createPlaylistSchema,
  movePlaylistEntrySchema,
  playlistPageQuerySchema,
  reorderPlaylistSchema,
  updatePlaylistSchema,
} from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { BadRequestError, NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import { COVER_PLACES, type PlaylistRepository, type PlaylistRow } from '../repositories/playlist.repository.js';
import type { TrackRepository } from '../repositories/track.repository.js';
import type { ImageService } from './image.service.js';
import { mediaUrl, toTrack } from './track.mapper.js';

export interface PlaylistServiceDeps {
  db: Kysely<Database>;
  playlists: PlaylistRepository;
  tracks: TrackRepository;
  images: ImageService;
  events: EventBus;
}

const MOSAIC_COVERS = 4;

function toPlaylist(row: PlaylistRow, covers: string[]): Playlist {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.user_id,
    ownerName: row.owner_name,
    isPublic: row.is_public === 1,
    trackCount: row.track_count,
    covers: covers.map(mediaUrl),
    image: row.image_key ? mediaUrl(row.image_key) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A private playlist of someone else is "not found", so its existence does not leak. */
const notFound = () => new NotFoundError('This playlist does not exist, or it is private.', 'playlist_not_found');

/**
 * Playlists belong to their owner. Only the owner edits them; others may read a playlist the
 * owner made public (its shareable link), and nobody else learns a private one exists.
 */
export class PlaylistService {
  constructor(private readonly deps: PlaylistServiceDeps) {}

  async listMine(userId: string): Promise<{ items: Playlist[] }> {
    return { items: await this.withCovers(await this.deps.playlists.listByOwner(userId)) };
  }

  async create(userId: string, input: unknown): Promise<Playlist> {
    const { name } = createPlaylistSchema.parse(input);
    const id = newId();
    await this.deps.playlists.create({ id, userId, name, at: nowIso() });
    this.changed(userId, id);
    const [playlist] = await this.withCovers([await this.owned(userId, id)]);
    return playlist as Playlist;
  }

  async update(userId: string, id: string, input: unknown): Promise<Playlist> {
    const changes = updatePlaylistSchema.parse(input);
    await this.owned(userId, id);
    await this.deps.playlists.update(
      id,
      { ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.isPublic !== undefined ? { is_public: changes.isPublic ? 1 : 0 } : {}) },
      nowIso(),
    );
    this.changed(userId, id);
    const [playlist] = await this.withCovers([await this.owned(userId, id)]);
    return playlist as Playlist;
  }

  async delete(userId: string, id: string): Promise<void> {
    const row = await this.owned(userId, id);
    await this.deps.playlists.delete(id);
    await this.deps.images.discard(row.image_key);
    this.changed(userId, id);
  }

  /** Gives the playlist its own cover (checked, resized to 600×600 WebP); the replaced file goes after the row points at the new one. */
  async setCover(userId: string, id: string, bytes: Uint8Array, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const row = await this.owned(userId, id);
    const key = await this.deps.images.store(userId, bytes, 'track');
    await this.deps.playlists.setImage(id, key, nowIso());
    await this.deps.images.discard(row.image_key);
    this.changed(userId, id);
    return this.get(userId, id, query);
  }

  /** Removes the playlist's own cover: it shows the mosaic of its tracks' covers again. */
  async removeCover(userId: string, id: string, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const row = await this.owned(userId, id);
    if (row.image_key) {
      await this.deps.playlists.setImage(id, null, nowIso());
      await this.deps.images.discard(row.image_key);
      this.changed(userId, id);
    }
    return this.get(userId, id, query);
  }

  /**
   * The playlist with its tracks (all of them, or the page `query` asks for), for its owner, or for
   * anyone when it is public.
   */
  async get(viewerId: string | undefined, id: string, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const row = await this.deps.playlists.getById(id);
    if (!row || (row.user_id !== viewerId && row.is_public !== 1)) throw notFound();
    return this.detail(row, query);
  }

  async addTrack(userId: string, id: string, input: unknown, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { trackId } = addPlaylistTrackSchema.parse(input);
    await this.owned(userId, id);
    const track = await this.deps.tracks.getById(trackId);
    if (!track || track.hidden) throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    await this.deps.db.transaction().execute((trx) => this.deps.playlists.addEntry(trx, { id: newId(), playlistId: id, trackId, duration: track.duration, at: nowIso() }));
    this.changed(userId, id);
    return this.get(userId, id, query);
  }

  async removeEntry(userId: string, id: string, entryId: string, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    await this.owned(userId, id);
    const removed = await this.deps.db.transaction().execute((trx) => this.deps.playlists.removeEntry(trx, id, entryId, nowIso()));
    if (!removed) throw new NotFoundError('This track is not in the playlist (any more).', 'entry_not_found');
    this.changed(userId, id);
    return this.get(userId, id, query);
  }

  async reorder(userId: string, id: string, input: unknown, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { entryIds } = reorderPlaylistSchema.parse(input);
    await this.owned(userId, id);
    const entries = await this.deps.playlists.entries(id);
    const visibleTracks = new Set((await this.deps.tracks.getManyVisible(entries.map((e) => e.track_id))).map((t) => t.id));
    // The listener orders what they can see; entries of hidden tracks keep their order, at the end.
    const current = entries.filter((e) => visibleTracks.has(e.track_id)).map((e) => e.id);
    const hidden = entries.filter((e) => !visibleTracks.has(e.track_id)).map((e) => e.id);
    const same = entryIds.length === current.length && new Set(entryIds).size === entryIds.length && entryIds.every((e) => current.includes(e));
    if (!same) {
      throw new BadRequestError('entryIds must list every entry of the playlist exactly once; reload the playlist and try again.', 'order_mismatch');
    }
    await this.deps.db.transaction().execute((trx) => this.deps.playlists.reorder(trx, id, [...entryIds, ...hidden], nowIso()));
    this.changed(userId, id);
    return this.get(userId, id, query);
  }

  /**
   * Moves one entry to a 0-based place (`{ position }`; past the end means last): the entries in
   * between shift by one. Answers the page asked for, or every entry.
   */
  async moveEntry(userId: string, id: string, entryId: string, input: unknown, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { position } = movePlaylistEntrySchema.parse(input);
    await this.owned(userId, id);
    const moved = await this.deps.db.transaction().execute((trx) => this.deps.playlists.moveEntry(trx, id, entryId, position, nowIso()));
    if (moved === null) throw new NotFoundError('This track is not in the playlist (any more).', 'entry_not_found');
    this.changed(userId, id);
    return this.get(userId, id, query);
  }

  /** A new playlist of mine holding these listed tracks in order (an import), made in one transaction. */
  async createWith(userId: string, name: string, tracks: Array<{ id: string; duration: number | null }>): Promise<Playlist> {
    const { name: checked } = createPlaylistSchema.parse({ name });
    const id = newId();
    const at = nowIso();
    await this.deps.playlists.create({ id, userId, name: checked, at });
    try {
      await this.deps.db.transaction().execute((trx) =>
        this.deps.playlists.appendEntries(trx, id, tracks.map((t) => ({ id: newId(), trackId: t.id, duration: t.duration })), at),
      );
    } catch (error) {
      // Nothing half-made: the empty playlist goes with the failed append.
      await this.deps.playlists.delete(id);
      throw error;
    }
    this.changed(userId, id);
    const [playlist] = await this.withCovers([await this.owned(userId, id)]);
    return playlist as Playlist;
  }

  /** The playlist row when the viewer may read it (its owner, or anyone when it is public). */
  async readable(viewerId: string | undefined, id: string): Promise<PlaylistRow> {
    const row = await this.deps.playlists.getById(id);
    if (!row || (row.user_id !== viewerId && row.is_public !== 1)) throw notFound();
    return row;
  }

  private async owned(userId: string, id: string): Promise<PlaylistRow> {
    const row = await this.deps.playlists.getById(id);
    if (!row || row.user_id !== userId) throw notFound();
    return row;
  }

  /**
   * Entries whose track was removed or hidden are left out. With a page asked for, only the entries
   * at its places are read (one index range); the length is the row's counter and the covers come
   * from the first entries, so nothing reads every entry.
   */
  private async detail(row: PlaylistRow, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { page, pageSize } = playlistPageQuerySchema.parse(query);
    if (page === undefined) {
      const visible = await this.visibleEntries(await this.deps.playlists.entries(row.id));
      const covers = visible.flatMap((e) => (e.position < COVER_PLACES && e.track.image ? [e.track.image] : [])).slice(0, MOSAIC_COVERS);
      return { ...toPlaylist(row, []), covers, durationSeconds: row.duration_seconds, entries: visible };
    }
    const from = (page - 1) * pageSize;
    const [entries, places, covers] = await Promise.all([
      this.deps.playlists.entriesBetween(row.id, from, from + pageSize).then((rows) => this.visibleEntries(rows)),
      this.deps.playlists.placesUsed(row.id),
      this.deps.playlists.firstCoverKeys(row.id, MOSAIC_COVERS),
    ]);
    const pages = Math.max(1, Math.ceil(places / pageSize));
    return { ...toPlaylist(row, covers), durationSeconds: row.duration_seconds, entries, page: { number: page, size: pageSize, pages } };
  }

  private async visibleEntries(entries: Array<{ id: string; track_id: string; position: number }>): Promise<PlaylistDetail['entries']> {
    const tracks = new Map((await this.deps.tracks.getManyVisible(entries.map((e) => e.track_id))).map((t) => [t.id, t]));
    return entries.flatMap((e) => {
      const track = tracks.get(e.track_id);
      return track ? [{ entryId: e.id, position: e.position, track: toTrack(track) }] : [];
    });
  }

  private async withCovers(rows: PlaylistRow[]): Promise<Playlist[]> {
    const covers = await this.deps.playlists.coverKeys(rows.map((r) => r.id), MOSAIC_COVERS);
    return rows.map((row) => toPlaylist(row, covers.get(row.id) ?? []));
  }

  private changed(userId: string, playlistId: string): void {
    this.deps.events.emit('playlists.changed', { userId, playlistId });
  }
}
