import { SubsonicError, type SubsonicUser } from '../../services/subsonic-credential.service.js';
import type { PlaylistRow } from '../../repositories/playlist.repository.js';
import type { TrackWithArtist } from '../../repositories/track-query.js';
import { type SubsonicDeps, type SubsonicLibrary, notFound, rethrowAs70, songOf } from './library.js';
import type { Handlers } from './params.js';
import type { SubsonicObject } from './response.js';

/** A playlist change answers with nothing of the playlist (the Subsonic answer is read after). */
const ONE_PAGE = { page: 1, pageSize: 1 };

/** Playlists: Platter's own, and those the user collaborates on. */
export class SubsonicPlaylists {
  constructor(
    private readonly deps: Pick<SubsonicDeps, 'tracks' | 'playlistRows' | 'playlists'>,
    private readonly library: SubsonicLibrary,
  ) {}

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
    // Mine, then those I collaborate on.
    const [owned, joined] = await Promise.all([this.deps.playlistRows.listByOwner(user.id), this.deps.playlistRows.listCollaborating(user.id)]);
    return [...owned, ...joined].map((row) => this.playlistOf(row, user));
  }

  async playlist(user: SubsonicUser, id: string): Promise<SubsonicObject> {
    const detail = await this.deps.playlists.get(user.id, id).catch(rethrowAs70('Playlist'));
    const row = await this.deps.playlistRows.getById(id);
    if (!row) throw notFound('Playlist');
    const ids = detail.entries.map((e) => e.track.id);
    const rows = new Map((await this.deps.tracks.getManyVisible(ids)).map((r) => [r.id, r]));
    const liked = await this.library.likedMap(user);
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
    // A collaborator adds and removes songs; the name and visibility stay the owner's.
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
}

export function playlistHandlers(playlists: SubsonicPlaylists): Handlers {
  return {
    getPlaylists: async (user, p) => {
      const username = p.get('username');
      if (username !== undefined && username.toLowerCase() !== user.username.toLowerCase()) throw new SubsonicError(50, 'You can only list your own playlists.');
      return { playlists: { playlist: await playlists.playlists(user) } };
    },
    getPlaylist: async (user, p) => ({ playlist: await playlists.playlist(user, p.required('id')) }),
    createPlaylist: async (user, p) => ({ playlist: await playlists.createPlaylist(user, { playlistId: p.get('playlistId'), name: p.get('name'), songIds: p.all('songId') }) }),
    updatePlaylist: async (user, p) => {
      const removeIndexes = p.all('songIndexToRemove').map((text) => {
        const value = Number(text);
        if (!Number.isInteger(value) || value < 0 || value > 1_000_000) throw new SubsonicError(0, 'Parameter songIndexToRemove must be a whole number, 0 or more.');
        return value;
      });
      await playlists.updatePlaylist(user, p.required('playlistId'), { name: p.get('name'), public: p.bool('public'), add: p.all('songIdToAdd'), removeIndexes });
      return {};
    },
    deletePlaylist: async (user, p) => {
      await playlists.deletePlaylist(user, p.required('id'));
      return {};
    },
  };
}
