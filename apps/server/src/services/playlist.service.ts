import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Playlist, PlaylistActivity, PlaylistDetail, PlaylistEntry, PlaylistPageQuery } from '@platter/shared';
import {
  addPlaylistTrackSchema,
  createPlaylistSchema,
  joinPlaylistSchema,
  movePlaylistEntrySchema,
  playlistActivityQuerySchema,
  playlistPageQuerySchema,
  reorderPlaylistSchema,
  updatePlaylistSchema,
} from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import { COVER_PLACES, type EntryRow, type PlaylistRepository, type PlaylistRow } from '../repositories/playlist.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { ImageService } from './image.service.js';
import { mediaUrl, toTrack } from './track.mapper.js';

export interface PlaylistServiceDeps {
  db: Kysely<Database>;
  playlists: PlaylistRepository;
  tracks: Pick<TrackRowsRepository, 'getById' | 'getManyVisible'>;
  images: ImageService;
  events: EventBus;
  /** Entries a slice of a whole playlist holds (the engine's DialectSettings.playlistEntrySlice). */
  entrySlice: number;
}

const MOSAIC_COVERS = 4;
/**
 * A whole playlist whose entries are read as they are sent: `head` is the detail with no entries,
 * `slices` its visible entries in play order, each slice read when it is asked for.
 */
export interface PlaylistInSlices {
  head: PlaylistDetail;
  slices: AsyncIterable<PlaylistEntry[]>;
}
/** Activity items on one page of a playlist's activity. */
export const ACTIVITY_PAGE_SIZE = 20;

type Role = 'owner' | 'collaborator';
/** The viewer's part in a playlist, and whether it has collaborators at all. */
type Membership = { role: Role | null; collaborative: boolean };

let lastActivity = 0;
/**
 * Activity ids grow with time within a process (milliseconds in base 36, never repeated, then a
 * random part), so two changes made in the same millisecond still list in the order they were made.
 */
function activityId(): string {
  lastActivity = Math.max(Date.now(), lastActivity + 1);
  return `${lastActivity.toString(36).padStart(10, '0')}-${newId()}`;
}

/** Invite tokens are compared as SHA-256 digests: equal lengths for timingSafeEqual, whatever was sent. */
function sameToken(stored: string | null, given: string | undefined): boolean {
  if (!stored || !given) return false;
  const digest = (token: string) => createHash('sha256').update(token).digest();
  return timingSafeEqual(digest(stored), digest(given));
}

function toPlaylist(row: PlaylistRow, covers: string[], membership?: Membership): Playlist {
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
    ...(membership ? { collaborative: membership.collaborative, role: membership.role } : {}),
  };
}

/** A private playlist of someone else is "not found", so its existence does not leak. */
const notFound = () => new NotFoundError('This playlist does not exist, or it is private.', 'playlist_not_found');

const inviteNotFound = () => new NotFoundError('This invite link does not work (any more): ask the owner for a new one.', 'invite_not_found');
const ownerOnly = () => new ForbiddenError('Only the owner of this playlist can do this.', 'owner_only');

/**
 * Playlists belong to their owner. The owner may invite collaborators with a link:
 * collaborators add, remove and move entries (each change attributed and logged) and read the
 * playlist even when it is private; only the owner renames it, changes its visibility or cover,
 * deletes it, manages the link or removes others. Anyone may read a public playlist, and nobody
 * else learns a private one exists.
 */
export class PlaylistService {
  constructor(private readonly deps: PlaylistServiceDeps) {}

  /** My own playlists, then those I collaborate on (marked by `role`). */
  async listMine(userId: string): Promise<{ items: Playlist[] }> {
    const [owned, joined] = await Promise.all([this.deps.playlists.listByOwner(userId), this.deps.playlists.listCollaborating(userId)]);
    return { items: await this.withCovers([...owned, ...joined], userId) };
  }

  async create(userId: string, input: unknown): Promise<Playlist> {
    const { name } = createPlaylistSchema.parse(input);
    const id = newId();
    await this.deps.playlists.create({ id, userId, name, at: nowIso() });
    this.deps.events.emit('playlists.changed', { userId, playlistId: id });
    const [playlist] = await this.withCovers([await this.owned(userId, id)], userId);
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
    const row = await this.owned(userId, id);
    await this.changed(row);
    const [playlist] = await this.withCovers([row], userId);
    return playlist as Playlist;
  }

