import { createHash } from 'node:crypto';
import { GENRES } from '@platter/shared';
import type { Actor } from '../lib/actor.js';
import { canSeeTrack } from '../lib/actor.js';
import { NotFoundError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { PlaylistRepository, PlaylistRow } from '../repositories/playlist.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { ReleaseRepository, ReleaseWithArtist } from '../repositories/release.repository.js';
import type { AlbumOrder, SubsonicRepository } from '../repositories/subsonic.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackCatalogueRepository } from '../repositories/track-catalogue.repository.js';
import type { TrackWithArtist } from '../repositories/track-query.js';
import type { SubsonicObject } from '../routes/subsonic/response.js';
import type { ArtistService } from './artist.service.js';
import { type EngagementService, orderByIds } from './engagement.service.js';
import type { ImageService } from './image.service.js';
import type { PlaylistService } from './playlist.service.js';
import type { PlayQueueService } from './play-queue.service.js';
import type { ReleaseService } from './release.service.js';
import { SubsonicError, type SubsonicUser } from './subsonic-credential.service.js';
import type { TrackCatalogueService } from './track-catalogue.service.js';

/**
 * Lyrics of a track for getLyrics / getLyricsBySongId (OpenSubsonic songLyrics). Track lyrics are
 * being built elsewhere (issue 14); until they are wired in, the default answers null ("none").
 */
export interface TrackLyrics {
  lang: string;
  synced: boolean;
  lines: Array<{ start?: number; value: string }>;
}
export type LyricsSource = (trackId: string) => Promise<TrackLyrics | null>;

export interface SubsonicServiceDeps {
  repository: SubsonicRepository;
  tracks: Pick<TrackRowsRepository, 'getById' | 'getMany' | 'getManyVisible' | 'listByArtist'> & Pick<TrackCatalogueRepository, 'search' | 'topByLikesOfArtist'>;
  releases: ReleaseRepository;
  profiles: ProfileRepository;
  playlistRows: PlaylistRepository;
  trackCatalogue: Pick<TrackCatalogueService, 'genreCounts'>;
  engagement: EngagementService;
  playlists: PlaylistService;
  releaseService: ReleaseService;
  artists: ArtistService;
  playQueue: PlayQueueService;
  images: ImageService;
  lyricsFor?: LyricsSource;
}

/** The prefix of an album id that stands for a track with no release (its own single). */
export const SINGLE_PREFIX = 't-';
/** Cover art ids: a track's (its own cover, else its release's), a release's, an artist's photo. */
const COVER = { track: 'tr-', release: 'al-', artist: 'ar-' } as const;

/**
 * getAlbumList2's offsets: the catalogue-wide orders (by name, artist, year) page through every
 * album, a page costing its offset in index entries; the lists folded from a walk of tracks
 * (newest, frequent, highest, random, by genre) reach 10,000 albums deep.
 */
export const ALBUM_LIST_MAX_OFFSET = 1_000_000;
const WALKED_LIST_MAX_OFFSET = 10_000;

/** How many artists getArtists / getIndexes list at most (by name). */
export const ARTISTS_LIMIT = 10_000;
const MAX_LIST = 500;

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

const year = (iso: string | null | undefined) => (iso && /^\d{4}/.test(iso) ? Number(iso.slice(0, 4)) : undefined);
const albumIdOf = (row: TrackWithArtist) => row.release_id ?? `${SINGLE_PREFIX}${row.id}`;

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

function releaseAlbum(row: ReleaseRow, starred?: string): SubsonicObject {
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

function singleAlbum(row: TrackWithArtist, starred?: string): SubsonicObject {
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

const notFound = (what: string) => new SubsonicError(70, `${what} not found (it does not exist, was removed, or is not visible to you).`);

/**
 * Platter as a Subsonic server (issue 14): artists are artist profiles, albums are releases (a
 * track with no release is its own single, album id `t-<track id>`), songs are tracks, stars are
 * likes (of a track or a release; a starred artist is a followed one), scrobbles are listens,
 * playlists are Platter's playlists. Every change and every visibility decision goes through the
 * services and the rule the web API uses (canSeeTrack, the engagement, playlist and release
 * services), so both APIs count and hide alike; this class only maps shapes and picks lists.
 */
export class SubsonicService {
  constructor(private readonly deps: SubsonicServiceDeps) {}

  // --- Browsing -------------------------------------------------------------------------------

  /** A track the user may see (hidden ones only for their owner and admins), or code 70. */
  async track(user: Actor, id: string): Promise<TrackWithArtist> {
    const row = id.length <= 100 ? await this.deps.tracks.getById(id) : undefined;
    if (!row || !canSeeTrack(row, user)) throw notFound('Song');
    return row;
  }

  async song(user: SubsonicUser, id: string): Promise<SubsonicObject> {
    const row = await this.track(user, id);
    return songOf(row, await this.likedAt(user, row.id));
  }

  /** getArtists (ArtistID3, with album counts and covers) or getIndexes (`id3` false: the older Artist, name and id). */
  async artists(id3 = true): Promise<SubsonicObject[]> {
    const rows = await this.deps.repository.artists(ARTISTS_LIMIT);
    const groups = new Map<string, SubsonicObject[]>();
    for (const row of rows) {
      const first = row.display_name.trim().charAt(0).toUpperCase();
      const letter = /\p{L}/u.test(first) ? first : '#';
      const artist = id3
        ? {
            id: row.id,
            name: row.display_name,
            coverArt: row.photo_url ? `${COVER.artist}${row.id}` : undefined,
            // An upper bound (each visible track is on at most one album); getArtist counts exactly.
            albumCount: row.tracks_count,
          }
        : { id: row.id, name: row.display_name };
      groups.set(letter, [...(groups.get(letter) ?? []), artist]);
    }
    return [...groups].map(([name, artist]) => ({ name, artist }));
  }

  async artist(user: SubsonicUser, id: string): Promise<SubsonicObject> {
    const profile = id.length <= 100 ? await this.deps.profiles.getById(id) : undefined;
    if (!profile) throw notFound('Artist');
    const albums = await this.albumsOfArtist(user, id);
    if (albums.length === 0 && !(user.isAdmin || user.id === id)) throw notFound('Artist');
    const followed = new Set((await this.deps.artists.subscriptionIds(user)).ids);
    return {
      id: profile.id,
      name: profile.display_name,
      coverArt: profile.photo_url ? `${COVER.artist}${profile.id}` : undefined,
      albumCount: albums.length,
      starred: followed.has(profile.id) ? profile.created_at : undefined,
      album: albums,
    };
  }

  async artistInfo(user: SubsonicUser, id: string): Promise<SubsonicObject> {
    const profile = id.length <= 100 ? await this.deps.profiles.getById(id) : undefined;
    if (!profile || (profile.tracks_count === 0 && !(user.isAdmin || user.id === id))) throw notFound('Artist');
    const image = profile.photo_url ?? undefined;
    return { biography: profile.bio || undefined, smallImageUrl: image, mediumImageUrl: image, largeImageUrl: image, similarArtist: [] };
  }

  /** An artist's releases (as the release service lists them for this viewer), then their singles. */
  private async albumsOfArtist(user: SubsonicUser, artistId: string): Promise<SubsonicObject[]> {
    const releases = (await this.deps.releaseService.listByArtist(artistId, user)).items.filter((r) => r.trackCount > 0);
    const rows = await this.deps.repository.releasesByIds(releases.map((r) => r.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const liked = new Set(await this.deps.repository.likedReleaseIds(user.id, 1000));
    const albums = releases.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [releaseAlbum(row, liked.has(r.id) ? row.created_at : undefined)] : [];
    });
    const owner = user.isAdmin || user.id === artistId;
    const singles = (await this.deps.tracks.listByArtist(artistId, owner, MAX_LIST)).filter((t) => t.release_id === null && canSeeTrack(t, user));
    return [...albums, ...singles.map((t) => singleAlbum(t))];
  }

  async album(user: SubsonicUser, id: string): Promise<SubsonicObject> {
    const liked = await this.likedMap(user);
    if (id.startsWith(SINGLE_PREFIX)) {
      const row = await this.track(user, id.slice(SINGLE_PREFIX.length)).catch(() => undefined);
      if (!row || row.release_id !== null) throw notFound('Album');
      return { ...singleAlbum(row, liked.get(row.id)), song: [songOf(row, liked.get(row.id))] };
    }
    const detail = id.length <= 100 ? await this.deps.releaseService.get(id, user).catch(rethrowAs70('Album')) : undefined;
    const [row] = await this.deps.repository.releasesByIds([id]);
    if (!detail || !row) throw notFound('Album');
    const tracks = orderByIds(detail.tracks.map((t) => t.id), await this.deps.tracks.getMany(detail.tracks.map((t) => t.id)));
    const likedRelease = (await this.deps.repository.likedReleaseIds(user.id, 1000)).includes(id);
    return { ...releaseAlbum(row, likedRelease ? row.created_at : undefined), genre: tracks[0]?.genre, song: tracks.map((t) => songOf(t, liked.get(t.id))) };
  }

  /** getAlbumList2: albums (releases and singles) in the order the type asks for, one page. */
  async albumList(user: SubsonicUser, type: string, size: number, offset: number, extra: { genre?: string; fromYear?: number; toYear?: number }): Promise<SubsonicObject[]> {
    const want = offset + size;
    const walked = type !== 'alphabeticalByName' && type !== 'alphabeticalByArtist' && type !== 'byYear';
    if (walked && offset > WALKED_LIST_MAX_OFFSET) throw new SubsonicError(0, `Parameter offset must be at most ${WALKED_LIST_MAX_OFFSET} with type=${type}.`);
    let trackIds: string[];
    switch (type) {
      case 'alphabeticalByName':
        return this.albumPage(user, { by: 'name' }, size, offset);
      case 'alphabeticalByArtist':
        return this.albumPage(user, { by: 'artist' }, size, offset);
      case 'byYear': {
        if (extra.fromYear === undefined || extra.toYear === undefined) throw new SubsonicError(10, 'Required parameters are missing: fromYear and toYear (with type=byYear).');
        // fromYear > toYear: the same years, newest first (as the API defines).
        const [fromYear, toYear] = extra.fromYear <= extra.toYear ? [extra.fromYear, extra.toYear] : [extra.toYear, extra.fromYear];
        return this.albumPage(user, { by: 'year', fromYear, toYear, descending: extra.fromYear > extra.toYear }, size, offset);
      }
      case 'newest':
        trackIds = await this.deps.repository.trackIds('newest', { limit: want * 4 });
        break;
      case 'frequent':
        trackIds = await this.deps.repository.trackIds('frequent', { limit: want * 4 });
        break;
      case 'highest':
        trackIds = await this.deps.repository.trackIds('highest', { limit: want * 4 });
        break;
      case 'random':
        trackIds = await this.deps.repository.randomTrackIds(want * 4);
        break;
      case 'recent':
        trackIds = (await this.deps.engagement.history(user.id)).items.map((h) => h.track.id);
        break;
      case 'starred':
        trackIds = (await this.deps.engagement.likedIds(user.id)).ids;
        break;
      case 'byGenre':
        if (!extra.genre) throw new SubsonicError(10, 'Required parameter is missing: genre (with type=byGenre).');
        trackIds = await this.deps.repository.trackIds('newest', { genre: extra.genre, limit: want * 4 });
        break;
      default:
        throw new SubsonicError(0, `Unknown list type "${type}". Use one of random, newest, highest, frequent, recent, alphabeticalByName, alphabeticalByArtist, starred, byYear, byGenre.`);
    }
    const rows = orderByIds(trackIds, await this.deps.tracks.getManyVisible(trackIds));
    const liked = new Set(await this.deps.repository.likedReleaseIds(user.id, 1000));
    const likedTracks = await this.likedMap(user);
    const releaseIds = [...new Set(rows.flatMap((r) => (r.release_id ? [r.release_id] : [])))];
    const releases = new Map((await this.deps.repository.releasesByIds(releaseIds)).map((r) => [r.id, r]));
    const seen = new Set<string>();
    const albums: SubsonicObject[] = [];
    for (const row of rows) {
      const id = albumIdOf(row);
      if (seen.has(id)) continue;
      seen.add(id);
      const release = row.release_id ? releases.get(row.release_id) : undefined;
      if (row.release_id && !release) continue;
      albums.push(release ? releaseAlbum(release, liked.has(release.id) ? release.created_at : undefined) : singleAlbum(row, likedTracks.get(row.id)));
    }
    return albums.slice(offset, offset + size);
  }

  /** One page of a catalogue-wide album order (SubsonicRepository.albumPage: releases and singles merged along their indexes). */
  private async albumPage(user: SubsonicUser, order: AlbumOrder, size: number, offset: number): Promise<SubsonicObject[]> {
    const page = await this.deps.repository.albumPage(order, size, offset);
    const releaseIds = page.flatMap((a) => (a.kind === 'release' ? [a.id] : []));
    const trackIds = page.flatMap((a) => (a.kind === 'single' ? [a.id] : []));
    const releases = new Map((await this.deps.repository.releasesByIds(releaseIds)).map((r) => [r.id, r]));
    const singles = new Map((await this.deps.tracks.getManyVisible(trackIds)).map((t) => [t.id, t]));
    const likedReleases = new Set(releaseIds.length > 0 ? await this.deps.repository.likedReleaseIds(user.id, 1000) : []);
    const likedTracks = trackIds.length > 0 ? await this.likedMap(user) : new Map<string, string>();
    return page.flatMap((album) => {
      if (album.kind === 'release') {
        const row = releases.get(album.id);
        return row ? [releaseAlbum(row, likedReleases.has(row.id) ? row.created_at : undefined)] : [];
      }
      const row = singles.get(album.id);
      return row ? [singleAlbum(row, likedTracks.get(row.id))] : [];
    });
  }

  async genres(): Promise<SubsonicObject[]> {
    const counts = await this.deps.trackCatalogue.genreCounts();
    // albumCount: an upper bound (each track is on at most one album); Platter keeps no per-genre album counter.
    return counts.genres.filter((g) => g.count > 0).map((g) => ({ songCount: g.count, albumCount: g.count, value: g.genre }));
  }

  async randomSongs(user: SubsonicUser, size: number, genre?: string): Promise<SubsonicObject[]> {
    return this.songs(user, await this.deps.repository.randomTrackIds(size, genre));
  }

  async songsByGenre(user: SubsonicUser, genre: string, count: number, offset: number): Promise<SubsonicObject[]> {
    if (!(GENRES as readonly string[]).includes(genre)) return [];
    return this.songs(user, await this.deps.repository.trackIds('newest', { genre, limit: count, offset }));
  }

  async topSongs(user: SubsonicUser, artistName: string, count: number): Promise<SubsonicObject[]> {
    const artist = await this.deps.repository.artistByName(artistName);
    if (!artist) return [];
    const rows = (await this.deps.tracks.topByLikesOfArtist(artist.id, count * 2)).filter((t) => t.hidden === 0).slice(0, count);
    const liked = await this.likedMap(user);
    return rows.map((r) => songOf(r, liked.get(r.id)));
  }

  /** Songs like this artist's or track's: same artist first, then the same genre (newest). */
  async similarSongs(user: SubsonicUser, id: string, count: number): Promise<SubsonicObject[]> {
    const track = await this.deps.tracks.getById(id);
    let artistId: string;
    let genre: string | undefined;
    if (track && canSeeTrack(track, user)) {
      artistId = track.artist_id;
      genre = track.genre;
    } else {
      const profile = await this.deps.profiles.getById(id);
      if (!profile) throw notFound('Artist or song');
      artistId = profile.id;
    }
    const own = (await this.deps.tracks.listByArtist(artistId, false, count)).filter((t) => t.id !== id);
    genre ??= own[0]?.genre;
    const sameGenre = genre ? await this.deps.repository.trackIds('newest', { genre, limit: count }) : [];
    const ids = [...new Set([...own.map((t) => t.id), ...sameGenre])].filter((t) => t !== id).slice(0, count);
    return this.songs(user, ids);
  }

  /** search3: an empty query lists everything, page by page (how clients such as Symfonium sync). */
  async search(user: SubsonicUser, query: string, counts: { artist: [number, number]; album: [number, number]; song: [number, number] }): Promise<SubsonicObject> {
    const text = query.replace(/^"|"$/g, '').trim().toLowerCase();
    const liked = await this.likedMap(user);
    let artists: SubsonicObject[];
    let albums: SubsonicObject[];
    let songs: TrackWithArtist[];
    if (text === '') {
      const [artistCount, artistOffset] = counts.artist;
      artists = (await this.deps.repository.artists(artistCount, artistOffset)).map((p) => ({ id: p.id, name: p.display_name, albumCount: p.tracks_count }));
      albums = counts.album[0] > 0 ? await this.albumList(user, 'newest', counts.album[0], counts.album[1], {}) : [];
      songs = orderByIds(...(await this.idsAndRows(await this.deps.repository.trackIds('newest', { limit: counts.song[0], offset: counts.song[1] }))));
    } else {
      const found = await this.deps.profiles.searchArtists(text, counts.artist[0] + counts.artist[1]);
      artists = found.slice(counts.artist[1]).map((p) => ({ id: p.id, name: p.display_name, coverArt: p.photo_url ? `${COVER.artist}${p.id}` : undefined, albumCount: p.tracks_count }));
      const releases = (await this.deps.releases.search(text, counts.album[0] + counts.album[1])).slice(counts.album[1]);
      albums = releases.map((r) => releaseAlbum(r));
      const page = await this.deps.tracks.search({ search: text }, counts.song[1], counts.song[0]);
      songs = page.rows;
    }
    return { artist: artists, album: albums, song: songs.map((s) => songOf(s, liked.get(s.id))) };
  }

  private async idsAndRows(ids: string[]): Promise<[string[], TrackWithArtist[]]> {
    return [ids, await this.deps.tracks.getManyVisible(ids)];
  }

  /** Visible songs in the order of `ids`, marked starred where the user liked them. */
  async songs(user: SubsonicUser, ids: string[]): Promise<SubsonicObject[]> {
    const rows = orderByIds(ids, await this.deps.tracks.getManyVisible(ids));
    const liked = await this.likedMap(user);
    return rows.map((r) => songOf(r, liked.get(r.id)));
  }

  // --- Stars, ratings, scrobbles ----------------------------------------------------------------

  async star(user: SubsonicUser, ids: { id: string[]; albumId: string[]; artistId: string[] }, starred: boolean): Promise<void> {
    for (const id of ids.id) {
      // An album id passed as id (older clients) stars the album.
      if (!id.startsWith(SINGLE_PREFIX) && !(await this.deps.tracks.getById(id)) && (await this.deps.repository.releasesByIds([id])).length > 0) {
        await this.deps.releaseService.setLiked(user, id, starred).catch(rethrowAs70('Album'));
        continue;
      }
      await this.likeTrack(user, id.startsWith(SINGLE_PREFIX) ? id.slice(SINGLE_PREFIX.length) : id, starred);
    }
    for (const id of ids.albumId) {
      if (id.startsWith(SINGLE_PREFIX)) await this.likeTrack(user, id.slice(SINGLE_PREFIX.length), starred);
      else await this.deps.releaseService.setLiked(user, id, starred).catch(rethrowAs70('Album'));
    }
    for (const id of ids.artistId) {
      // A starred artist is a followed one.
      await (starred ? this.deps.artists.subscribe(user, id) : this.deps.artists.unsubscribe(user, id)).catch(rethrowAs70('Artist'));
    }
  }

  private async likeTrack(user: SubsonicUser, trackId: string, liked: boolean): Promise<void> {
    await (liked ? this.deps.engagement.like(user.id, trackId) : this.deps.engagement.unlike(user.id, trackId)).catch(rethrowAs70('Song'));
  }

  async starred(user: SubsonicUser): Promise<SubsonicObject> {
    const followed = (await this.deps.artists.subscriptionIds(user)).ids.slice(0, MAX_LIST);
    const profiles = (await Promise.all(followed.map((id) => this.deps.profiles.getById(id)))).flatMap((p) => (p && p.tracks_count > 0 ? [p] : []));
    const releaseIds = await this.deps.repository.likedReleaseIds(user.id, MAX_LIST);
    const releases = new Map((await this.deps.repository.releasesByIds(releaseIds)).map((r) => [r.id, r]));
    const liked = await this.likedMap(user);
    const ids = [...liked.keys()].slice(0, MAX_LIST);
    const rows = orderByIds(ids, await this.deps.tracks.getManyVisible(ids));
    return {
      artist: profiles.map((p) => ({ id: p.id, name: p.display_name, coverArt: p.photo_url ? `${COVER.artist}${p.id}` : undefined, albumCount: p.tracks_count, starred: p.created_at })),
      album: releaseIds.flatMap((id) => {
        const row = releases.get(id);
        return row ? [releaseAlbum(row, row.created_at)] : [];
      }),
      song: rows.map((r) => songOf(r, liked.get(r.id))),
    };
  }

  /**
   * scrobble: with submission (the default) each id is a listen counted by the engagement service
   * under the same rules as the web player's (one per playback start, the replay guard), and goes
   * into the listening history; `time` (ms) is when the play started (an offline play). Without
   * submission it is a "now playing" notice: the last id is kept as what this user plays now
   * (now_playing, one row per user), which getNowPlaying shows; nothing is counted.
   */
  async scrobble(user: SubsonicUser, ids: string[], times: number[], submission: boolean, player = 'unknown'): Promise<void> {
    if (!submission) {
      for (const id of ids) await this.track(user, id);
      const last = ids.at(-1);
      if (last) await this.deps.repository.setNowPlaying({ user_id: user.id, track_id: last, player: player.slice(0, 100), updated_at: nowIso() });
      return;
    }
    for (const [i, id] of ids.entries()) {
      const time = times[i];
      const playedAt = time !== undefined && Math.abs(time - Date.now()) > 60_000 ? new Date(time).toISOString() : undefined;
      await this.deps.engagement.recordListen({ userId: user.id, anonymousKey: user.id }, id, playedAt ? { playedAt } : {}).catch(rethrowAs70('Song'));
      await this.deps.engagement.recordHistory(user.id, id).catch(rethrowAs70('Song'));
    }
  }

  /**
   * getNowPlaying: what listeners play now, from the database (so every instance answers alike):
   * the track a Subsonic app announced (scrobble, submission=false) and the current track of each
   * play queue saved lately (the web player saves every 10 s while playing), each while within
   * its track's remaining length plus a minute. Only this user's own plays (their other apps and
   * devices): what someone listens to is theirs, as their history is, on a public service where
   * every account is a stranger to the others (Navidrome, for a household, shows everyone's).
   */
  async nowPlaying(user: SubsonicUser): Promise<SubsonicObject[]> {
    const now = Date.now();
    const plays = await this.deps.repository.recentPlays(user.id, new Date(now - NOW_PLAYING_LOOKBACK_MS).toISOString(), 100);
    const rows = new Map((await this.deps.tracks.getMany([...new Set(plays.map((p) => p.trackId))])).map((r) => [r.id, r]));
    const liked = await this.likedMap(user);
    const seen = new Set<string>();
    const entries: SubsonicObject[] = [];
    for (const play of plays) {
      const row = rows.get(play.trackId);
      const at = Date.parse(play.updatedAt);
      const remainingMs = Math.max(0, (row?.duration ?? 0) * 1000 - play.positionMs);
      if (!row || !canSeeTrack(row, user) || now > at + remainingMs + NOW_PLAYING_GRACE_MS || seen.has(`${play.userId} ${row.id}`)) continue;
      seen.add(`${play.userId} ${row.id}`);
      entries.push({
        ...songOf(row, liked.get(row.id)),
        username: play.userId === user.id ? user.username : play.displayName,
        minutesAgo: Math.max(0, Math.floor((now - at) / 60_000)),
        playerId: playerIdOf(play.userId, play.player),
        playerName: play.player,
      });
    }
    return entries;
  }

  // --- Playlists --------------------------------------------------------------------------------

  private playlistOf(row: PlaylistRow, user: SubsonicUser): SubsonicObject {
    return {
      id: row.id,
      name: row.name,
      owner: row.user_id === user.id ? user.username : row.owner_name,
      public: row.is_public === 1,
      songCount: row.track_count,
      duration: Math.round(Number(row.duration_seconds)),
      created: row.created_at,
      changed: row.updated_at,
    };
  }
  async playlists(user: SubsonicUser): Promise<SubsonicObject[]> {
    // Mine, then those I collaborate on (issue 14).
    const [owned, joined] = await Promise.all([this.deps.playlistRows.listByOwner(user.id), this.deps.playlistRows.listCollaborating(user.id)]);
    return [...owned, ...joined].map((row) => this.playlistOf(row, user));
  }

  async playlist(user: SubsonicUser, id: string): Promise<SubsonicObject> {
    const detail = await this.deps.playlists.get(user.id, id).catch(rethrowAs70('Playlist'));
    const row = await this.deps.playlistRows.getById(id);
    if (!row) throw notFound('Playlist');
    const ids = detail.entries.map((e) => e.track.id);
    const rows = new Map((await this.deps.tracks.getManyVisible(ids)).map((r) => [r.id, r]));
    const liked = await this.likedMap(user);
    return { ...this.playlistOf(row, user), entry: ids.flatMap((tid) => (rows.has(tid) ? [songOf(rows.get(tid) as TrackWithArtist, liked.get(tid))] : [])) };
  }

  /** createPlaylist: a new playlist with these songs, or (with playlistId) the playlist's songs replaced by these. */
  async createPlaylist(user: SubsonicUser, input: { playlistId?: string; name?: string; songIds: string[] }): Promise<SubsonicObject> {
    let id = input.playlistId;
    if (id === undefined) {
      if (input.name === undefined) throw new SubsonicError(10, 'Required parameter is missing: name (or playlistId).');
      id = (await this.deps.playlists.create(user.id, { name: input.name })).id;
    } else {
      const detail = await this.deps.playlists.get(user.id, id).catch(rethrowAs70('Playlist'));
      if (detail.ownerId !== user.id) throw new SubsonicError(50, 'Only the owner of this playlist can change it.');
      if (input.name !== undefined) await this.deps.playlists.update(user.id, id, { name: input.name });
      for (const entry of detail.entries) await this.deps.playlists.removeEntry(user.id, id, entry.entryId, ONE_PAGE);
    }
    for (const songId of input.songIds) await this.deps.playlists.addTrack(user.id, id, { trackId: songId }, ONE_PAGE).catch(rethrowAs70('Song'));
    return this.playlist(user, id);
  }

  async updatePlaylist(user: SubsonicUser, id: string, input: { name?: string; public?: boolean; add: string[]; removeIndexes: number[] }): Promise<void> {
    const detail = await this.deps.playlists.get(user.id, id).catch(rethrowAs70('Playlist'));
    // A collaborator (issue 14) adds and removes songs; the name and visibility stay the owner's.
    const mayEdit = detail.ownerId === user.id || (detail.role === 'collaborator' && input.name === undefined && input.public === undefined);
    if (!mayEdit) throw new SubsonicError(50, 'Only the owner of this playlist can change it.');
    if (input.name !== undefined || input.public !== undefined) {
      await this.deps.playlists.update(user.id, id, { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.public !== undefined ? { isPublic: input.public } : {}) });
    }
    // Indexes are places in the list the client was shown (visible entries, in order).
    const remove = [...new Set(input.removeIndexes)].flatMap((i) => detail.entries[i]?.entryId ?? []);
    for (const entryId of remove) await this.deps.playlists.removeEntry(user.id, id, entryId, ONE_PAGE);
    for (const songId of input.add) await this.deps.playlists.addTrack(user.id, id, { trackId: songId }, ONE_PAGE).catch(rethrowAs70('Song'));
  }

  async deletePlaylist(user: SubsonicUser, id: string): Promise<void> {
    await this.deps.playlists.delete(user.id, id).catch(rethrowAs70('Playlist'));
  }

  // --- Play queue, lyrics, user -----------------------------------------------------------------

  /** The saved queue, or (none saved) an empty one changed at the epoch: OpenSubsonic's schema requires playQueue with username, changed and changedBy. */
  async playQueue(user: SubsonicUser): Promise<SubsonicObject> {
    const queue = await this.deps.playQueue.get(user.id);
    if (!queue) return { username: user.username, changed: new Date(0).toISOString(), changedBy: '', entry: [] };
    const liked = await this.likedMap(user);
    return {
      current: queue.currentId ?? undefined,
      position: queue.positionMs,
      username: user.username,
      changed: queue.updatedAt,
      changedBy: queue.changedBy,
      entry: queue.tracks.map((t) => songOf(t, liked.get(t.id))),
    };
  }

  async savePlayQueue(user: SubsonicUser, input: { ids: string[]; current?: string; position?: number; changedBy: string }): Promise<void> {
    await this.deps.playQueue.save(user.id, { trackIds: input.ids, currentId: input.current, positionMs: input.position, changedBy: input.changedBy });
  }

  /** getLyricsBySongId: the track's lyrics as OpenSubsonic structuredLyrics (none yet: see LyricsSource). */
  async lyricsBySongId(user: SubsonicUser, id: string): Promise<SubsonicObject[]> {
    const row = await this.track(user, id);
    const lyrics = (await this.deps.lyricsFor?.(row.id)) ?? null;
    if (!lyrics) return [];
    return [{ displayArtist: row.artist_name, displayTitle: row.title, lang: lyrics.lang, synced: lyrics.synced, line: lyrics.lines.map((l) => ({ start: l.start, value: l.value })) }];
  }

  /** getLyrics (artist + title): the first visible match's plain lyrics, or an empty answer. */
  async lyrics(user: SubsonicUser, artist: string | undefined, title: string | undefined): Promise<SubsonicObject> {
    if (!title) return {};
    const found = await this.deps.tracks.search({ search: title.toLowerCase() }, 0, 20);
    const row = found.rows.find((r) => r.title.toLowerCase() === title.toLowerCase() && (!artist || r.artist_name.toLowerCase() === artist.toLowerCase()));
    const lyrics = row ? ((await this.deps.lyricsFor?.(row.id)) ?? null) : null;
    if (!row || !lyrics) return {};
    return { artist: row.artist_name, title: row.title, value: lyrics.lines.map((l) => l.value).join('\n') };
  }

  async user(user: SubsonicUser, username: string): Promise<SubsonicObject> {
    if (username.toLowerCase() !== user.username.toLowerCase() && !user.isAdmin) throw new SubsonicError(50, 'You can only look up your own user.');
    const found = username.toLowerCase() === user.username.toLowerCase() ? { email: user.username, admin: user.isAdmin } : undefined;
    if (!found) throw notFound('User');
    return {
      username: found.email,
      email: found.email,
      scrobblingEnabled: true,
      adminRole: found.admin,
      settingsRole: false,
      downloadRole: true,
      uploadRole: false,
      playlistRole: true,
      coverArtRole: false,
      commentRole: false,
      podcastRole: false,
      streamRole: true,
      jukeboxRole: false,
      shareRole: false,
      videoConversionRole: false,
      folder: [1],
    };
  }

  /** Cover art: the image key behind a cover id, if the user may see it; with `size`, that of a copy no larger (never enlarged). */
  async coverKey(user: SubsonicUser, id: string, size?: number): Promise<string> {
    const key = await this.storedCoverKey(user, id);
    return size === undefined ? key : this.deps.images.thumbnail(key, size);
  }

  private async storedCoverKey(user: SubsonicUser, id: string): Promise<string> {
    let key: string | null | undefined;
    if (id.startsWith(COVER.track)) {
      const row = await this.track(user, id.slice(COVER.track.length)).catch(() => undefined);
      key = row ? (row.image_key ?? row.release_image_key) : undefined;
    } else if (id.startsWith(COVER.release)) {
      const [row] = await this.deps.repository.releasesByIds([id.slice(COVER.release.length)]);
      key = row?.image_key;
    } else if (id.startsWith(COVER.artist)) {
      const profile = await this.deps.profiles.getById(id.slice(COVER.artist.length));
      key = profile?.photo_url ? keyOfMediaUrl(profile.photo_url) : undefined;
    } else {
      // A client may ask by a song, album or artist id.
      const row = await this.deps.tracks.getById(id);
      if (row && canSeeTrack(row, user)) key = row.image_key ?? row.release_image_key;
    }
    if (!key) throw notFound('Cover art');
    return key;
  }

  private async likedMap(user: SubsonicUser): Promise<Map<string, string>> {
    // The liked ids, most recent first; Platter does not keep when each was liked in this list, so "starred" is the request time.
    const ids = (await this.deps.engagement.likedIds(user.id)).ids;
    const at = new Date().toISOString();
    return new Map(ids.map((id) => [id, at]));
  }

  private async likedAt(user: SubsonicUser, trackId: string): Promise<string | undefined> {
    return (await this.likedMap(user)).get(trackId);
  }
}

const ONE_PAGE = { page: 1, pageSize: 1 };

/** How far back getNowPlaying looks, and how long past a track's end a play still shows. */
export const NOW_PLAYING_LOOKBACK_MS = 60 * 60_000;
const NOW_PLAYING_GRACE_MS = 60_000;

/** A player's id, a whole number (OpenSubsonic's playerId), stable for one listener's app. */
function playerIdOf(userId: string, player: string): number {
  return createHash('sha256').update(`${userId}\n${player}`).digest().readUInt32BE(0) >>> 1;
}

/** A photo URL `/media/<key>` back to its storage key (profiles keep URLs). */
function keyOfMediaUrl(url: string): string | undefined {
  const match = /^\/media\/(.+)$/.exec(url);
  if (!match?.[1]) return undefined;
  try {
    return match[1].split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

/** A service's NotFoundError as Subsonic's code 70 (other errors pass on to the route's mapping). */
function rethrowAs70(what: string) {
  return (error: unknown): never => {
    if (error instanceof NotFoundError) throw new SubsonicError(70, error.message || `${what} not found.`);
    throw error;
  };
}
