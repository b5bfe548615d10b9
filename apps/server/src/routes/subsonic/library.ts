import type { Actor } from '../../lib/actor.js';
import { canSeeTrack } from '../../lib/actor.js';
import { NotFoundError } from '../../lib/errors.js';
import type { PlaylistRepository } from '../../repositories/playlist.repository.js';
import type { ProfileRepository } from '../../repositories/profile.repository.js';
import type { ReleaseRepository, ReleaseWithArtist } from '../../repositories/release.repository.js';
import type { SubsonicRepository } from '../../repositories/subsonic.repository.js';
import type { TrackCatalogueRepository } from '../../repositories/track-catalogue.repository.js';
import type { TrackWithArtist } from '../../repositories/track-query.js';
import type { TrackRowsRepository } from '../../repositories/track-rows.repository.js';
import type { ArtistService } from '../../services/artist.service.js';
import { type EngagementService, orderByIds } from '../../services/engagement.service.js';
import type { ImageService } from '../../services/image.service.js';
import type { LyricsService } from '../../services/lyrics.service.js';
import type { PlayQueueService } from '../../services/play-queue.service.js';
import type { PlaylistService } from '../../services/playlist.service.js';
import type { ReleaseService } from '../../services/release.service.js';
import { SubsonicError, type SubsonicUser } from '../../services/subsonic-credential.service.js';
import type { TrackCatalogueService } from '../../services/track-catalogue.service.js';
import type { TrackMediaService } from '../../services/track-media.service.js';
import type { SharedState } from '../../shared-state/shared-state.js';
import type { SubsonicObject } from './response.js';

/**
 * Platter as a Subsonic server: artists are artist profiles, albums are releases (a track with no
 * release is its own single, album id `t-<track id>`), songs are tracks, stars are likes (of a
 * track or a release; a starred artist is a followed one), scrobbles are listens, playlists are
 * Platter's playlists. Every change and every visibility decision goes through the core services
 * and the rule the web API uses (canSeeTrack, the engagement, playlist, release and track media
 * services), so both APIs count and hide alike; the adapter's areas (browsing, annotation,
 * playlists, bookmarks, lyrics, users, media, system) only map shapes and pick lists.
 */
export interface SubsonicDeps {
  /** The Subsonic API's own reads: artists, album orders, track orders, liked releases, now playing. */
  repository: SubsonicRepository;
  tracks: Pick<TrackRowsRepository, 'getById' | 'getMany' | 'getManyVisible' | 'listByArtist'> & Pick<TrackCatalogueRepository, 'search' | 'topByLikesOfArtist'>;
  releases: Pick<ReleaseRepository, 'search'>;
  profiles: Pick<ProfileRepository, 'getById' | 'searchArtists'>;
  playlistRows: Pick<PlaylistRepository, 'getById' | 'listByOwner' | 'listCollaborating'>;
  trackCatalogue: Pick<TrackCatalogueService, 'genreCounts'>;
  trackMedia: TrackMediaService;
  engagement: EngagementService;
  playlists: PlaylistService;
  releaseService: ReleaseService;
  artists: ArtistService;
  playQueue: PlayQueueService;
  images: ImageService;
  lyrics: Pick<LyricsService, 'forCheckedTrack'>;
  /** Where full-sync walks keep their place (sync-cursors.ts). */
  shared: Pick<SharedState, 'putValue' | 'getValue'>;
}

/** The most items a list of one user's things (stars, an artist's singles) answers with. */
export const MAX_LIST = 500;

/** The prefix of an album id that stands for a track with no release (its own single). */
export const SINGLE_PREFIX = 't-';
/** Cover art ids: a track's (its own cover, else its release's), a release's, an artist's photo. */
export const COVER = { track: 'tr-', release: 'al-', artist: 'ar-' } as const;

const SUFFIX: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/webm': 'webm',
};
export const suffixOf = (contentType: string) => SUFFIX[contentType.split(';')[0]?.trim().toLowerCase() ?? ''] ?? 'bin';

export const year = (iso: string | null | undefined) => (iso && /^\d{4}/.test(iso) ? Number(iso.slice(0, 4)) : undefined);
export const albumIdOf = (row: TrackWithArtist) => row.release_id ?? `${SINGLE_PREFIX}${row.id}`;