  async delete(userId: string, id: string): Promise<void> {
    const row = await this.owned(userId, id);
    // The members are read before the rows that name them go.
    const members = await this.memberIds(row);
    await this.deps.playlists.delete(id);
    await this.deps.images.discard(row.image_key);
    this.announce(row, members);
  }

  /** Gives the playlist its own cover (checked, resized to 600×600 WebP); the replaced file goes after the row points at the new one. */
  async setCover(userId: string, id: string, bytes: Uint8Array, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const row = await this.owned(userId, id);
    const key = await this.deps.images.store(userId, bytes, 'track');
    await this.deps.playlists.setImage(id, key, nowIso());
    await this.deps.images.discard(row.image_key);
    await this.changed(row);
    return this.get(userId, id, query);
  }

  /** Removes the playlist's own cover: it shows the mosaic of its tracks' covers again. */
  async removeCover(userId: string, id: string, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const row = await this.owned(userId, id);
    if (row.image_key) {
      await this.deps.playlists.setImage(id, null, nowIso());
      await this.deps.images.discard(row.image_key);
      await this.changed(row);
    }
    return this.get(userId, id, query);
  }

  /**
   * The playlist with its tracks (all of them, or the page `query` asks for), for its owner and
   * collaborators, for anyone holding its invite link, or for anyone when it is public.
   */
  async get(viewerId: string | undefined, id: string, query: PlaylistPageQuery & { invite?: string } = {}): Promise<PlaylistDetail> {
    const { invite, ...page } = query;
    const row = await this.readable(viewerId, id, invite);
    return this.detail(row, page, viewerId);
  }

  /**
   * The whole playlist, as `get` answers it without a page, for the same readers, with its entries
   * read a slice (`entrySlice`) at a time as they are sent (a playlist of 5,000 tracks took ~200 ms
   * of the event loop in one piece). The order is read once, in one query, so an edit made while
   * the slices are read never tears the list (no entry twice or missed); each slice then reads its
   * tracks and who added them. Access is checked and the first slice (the places the covers come
   * from) read before anything is sent, so a missing or private playlist answers as `get` does.
   */
  async getInSlices(viewerId: string | undefined, id: string, invite?: string): Promise<PlaylistInSlices> {
    const row = await this.readable(viewerId, id, invite);
    const { membership, people } = await this.members(row, viewerId);
    const order = await this.deps.playlists.entries(row.id);
    // On SQLite every read so far ran at once: the loop turns before the first slice is read.
    await nextTurn();
    // The covers come from the places before COVER_PLACES (the head is sent before the entries):
    // those entries are the first slice, the only one read before anything is sent.
    const past = order.findIndex((e) => e.position >= COVER_PLACES);
    const firstSize = past < 0 ? order.length : past;
    const first = await this.visibleEntries(order.slice(0, firstSize));
    const covers = first.flatMap((e) => (e.track.image ? [e.track.image] : [])).slice(0, MOSAIC_COVERS);
    const head: PlaylistDetail = { ...toPlaylist(row, [], membership), covers, durationSeconds: row.duration_seconds, entries: [], ...people };
    return { head, slices: this.slices(first, order, firstSize) };
  }

  /**
   * A new invite link for the owner's playlist (`/playlist/:id?invite=<token>`): 24 random bytes,
   * so nobody guesses one; the link it replaces stops working.
   */
  async resetInvite(userId: string, id: string): Promise<{ invite: string }> {
    await this.owned(userId, id);
    const invite = randomBytes(24).toString('base64url');
    await this.deps.playlists.setInvite(id, invite);
    return { invite };
  }

  /** Turns the invite link off: nobody joins any more (collaborators who joined stay). */
  async disableInvite(userId: string, id: string): Promise<void> {
    await this.owned(userId, id);
    await this.deps.playlists.setInvite(id, null);
  }

