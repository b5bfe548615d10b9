import { GENRES } from '@platter/shared';
import type { FastifyRequest } from 'fastify';
import { canSeeTrack } from '../../lib/actor.js';
import type { AlbumOrder, SyncKey } from '../../repositories/subsonic.repository.js';
import type { TrackWithArtist } from '../../repositories/track-query.js';
import { orderByIds } from '../../services/engagement.service.js';
import { mediaUrl } from '../../services/track.mapper.js';
import { SubsonicError, type SubsonicUser } from '../../services/subsonic-credential.service.js';
import { COVER, MAX_LIST, SINGLE_PREFIX, type SubsonicDeps, type SubsonicLibrary, albumIdOf, notFound, releaseAlbum, rethrowAs70, singleAlbum, songOf } from './library.js';
import type { Handlers } from './params.js';
import type { SubsonicObject } from './response.js';
import { SyncCursors } from './sync-cursors.js';

/**
 * The offsets of the catalogue-wide lists (getAlbumList2 by name, artist, year; search3 with an
 * empty query): any depth. A page continuing a walk (its offset where the previous page ended) is
 * a keyset seek costing its size (sync-cursors.ts); any other offset walks the list's index up to
 * it, at most the whole list once. The bound only keeps the number a plain integer.
 */
export const SYNC_MAX_OFFSET = 1_000_000_000;
/** getAlbumList2's lists folded from a walk of tracks (newest, frequent, highest, random, by genre) and search3 with a query reach 10,000 deep. */
const WALKED_LIST_MAX_OFFSET = 10_000;

/** How many artists getArtists / getIndexes list at most (by name). */
export const ARTISTS_LIMIT = 10_000;

/** Browsing, album and song lists, and search3: artists, albums (releases and singles), songs, genres. */
export class SubsonicBrowsing {
  private readonly cursors: SyncCursors;

  constructor(
    private readonly deps: Pick<SubsonicDeps, 'repository' | 'tracks' | 'releases' | 'profiles' | 'trackCatalogue' | 'engagement' | 'releaseService' | 'artists' | 'shared'>,
    private readonly library: SubsonicLibrary,
  ) {
    this.cursors = new SyncCursors(deps.shared);
  }

