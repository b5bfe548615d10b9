import type { CreateRelease, ReleaseDetail, ReleaseLikeState, ReleaseList, ReleaseSummary, UpdateRelease } from '@platter/shared';
import { createReleaseSchema, setReleaseTracksSchema, updateReleaseSchema } from '@platter/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { type Actor, canSeeTrack, ownsOrAdmin } from '../lib/actor.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { ReleaseRepository, ReleaseWithArtist } from '../repositories/release.repository.js';
import type { TrackRepository } from '../repositories/track.repository.js';
import type { ImageService } from './image.service.js';
import type { ProfileService } from './profile.service.js';
import { mediaUrl, searchText, toTrack } from './track.mapper.js';
import type { TrackService } from './track.service.js';

export interface ReleaseServiceDeps {
  db: Kysely<Database>;
  releases: ReleaseRepository;
  tracks: TrackRepository;
  trackService: TrackService;
  profiles: ProfileService;
  images: ImageService;
}

/** How many releases an artist page (and the studio) lists. */
const ARTIST_RELEASES_LIMIT = 200;

export function toReleaseSummary(row: ReleaseWithArtist): ReleaseSummary {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    artistId: row.artist_id,
    artist: row.artist_name,
    image: row.image_key ? mediaUrl(row.image_key) : null,
    releaseDate: row.release_date,
    trackCount: Number(row.track_count),
    durationSeconds: Number(row.duration_seconds),
    likes: Number(row.likes_count),
    createdAt: row.created_at,
  };
}

const notFound = () => new NotFoundError('This release does not exist or was removed.', 'release_not_found');

/**
 * Releases: an artist's albums, EPs and singles made of their own tracks (uploaded for it, or
 * gathered), in order. Only the artist changes a release; an admin may also delete one. A release
 * is listed (artist page, search) while it has a visible track; its page shows its visible tracks,
 * and all of them to the artist and admins.
 */
export class ReleaseService {
  constructor(private readonly deps: ReleaseServiceDeps) {}

  private async requireRelease(id: string): Promise<ReleaseWithArtist> {
    const row = await this.deps.releases.getById(id);
    if (!row) throw notFound();
    return row;
  }

  /** A release only its artist may change (admins only delete). */
  private async requireOwn(actor: Actor, id: string): Promise<ReleaseWithArtist> {
    const row = await this.requireRelease(id);
    if (row.artist_id !== actor.id) throw new ForbiddenError('Only the artist of this release can change it.', 'not_your_release');
    return row;
  }