/** A track as a Subsonic song (Child). `starred` is when the user liked it, if they did. */
export function songOf(row: TrackWithArtist, starred?: string): SubsonicObject {
  return {
    id: row.id,
    parent: albumIdOf(row),
    isDir: false,
    title: row.title,
    album: row.release_id ? (row.release_title ?? row.title) : row.title,
    artist: row.artist_name,
    track: row.release_position !== null ? row.release_position + 1 : undefined,
    year: year(row.created_at),
    genre: row.genre,
    coverArt: row.image_key || row.release_image_key ? `${COVER.track}${row.id}` : undefined,
    size: row.size_bytes,
    contentType: row.content_type,
    suffix: suffixOf(row.content_type),
    duration: row.duration !== null ? Math.round(row.duration) : undefined,
    bitRate: row.source_kbps ?? undefined,
    playCount: row.listens_count,
    created: row.created_at,
    starred,
    albumId: albumIdOf(row),
    artistId: row.artist_id,
    type: 'music',
  };
}

type ReleaseRow = Pick<ReleaseWithArtist, 'id' | 'title' | 'artist_id' | 'artist_name' | 'image_key' | 'track_count' | 'duration_seconds' | 'release_date' | 'created_at'>;

export function releaseAlbum(row: ReleaseRow, starred?: string): SubsonicObject {
  return {
    id: row.id,
    name: row.title,
    artist: row.artist_name,
    artistId: row.artist_id,
    coverArt: row.image_key ? `${COVER.release}${row.id}` : undefined,
    songCount: Number(row.track_count),
    duration: Math.round(Number(row.duration_seconds)),
    created: row.created_at,
    starred,
    year: year(row.release_date),
  };
}

export function singleAlbum(row: TrackWithArtist, starred?: string): SubsonicObject {
  return {
    id: `${SINGLE_PREFIX}${row.id}`,
    name: row.title,
    artist: row.artist_name,
    artistId: row.artist_id,
    coverArt: row.image_key ? `${COVER.track}${row.id}` : undefined,
    songCount: 1,
    duration: row.duration !== null ? Math.round(row.duration) : 0,
    playCount: row.listens_count,
    created: row.created_at,
    starred,
    year: year(row.created_at),
    genre: row.genre,
  };
}

export const notFound = (what: string) => new SubsonicError(70, `${what} not found (it does not exist, was removed, or is not visible to you).`);

/** What every area reads alike: a track the user may see, the user's likes, songs in order. */
export class SubsonicLibrary {
  constructor(private readonly deps: Pick<SubsonicDeps, 'tracks' | 'engagement'>) {}

  /** A track the user may see (hidden ones only for their owner and admins), or code 70. */
  async track(user: Actor, id: string): Promise<TrackWithArtist> {
    const row = id.length <= 100 ? await this.deps.tracks.getById(id) : undefined;
    if (!row || !canSeeTrack(row, user)) throw notFound('Song');
    return row;
  }

  /** Visible songs in the order of `ids`, marked starred where the user liked them. */
  async songs(user: SubsonicUser, ids: string[]): Promise<SubsonicObject[]> {
    const rows = orderByIds(ids, await this.deps.tracks.getManyVisible(ids));
    const liked = await this.likedMap(user);
    return rows.map((r) => songOf(r, liked.get(r.id)));
  }

  async likedMap(user: SubsonicUser): Promise<Map<string, string>> {
    // The liked ids, most recent first; Platter does not keep when each was liked in this list, so "starred" is the request time.
    const ids = (await this.deps.engagement.likedIds(user.id)).ids;
    const at = new Date().toISOString();
    return new Map(ids.map((id) => [id, at]));
  }

  async likedAt(user: SubsonicUser, trackId: string): Promise<string | undefined> {
    return (await this.likedMap(user)).get(trackId);
  }
}

/** A service's NotFoundError as Subsonic's code 70 (other errors pass on to the route's mapping). */
export function rethrowAs70(what: string) {
  return (error: unknown): never => {
    if (error instanceof NotFoundError) throw new SubsonicError(70, error.message || `${what} not found.`);
    throw error;
  };
}