  async song(user: SubsonicUser, id: string): Promise<SubsonicObject> {
    const row = await this.library.track(user, id);
    return songOf(row, await this.library.likedAt(user, row.id));
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
    const liked = await this.library.likedMap(user);
    if (id.startsWith(SINGLE_PREFIX)) {
      const row = await this.library.track(user, id.slice(SINGLE_PREFIX.length)).catch(() => undefined);
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

  /**
   * getAlbumInfo2 (and getAlbumInfo): what Platter knows of an album, for the caller who may see
   * it: a release's description as `notes` with a link to its page on Platter, and its cover as
   * the image URLs (one size: the stored image; /media serves it as it serves the web app's).
   * A track's own single has its cover and link. URLs are absolute, at `origin`.
   */
  async albumInfo(user: SubsonicUser, id: string, origin: string): Promise<SubsonicObject> {
    let notes: string | undefined;
    let image: string | null | undefined;
    let page: string;
    if (id.startsWith(SINGLE_PREFIX)) {
      const row = await this.library.track(user, id.slice(SINGLE_PREFIX.length)).catch(() => undefined);
      if (!row || row.release_id !== null) throw notFound('Album');
      image = row.image_key ? mediaUrl(row.image_key) : undefined;
      page = `${origin}/track/${encodeURIComponent(row.id)}`;
    } else {
      const detail = id.length <= 100 ? await this.deps.releaseService.get(id, user).catch(rethrowAs70('Album')) : undefined;
      if (!detail) throw notFound('Album');
      notes = detail.description.trim() || undefined;
      image = detail.image;
      page = `${origin}/release/${encodeURIComponent(detail.id)}`;
    }
    const imageUrl = image ? `${origin}${image}` : undefined;
    return { notes: notes ? `${notes}\n\n${page}` : page, smallImageUrl: imageUrl, mediumImageUrl: imageUrl, largeImageUrl: imageUrl };
  }

  /** getAlbumList2: albums (releases and singles) in the order the type asks for, one page. */
  async albumList(user: SubsonicUser, type: string, size: number, offset: number, extra: { genre?: string; fromYear?: number; toYear?: number }): Promise<SubsonicObject[]> {
    const want = offset + size;
    const walked = type !== 'alphabeticalByName' && type !== 'alphabeticalByArtist' && type !== 'byYear';
    if (walked && offset > WALKED_LIST_MAX_OFFSET) throw new SubsonicError(0, `Parameter offset must be at most ${WALKED_LIST_MAX_OFFSET} with type=${type}.`);
    let trackIds: string[];
    switch (type) {
      case 'alphabeticalByName':
        return this.albumPage(user, 'getAlbumList2', { by: 'name' }, size, offset);
      case 'alphabeticalByArtist':
        return this.albumPage(user, 'getAlbumList2', { by: 'artist' }, size, offset);
      case 'byYear': {
        if (extra.fromYear === undefined || extra.toYear === undefined) throw new SubsonicError(10, 'Required parameters are missing: fromYear and toYear (with type=byYear).');
        // fromYear > toYear: the same years, newest first (as the API defines).
        const [fromYear, toYear] = extra.fromYear <= extra.toYear ? [extra.fromYear, extra.toYear] : [extra.toYear, extra.fromYear];
        return this.albumPage(user, 'getAlbumList2', { by: 'year', fromYear, toYear, descending: extra.fromYear > extra.toYear }, size, offset);
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
    const likedTracks = await this.library.likedMap(user);
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

  /**
   * One page of a catalogue-wide album order (SubsonicRepository.albumPage: releases and singles
   * merged along their indexes), continuing the caller's walk by keyset where it reached `offset`.
   */
  private async albumPage(user: SubsonicUser, method: string, order: AlbumOrder, size: number, offset: number): Promise<SubsonicObject[]> {
    const list = `${method}:${JSON.stringify(order)}`;
    const page = await this.cursors.page(user.id, list, size, offset, (after: SyncKey | undefined) => this.deps.repository.albumPage(order, size, offset, after));
    const releaseIds = page.flatMap((a) => (a.kind === 'release' ? [a.id] : []));
    const trackIds = page.flatMap((a) => (a.kind === 'single' ? [a.id] : []));
    const releases = new Map((await this.deps.repository.releasesByIds(releaseIds)).map((r) => [r.id, r]));
    const singles = new Map((await this.deps.tracks.getManyVisible(trackIds)).map((t) => [t.id, t]));
    const likedReleases = new Set(releaseIds.length > 0 ? await this.deps.repository.likedReleaseIds(user.id, 1000) : []);
    const likedTracks = trackIds.length > 0 ? await this.library.likedMap(user) : new Map<string, string>();
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

  /**
   * Random songs; with fromYear / toYear (Feishin, Aonsoku, Tempo send them) only songs of those
   * years (a song's year as songOf gives it), picked from four times as many random ones, so a
   * narrow range may answer fewer than `size`.
   */
  async randomSongs(user: SubsonicUser, size: number, genre?: string, years: { fromYear?: number; toYear?: number } = {}): Promise<SubsonicObject[]> {
    if (years.fromYear === undefined && years.toYear === undefined) return this.library.songs(user, await this.deps.repository.randomTrackIds(size, genre));
    const from = years.fromYear ?? 0;
    const to = years.toYear ?? 9999;
    const songs = await this.library.songs(user, await this.deps.repository.randomTrackIds(size * 4, genre));
    return songs.filter((s) => typeof s.year === 'number' && s.year >= Math.min(from, to) && s.year <= Math.max(from, to)).slice(0, size);
  }

  async songsByGenre(user: SubsonicUser, genre: string, count: number, offset: number): Promise<SubsonicObject[]> {
    if (!(GENRES as readonly string[]).includes(genre)) return [];
    return this.library.songs(user, await this.deps.repository.trackIds('newest', { genre, limit: count, offset }));
  }

  async topSongs(user: SubsonicUser, artistName: string, count: number): Promise<SubsonicObject[]> {
    const artist = await this.deps.repository.artistByName(artistName);
    if (!artist) return [];
    const rows = (await this.deps.tracks.topByLikesOfArtist(artist.id, count * 2)).filter((t) => t.hidden === 0).slice(0, count);
    const liked = await this.library.likedMap(user);
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
    return this.library.songs(user, ids);
  }

  /** search3: an empty query lists everything, page by page (how clients such as Symfonium sync). */
  async search(user: SubsonicUser, query: string, counts: { artist: [number, number]; album: [number, number]; song: [number, number] }): Promise<SubsonicObject> {
    const text = query.replace(/^"|"$/g, '').trim().toLowerCase();
    const liked = await this.library.likedMap(user);
    let artists: SubsonicObject[];
    let albums: SubsonicObject[];
    let songs: TrackWithArtist[];
    if (text === '') {
      // The whole catalogue, each list in a total order paged by keyset as clients walk it
      // (sync-cursors.ts): artists by name, albums by name (releases and singles), songs newest first.
      const [artistCount, artistOffset] = counts.artist;
      const [albumCount, albumOffset] = counts.album;
      const [songCount, songOffset] = counts.song;
      const profiles =
        artistCount > 0
          ? await this.cursors.page(user.id, 'search3:artist', artistCount, artistOffset, async (after) =>
              (await this.deps.repository.artists(artistCount, artistOffset, after)).map((p) => ({ ...p, key: [p.display_name, p.id] })),
            )
          : [];
      artists = profiles.map((p) => ({ id: p.id, name: p.display_name, albumCount: p.tracks_count }));
      albums = albumCount > 0 ? await this.albumPage(user, 'search3', { by: 'name' }, albumCount, albumOffset) : [];
      const newest = songCount > 0 ? await this.cursors.page(user.id, 'search3:song', songCount, songOffset, (after) => this.deps.repository.newestTracks(songCount, songOffset, after)) : [];
      songs = orderByIds(...(await this.idsAndRows(newest.map((t) => t.id))));
    } else {
      const deepest = Math.max(counts.artist[1], counts.album[1], counts.song[1]);
      if (deepest > WALKED_LIST_MAX_OFFSET) throw new SubsonicError(0, `With a query, search3's offsets must be at most ${WALKED_LIST_MAX_OFFSET} (an empty query pages through everything at any offset).`);
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
}

export function browsingHandlers(browsing: SubsonicBrowsing): Handlers {
  return {
    getIndexes: async () => ({ indexes: { lastModified: Date.now(), ignoredArticles: '', index: await browsing.artists(false) } }),
    getArtists: async () => ({ artists: { ignoredArticles: '', index: await browsing.artists() } }),
    getArtist: async (user, p) => ({ artist: await browsing.artist(user, p.required('id')) }),
    getArtistInfo2: async (user, p) => ({ artistInfo2: await browsing.artistInfo(user, p.required('id')) }),
    getArtistInfo: async (user, p) => ({ artistInfo: await browsing.artistInfo(user, p.required('id')) }),
    getAlbum: async (user, p) => ({ album: await browsing.album(user, p.required('id')) }),
    getAlbumInfo2: async (user, p, request) => ({ albumInfo: await browsing.albumInfo(user, p.required('id'), originOf(request)) }),
    getAlbumInfo: async (user, p, request) => ({ albumInfo: await browsing.albumInfo(user, p.required('id'), originOf(request)) }),
    getAlbumList2: async (user, p) => ({
      albumList2: {
        album: await browsing.albumList(user, p.required('type'), p.int('size', 10, 1, 500), p.int('offset', 0, 0, SYNC_MAX_OFFSET), {
          genre: p.get('genre'),
          fromYear: p.optionalInt('fromYear', 0, 9999),
          toYear: p.optionalInt('toYear', 0, 9999),
        }),
      },
    }),
    getSong: async (user, p) => ({ song: await browsing.song(user, p.required('id')) }),
    getRandomSongs: async (user, p) => ({
      randomSongs: { song: await browsing.randomSongs(user, p.int('size', 10, 1, 500), p.get('genre'), { fromYear: p.optionalInt('fromYear', 0, 9999), toYear: p.optionalInt('toYear', 0, 9999) }) },
    }),
    getSongsByGenre: async (user, p) => ({ songsByGenre: { song: await browsing.songsByGenre(user, p.required('genre'), p.int('count', 10, 1, 500), p.int('offset', 0, 0, 10_000)) } }),
    getGenres: async () => ({ genres: { genre: await browsing.genres() } }),
    search3: async (user, p) => ({
      searchResult3: await browsing.search(user, p.get('query') ?? '', {
        artist: [p.int('artistCount', 20, 0, 500), p.int('artistOffset', 0, 0, SYNC_MAX_OFFSET)],
        album: [p.int('albumCount', 20, 0, 500), p.int('albumOffset', 0, 0, SYNC_MAX_OFFSET)],
        song: [p.int('songCount', 20, 0, 500), p.int('songOffset', 0, 0, SYNC_MAX_OFFSET)],
      }),
    }),
    getTopSongs: async (user, p) => ({ topSongs: { song: await browsing.topSongs(user, p.required('artist'), p.int('count', 50, 1, 500)) } }),
    getSimilarSongs2: async (user, p) => ({ similarSongs2: { song: await browsing.similarSongs(user, p.required('id'), p.int('count', 50, 1, 500)) } }),
  };
}

/** The origin the client reached Platter at (behind a trusted proxy, as it forwards it), for absolute URLs. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