  /** Checks that every track is the artist's own and on no other release. */
  private async checkTracks(trx: Transaction<Database>, artistId: string, releaseId: string | null, trackIds: string[]): Promise<void> {
    const rows = await this.deps.releases.tracksForRelease(trx, trackIds);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of trackIds) {
      const row = byId.get(id);
      if (!row) throw new NotFoundError(`Track ${id} does not exist or was removed.`, 'track_not_found');
      if (row.artist_id !== artistId) throw new ForbiddenError('A release can only hold your own tracks.', 'not_your_track');
      if (row.release_id && row.release_id !== releaseId) throw new ConflictError('A track can be on one release only: take it off its other release first.', 'track_on_other_release');
    }
  }

  async create(actor: Actor, input: CreateRelease): Promise<ReleaseDetail> {
    const data = createReleaseSchema.parse(input);
    const profile = await this.deps.profiles.requireForUser(actor.id);
    const id = newId();
    const now = nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.checkTracks(trx, actor.id, null, data.trackIds);
      await this.deps.releases.insert(trx, {
        id,
        artist_id: actor.id,
        title: data.title,
        type: data.type,
        image_key: null,
        release_date: data.releaseDate ?? now.slice(0, 10),
        description: data.description ?? '',
        search_text: searchText(data.title, profile.displayName),
        created_at: now,
        updated_at: now,
      });
      await this.deps.releases.setTracks(trx, id, data.trackIds);
    });
    await this.adoptCover(id);
    return this.get(id, actor);
  }

  /** A release without a cover takes its first track's, if it has one. */
  private async adoptCover(id: string): Promise<void> {
    const row = await this.deps.releases.getById(id);
    if (!row || row.image_key) return;
    const [first] = await this.deps.releases.trackIds(id);
    const track = first ? await this.deps.tracks.getById(first) : undefined;
    if (track?.image_key) await this.deps.releases.update(id, { image_key: track.image_key });
  }

  async update(actor: Actor, id: string, input: UpdateRelease): Promise<ReleaseDetail> {
    const changes = updateReleaseSchema.parse(input);
    const row = await this.requireOwn(actor, id);
    await this.deps.releases.update(id, {
      ...(changes.title !== undefined ? { title: changes.title, search_text: searchText(changes.title, row.artist_name) } : {}),
      ...(changes.type !== undefined ? { type: changes.type } : {}),
      ...(changes.releaseDate !== undefined ? { release_date: changes.releaseDate } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
    });
    return this.get(id, actor);
  }

  /** Replaces the ordered list of tracks: reorders, adds and removes (removed tracks stay as singles). */
  async setTracks(actor: Actor, id: string, input: unknown): Promise<ReleaseDetail> {
    const { trackIds } = setReleaseTracksSchema.parse(input);
    await this.requireOwn(actor, id);
    await this.deps.db.transaction().execute(async (trx) => {
      await this.checkTracks(trx, actor.id, id, trackIds);
      await this.deps.releases.setTracks(trx, id, trackIds);
    });
    await this.adoptCover(id);
    return this.get(id, actor);
  }

  async setCover(actor: Actor, id: string, bytes: Uint8Array): Promise<ReleaseDetail> {
    const row = await this.requireOwn(actor, id);
    const key = await this.deps.images.store(row.artist_id, bytes, 'track');
    await this.deps.releases.update(id, { image_key: key });
    // A cover taken from a track is the track's file: only the release's own is discarded.
    if (row.image_key && row.image_key.startsWith(`images/${row.artist_id}/`) && !(await this.coverIsATracks(id, row.image_key))) await this.deps.images.discard(row.image_key);
    return this.get(id, actor);
  }

  private async coverIsATracks(id: string, key: string): Promise<boolean> {
    const ids = await this.deps.releases.trackIds(id);
    const tracks = await this.deps.tracks.getMany(ids);
    return tracks.some((t) => t.image_key === key);
  }

  /** Deletes a release (its artist or an admin); its tracks stay unless `deleteTracks`. */
  async delete(actor: Actor, id: string, deleteTracks: boolean): Promise<void> {
    const row = await this.requireRelease(id);
    if (!ownsOrAdmin(actor, row.artist_id)) throw new ForbiddenError('Only the artist of this release (or an admin) can delete it.', 'not_your_release');
    const trackIds = await this.deps.releases.trackIds(id);
    const ownCover = row.image_key && !(await this.coverIsATracks(id, row.image_key)) ? row.image_key : null;
    await this.deps.db.transaction().execute((trx) => this.deps.releases.delete(trx, id));
    if (deleteTracks) for (const trackId of trackIds) await this.deps.trackService.delete(actor, trackId).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
    await this.deps.images.discard(ownCover);
  }

  /** The release page: its tracks in order (hidden ones only for the artist and admins). */
  async get(id: string, viewer?: Actor): Promise<ReleaseDetail> {
    const row = await this.requireRelease(id);
    const canEdit = viewer !== undefined && ownsOrAdmin(viewer, row.artist_id);
    if (!canEdit && Number(row.track_count) === 0) throw notFound();
    const ids = await this.deps.releases.trackIds(id);
    const rows = await this.deps.tracks.getMany(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const tracks = ids.flatMap((tid) => byId.get(tid) ?? []).filter((t) => canSeeTrack(t, viewer));
    return {
      ...toReleaseSummary(row),
      description: row.description,
      tracks: tracks.map(toTrack),
      liked: viewer ? await this.deps.releases.isLiked(viewer.id, id) : false,
      canEdit,
    };
  }

  /** An artist's listed releases (all of them, empty ones too, for the artist and admins). */
  async listByArtist(artistId: string, viewer?: Actor): Promise<ReleaseList> {
    const all = viewer !== undefined && ownsOrAdmin(viewer, artistId);
    return { items: (await this.deps.releases.listByArtist(artistId, all, ARTIST_RELEASES_LIMIT)).map(toReleaseSummary) };
  }

  async search(lowerText: string, limit: number): Promise<ReleaseSummary[]> {
    return (await this.deps.releases.search(lowerText, limit)).map(toReleaseSummary);
  }

  async setLiked(actor: Actor, id: string, liked: boolean): Promise<ReleaseLikeState> {
    const row = await this.requireRelease(id);
    if (Number(row.track_count) === 0 && !ownsOrAdmin(actor, row.artist_id)) throw notFound();
    const likes = await this.deps.releases.setLiked(id, actor.id, liked, nowIso());
    return { releaseId: id, liked, likes };
  }
}
