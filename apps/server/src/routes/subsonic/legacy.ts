import { SubsonicError } from '../../services/subsonic-credential.service.js';
import type { Handler, Handlers } from './params.js';
import type { SubsonicObject } from './response.js';

/**
 * The older, folder-shaped methods (before ID3 browsing) that DSub, Tempo and Feishin still call:
 * getMusicDirectory, getAlbumList, search2, getStarred, getSimilarSongs. Each is its ID3 method's
 * answer reshaped (an album as a directory Child, an artist as Artist), so both agree on what a
 * listener may see. A directory is an artist (its albums) or an album (its songs); getIndexes
 * lists the artists whose ids open here.
 */
export function legacyHandlers(id3: Handlers): Handlers {
  const call = async <T>(name: string, ...args: Parameters<Handler>): Promise<T> => {
    const handler = id3[name];
    if (!handler) throw new SubsonicError(0, `The method ${name} is missing.`);
    return (await handler(...args)) as T;
  };
  return {
    getMusicDirectory: async (...args) => {
      const id = args[1].required('id');
      const artist = await call<{ artist: SubsonicObject }>('getArtist', ...args).catch((error: unknown) => {
        if (error instanceof SubsonicError && error.code === 70) return undefined;
        throw error;
      });
      if (artist) {
        const { album, name, starred } = artist.artist;
        return { directory: { id, name, starred, child: ((album ?? []) as SubsonicObject[]).map(albumDirectory) } };
      }
      const { album } = await call<{ album: SubsonicObject }>('getAlbum', ...args);
      return { directory: { id, parent: album.artistId, name: album.name, starred: album.starred, playCount: album.playCount, child: album.song } };
    },
    getAlbumList: async (...args) => {
      const { albumList2 } = await call<{ albumList2: { album: SubsonicObject[] } }>('getAlbumList2', ...args);
      return { albumList: { album: albumList2.album.map(albumDirectory) } };
    },
    search2: async (...args) => {
      const { searchResult3 } = await call<{ searchResult3: { artist: SubsonicObject[]; album: SubsonicObject[]; song: SubsonicObject[] } }>('search3', ...args);
      return { searchResult2: { artist: searchResult3.artist.map(artistOf), album: searchResult3.album.map(albumDirectory), song: searchResult3.song } };
    },
    getStarred: async (...args) => {
      const { starred2 } = await call<{ starred2: { artist: SubsonicObject[]; album: SubsonicObject[]; song: SubsonicObject[] } }>('getStarred2', ...args);
      return { starred: { artist: starred2.artist.map(artistOf), album: starred2.album.map(albumDirectory), song: starred2.song } };
    },
    getSimilarSongs: async (...args) => {
      const { similarSongs2 } = await call<{ similarSongs2: { song: SubsonicObject[] } }>('getSimilarSongs2', ...args);
      return { similarSongs: { song: similarSongs2.song } };
    },
  };
}

/** An ID3 album (AlbumID3) as the directory Child the folder-shaped methods list. */
function albumDirectory(album: SubsonicObject): SubsonicObject {
  return {
    id: album.id,
    parent: album.artistId,
    isDir: true,
    title: album.name,
    album: album.name,
    artist: album.artist,
    year: album.year,
    genre: album.genre,
    coverArt: album.coverArt,
    duration: album.duration,
    playCount: album.playCount,
    created: album.created,
    starred: album.starred,
    artistId: album.artistId,
  };
}

/** An ArtistID3 as the older Artist (no album count or cover). */
function artistOf(artist: SubsonicObject): SubsonicObject {
  return { id: artist.id, name: artist.name, starred: artist.starred };
}