  /**
   * Joins the playlist as a collaborator with its invite link's token (private or not). A wrong or
   * disabled token is "not found", whatever the playlist. The owner and existing collaborators just
   * get the playlist.
   */
  async join(userId: string, id: string, input: unknown, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { invite } = joinPlaylistSchema.parse(input);
    const row = await this.deps.playlists.getById(id);
    if (!row || !sameToken(row.invite_token, invite)) throw inviteNotFound();
    if (row.user_id !== userId && (await this.deps.playlists.addCollaborator(id, userId, nowIso()))) {
      await this.deps.playlists.addActivity(this.deps.db, { id: activityId(), playlistId: id, userId, kind: 'joined', at: nowIso() });
      this.deps.events.emit('playlists.changed', { userId, playlistId: id });
      await this.changed(row);
    }
    return this.detail(row, query, userId);
  }

  /**
   * Removes a collaborator: the owner removes anyone, a collaborator only themselves (leaving).
   */
  async removeCollaborator(userId: string, id: string, memberId: string): Promise<void> {
    const { row, role } = await this.member(userId, id);
    if (role !== 'owner' && memberId !== userId) throw ownerOnly();
    const members = await this.memberIds(row);
    if (!(await this.deps.playlists.removeCollaborator(id, memberId))) {
      throw new NotFoundError('This person is not a collaborator of this playlist.', 'collaborator_not_found');
    }
    await this.deps.playlists.addActivity(this.deps.db, { id: activityId(), playlistId: id, userId: memberId, kind: 'left', at: nowIso() });
    // The one who left hears it too, so their list drops the playlist.
    this.announce(row, members);
  }

  /** One page of what members did to the playlist, newest first; tracks since hidden are left unnamed. */
  async activity(viewerId: string | undefined, id: string, query: unknown): Promise<{ items: PlaylistActivity[]; hasMore: boolean }> {
    const { page } = playlistActivityQuerySchema.parse(query);
    await this.readable(viewerId, id);
    const rows = await this.deps.playlists.activity(id, (page - 1) * ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE + 1);
    const shown = rows.slice(0, ACTIVITY_PAGE_SIZE);
    const trackIds = shown.flatMap((r) => (r.track_id ? [r.track_id] : []));
    const tracks = new Map((await this.deps.tracks.getManyVisible(trackIds)).map((t) => [t.id, t]));
    return {
      hasMore: rows.length > ACTIVITY_PAGE_SIZE,
      items: shown.map((r) => {
        const track = r.track_id ? tracks.get(r.track_id) : undefined;
        return {
          id: r.id,
          kind: r.kind,
          by: r.user_id && r.user_name !== null ? { id: r.user_id, name: r.user_name } : null,
          track: track ? { id: track.id, title: track.title } : null,
          position: r.position,
          at: r.created_at,
        };
      }),
    };
  }

  async addTrack(userId: string, id: string, input: unknown, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { trackId } = addPlaylistTrackSchema.parse(input);
    const { row } = await this.member(userId, id);
    const track = await this.deps.tracks.getById(trackId);
    if (!track || track.hidden) throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    const at = nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.playlists.addEntry(trx, { id: newId(), playlistId: id, trackId, duration: track.duration, at, addedBy: userId });
      await this.deps.playlists.addActivity(trx, { id: activityId(), playlistId: id, userId, kind: 'added', trackId, at });
    });
    await this.changed(row);
    return this.get(userId, id, query);
  }

  async removeEntry(userId: string, id: string, entryId: string, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { row } = await this.member(userId, id);
    const at = nowIso();
    const removed = await this.deps.db.transaction().execute(async (trx) => {
      const entry = await this.deps.playlists.removeEntry(trx, id, entryId, at);
      if (entry) await this.deps.playlists.addActivity(trx, { id: activityId(), playlistId: id, userId, kind: 'removed', trackId: entry.trackId, at });
      return entry;
    });
    if (!removed) throw new NotFoundError('This track is not in the playlist (any more).', 'entry_not_found');
    await this.changed(row);
    return this.get(userId, id, query);
  }

  async reorder(userId: string, id: string, input: unknown, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { entryIds } = reorderPlaylistSchema.parse(input);
    const { row } = await this.member(userId, id);
    const entries = await this.deps.playlists.entries(id);
    const visibleTracks = new Set((await this.deps.tracks.getManyVisible(entries.map((e) => e.track_id))).map((t) => t.id));
    // The listener orders what they can see; entries of hidden tracks keep their order, at the end.
    const current = entries.filter((e) => visibleTracks.has(e.track_id)).map((e) => e.id);
    const hidden = entries.filter((e) => !visibleTracks.has(e.track_id)).map((e) => e.id);
    const listed = new Set(entryIds);
    const same = entryIds.length === current.length && listed.size === entryIds.length && current.every((e) => listed.has(e));
    if (!same) {
      throw new BadRequestError('entryIds must list every entry of the playlist exactly once; reload the playlist and try again.', 'order_mismatch');
    }
    const at = nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.playlists.reorder(trx, id, [...entryIds, ...hidden], at);
      await this.deps.playlists.addActivity(trx, { id: activityId(), playlistId: id, userId, kind: 'reordered', at });
    });
    await this.changed(row);
    return this.get(userId, id, query);
  }

  /**
   * Moves one entry to a 0-based place (`{ position }`; past the end means last): the entries in
   * between shift by one. Answers the page asked for, or every entry.
   */
  async moveEntry(userId: string, id: string, entryId: string, input: unknown, query: PlaylistPageQuery = {}): Promise<PlaylistDetail> {
    const { position } = movePlaylistEntrySchema.parse(input);
    const { row } = await this.member(userId, id);
    const at = nowIso();
    const moved = await this.deps.db.transaction().execute(async (trx) => {
      const entry = await this.deps.playlists.moveEntry(trx, id, entryId, position, at);
      if (entry) await this.deps.playlists.addActivity(trx, { id: activityId(), playlistId: id, userId, kind: 'moved', trackId: entry.trackId, position: entry.position, at });
      return entry;
    });
    if (moved === null) throw new NotFoundError('This track is not in the playlist (any more).', 'entry_not_found');
    await this.changed(row);
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
        this.deps.playlists.appendEntries(trx, id, tracks.map((t) => ({ id: newId(), trackId: t.id, duration: t.duration })), at, userId),
      );
    } catch (error) {
      // Nothing half-made: the empty playlist goes with the failed append.
      await this.deps.playlists.delete(id);
      throw error;
    }
    this.deps.events.emit('playlists.changed', { userId, playlistId: id });
    const [playlist] = await this.withCovers([await this.owned(userId, id)], userId);
    return playlist as Playlist;
  }

  /**
   * The playlist row when the viewer may read it: its owner and collaborators, anyone holding its
   * invite link's token, or anyone when it is public.
   */
  async readable(viewerId: string | undefined, id: string, invite?: string): Promise<PlaylistRow> {
    const row = await this.deps.playlists.getById(id);
    if (!row) throw notFound();
    if (row.user_id !== viewerId && (await this.deps.playlists.ownerSuspended(row.user_id))) throw notFound();
    if (row.is_public === 1 || row.user_id === viewerId || sameToken(row.invite_token, invite)) return row;
    if (viewerId !== undefined && (await this.deps.playlists.isCollaborator(id, viewerId))) return row;
    throw notFound();
  }

  /** The owner or a collaborator may change its entries; to anyone else a private playlist does not exist. */
  async member(userId: string, id: string): Promise<{ row: PlaylistRow; role: Role }> {
    const row = await this.deps.playlists.getById(id);
    if (!row) throw notFound();
    if (row.user_id === userId) return { row, role: 'owner' };
    if (await this.deps.playlists.isCollaborator(id, userId)) return { row, role: 'collaborator' };
    throw notFound();
  }

  /** The owner only; a collaborator is told it is the owner's to do, anyone else that it is not found. */
  private async owned(userId: string, id: string): Promise<PlaylistRow> {
    const { row, role } = await this.member(userId, id);
    if (role !== 'owner') throw ownerOnly();
    return row;
  }

  /**
   * Entries whose track was removed or hidden are left out. With a page asked for, only the entries
   * at its places are read (one index range); the length is the row's counter and the covers come
   * from the first entries, so nothing reads every entry.
   */
  private async detail(row: PlaylistRow, query: PlaylistPageQuery = {}, viewerId?: string): Promise<PlaylistDetail> {
    const { page, pageSize } = playlistPageQuerySchema.parse(query);
    const { membership, people } = await this.members(row, viewerId);
    if (page === undefined) {
      const visible = await this.visibleEntries(await this.deps.playlists.entries(row.id));
      const covers = visible.flatMap((e) => (e.position < COVER_PLACES && e.track.image ? [e.track.image] : [])).slice(0, MOSAIC_COVERS);
      return { ...toPlaylist(row, [], membership), covers, durationSeconds: row.duration_seconds, entries: visible, ...people };
    }
    const from = (page - 1) * pageSize;
    const [entries, places, covers] = await Promise.all([
      this.deps.playlists.entriesBetween(row.id, from, from + pageSize).then((rows) => this.visibleEntries(rows)),
      this.deps.playlists.placesUsed(row.id),
      this.deps.playlists.firstCoverKeys(row.id, MOSAIC_COVERS),
    ]);
    const pages = Math.max(1, Math.ceil(places / pageSize));
    return { ...toPlaylist(row, covers, membership), durationSeconds: row.duration_seconds, entries, page: { number: page, size: pageSize, pages }, ...people };
  }

  /** `first`, then the visible entries of `order` from index `from` on, a slice at a time, each read when it is asked for. */
  private async *slices(first: PlaylistEntry[], order: EntryRow[], from: number): AsyncGenerator<PlaylistEntry[]> {
    yield first;
    const size = this.deps.entrySlice;
    for (let at = from; at < order.length; at += size) yield await this.visibleEntries(order.slice(at, at + size));
  }

  /** The viewer's part in the playlist, and the people a detail shows: only members see who the others are; only the owner sees the link. */
  private async members(row: PlaylistRow, viewerId: string | undefined): Promise<{ membership: Membership; people: Pick<PlaylistDetail, 'collaborators' | 'invite'> }> {
    const collaborators = await this.deps.playlists.collaborators(row.id);
    const role: Role | null = row.user_id === viewerId ? 'owner' : collaborators.some((c) => c.id === viewerId) ? 'collaborator' : null;
    return {
      membership: { role, collaborative: collaborators.length > 0 || (await this.deps.playlists.hasEntriesOfOthers(row.id, row.user_id)) },
      people: { collaborators: role ? collaborators : [], invite: role === 'owner' ? row.invite_token : null },
    };
  }

  private async visibleEntries(entries: EntryRow[]): Promise<PlaylistDetail['entries']> {
    const [tracks, names] = await Promise.all([
      this.deps.tracks.getManyVisible(entries.map((e) => e.track_id)).then((rows) => new Map(rows.map((t) => [t.id, t]))),
      this.deps.playlists.names(entries.flatMap((e) => (e.added_by ? [e.added_by] : []))),
    ]);
    return entries.flatMap((e) => {
      const track = tracks.get(e.track_id);
      const name = e.added_by ? names.get(e.added_by) : undefined;
      return track ? [{ entryId: e.id, position: e.position, track: toTrack(track), addedBy: e.added_by && name !== undefined ? { id: e.added_by, name } : null }] : [];
    });
  }

  /** Playlists as `viewerId` lists them: each with its covers, whether it has collaborators and the viewer's part. */
  private async withCovers(rows: PlaylistRow[], viewerId: string): Promise<Playlist[]> {
    const ids = rows.map((r) => r.id);
    const [covers, shared] = await Promise.all([this.deps.playlists.coverKeys(ids, MOSAIC_COVERS), this.deps.playlists.withCollaborators(ids)]);
    return rows.map((row) => toPlaylist(row, covers.get(row.id) ?? [], { collaborative: shared.has(row.id), role: row.user_id === viewerId ? 'owner' : 'collaborator' }));
  }

  /** The owner and the collaborators: who hear about every change of a playlist, private or not. */
  private async memberIds(row: PlaylistRow): Promise<string[]> {
    return [row.user_id, ...(await this.deps.playlists.collaborators(row.id)).map((c) => c.id)];
  }

  private async changed(row: PlaylistRow): Promise<void> {
    this.announce(row, await this.memberIds(row));
  }

  /**
   * Each member's lists refresh (`playlists.changed`, to them alone), and everyone viewing the
   * playlist refetches it (`playlist.edited`): anyone for a public playlist, its members only for
   * a private one, so a private playlist's changes never reach a stranger.
   */
  private announce(row: PlaylistRow, members: string[]): void {
    for (const userId of members) this.deps.events.emit('playlists.changed', { userId, playlistId: row.id });
    this.deps.events.emit('playlist.edited', { playlistId: row.id, audience: row.is_public === 1 ? 'public' : members });
  }
}
