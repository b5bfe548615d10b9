import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, PlaylistActivityTable, PlaylistsTable } from '../db/schema.js';

export type PlaylistRow = Selectable<PlaylistsTable> & { owner_name: string };
export type EntryRow = { id: string; track_id: string; position: number; added_by: string | null };
export type ActivityRow = Selectable<PlaylistActivityTable> & { user_name: string | null };

/** A playlist's cover mosaic comes from its first this many entries (its first page). */
export const COVER_PLACES = 50;

export class PlaylistRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('playlists')
      .innerJoin('profiles', 'profiles.id', 'playlists.user_id')
      .selectAll('playlists')
      .select('profiles.display_name as owner_name');
  }

  async listByOwner(userId: string): Promise<PlaylistRow[]> {
    return this.base().where('playlists.user_id', '=', userId).orderBy('playlists.created_at', 'asc').orderBy('playlists.id').execute();
  }

  async getById(id: string): Promise<PlaylistRow | undefined> {
    return this.base().where('playlists.id', '=', id).executeTakeFirst();
  }

  /** Whether the user is suspended: their playlists are then out of sight of everyone else. */
  async ownerSuspended(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('profiles').select('suspended_at').where('id', '=', userId).executeTakeFirst();
    return Boolean(row?.suspended_at);
  }

  async create(playlist: { id: string; userId: string; name: string; at: string }): Promise<void> {
    await this.db
      .insertInto('playlists')
      .values({ id: playlist.id, user_id: playlist.userId, name: playlist.name, created_at: playlist.at, updated_at: playlist.at })
      .execute();
  }

  async update(id: string, changes: { name?: string; is_public?: number }, at: string): Promise<void> {
    await this.db.updateTable('playlists').set({ ...changes, updated_at: at }).where('id', '=', id).execute();
  }

  /** Sets the playlist's own cover (a storage key), or clears it with null to show the mosaic again. */
  async setImage(id: string, imageKey: string | null, at: string): Promise<void> {
    await this.db.updateTable('playlists').set({ image_key: imageKey, updated_at: at }).where('id', '=', id).execute();
  }

  /** Entries cascade with the playlist. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('playlists').where('id', '=', id).execute();
  }

  /** Per playlist, the image keys of its first `perPlaylist` visible tracks that have a cover, in play order, among its first COVER_PLACES entries. */
  async coverKeys(playlistIds: string[], perPlaylist: number): Promise<Map<string, string[]>> {
    const covers = new Map<string, string[]>();
    if (playlistIds.length === 0) return covers;
    const ranked = this.db
      .selectFrom('playlist_tracks')
      .innerJoin('tracks', 'tracks.id', 'playlist_tracks.track_id')
      .select([
        'playlist_tracks.playlist_id as playlist_id',
        'tracks.image_key as image_key',
        sql<number>`row_number() over (partition by playlist_tracks.playlist_id order by playlist_tracks.position, playlist_tracks.added_at)`.as('n'),
      ])
      .where('playlist_tracks.playlist_id', 'in', playlistIds)
      .where('playlist_tracks.position', '<', COVER_PLACES)
      .where('tracks.hidden', '=', 0)
      .where('tracks.image_key', 'is not', null);
    const rows = await this.db.selectFrom(ranked.as('r')).select(['playlist_id', 'image_key']).where('n', '<=', perPlaylist).orderBy('playlist_id').orderBy('n').execute();
    for (const row of rows) {
      if (row.image_key) covers.set(row.playlist_id, [...(covers.get(row.playlist_id) ?? []), row.image_key]);
    }
    return covers;
  }

  /** Entry ids and track ids in play order. */
  async entries(playlistId: string): Promise<EntryRow[]> {
    return this.db
      .selectFrom('playlist_tracks')
      .select(['id', 'track_id', 'position', 'added_by'])
      .where('playlist_id', '=', playlistId)
      .orderBy('position')
      .orderBy('added_at')
      .orderBy('id')
      .execute();
  }

  /** The entries at places `from` (inclusive) to `to` (exclusive), in play order: one range of playlist_tracks_order_idx. */
  async entriesBetween(playlistId: string, from: number, to: number): Promise<EntryRow[]> {
    return this.entriesBetweenQuery(playlistId, from, to).execute();
  }

  entriesBetweenQuery(playlistId: string, from: number, to: number) {
    return this.db
      .selectFrom('playlist_tracks')
      .select(['id', 'track_id', 'position', 'added_by'])
      .where('playlist_id', '=', playlistId)
      .where('position', '>=', from)
      .where('position', '<', to)
      .orderBy('position')
      .orderBy('added_at')
      .orderBy('id')
      // Places are unique, so this never cuts a page; it tells PostgreSQL's planner, which cannot
      // tell how many of a long playlist's entries a range of places holds, that it is a few.
      .limit(2 * (to - from));
  }

  /** One past the last place taken (0 for an empty playlist): the index's last entry. */
  async placesUsed(playlistId: string, db: Kysely<Database> | Transaction<Database> = this.db): Promise<number> {
    const last = await db.selectFrom('playlist_tracks').select((eb) => eb.fn.max('position').as('max')).where('playlist_id', '=', playlistId).executeTakeFirst();
    return last?.max == null ? 0 : Number(last.max) + 1;
  }

  /**
   * The image keys of the playlist's first `limit` visible tracks that have a cover, in play order,
   * among its first COVER_PLACES entries (one short index range, however long the playlist).
   */
  async firstCoverKeys(playlistId: string, limit: number): Promise<string[]> {
    // The first entries by place (at most COVER_PLACES, which the planner then knows), then their tracks.
    const first = this.db
      .selectFrom('playlist_tracks')
      .select(['track_id', 'position', 'added_at', 'id'])
      .where('playlist_id', '=', playlistId)
      .where('position', '<', COVER_PLACES)
      .orderBy('position')
      .orderBy('added_at')
      .orderBy('id')
      .limit(COVER_PLACES);
    const rows = await this.db
      .selectFrom(first.as('e'))
      .innerJoin('tracks', 'tracks.id', 'e.track_id')
      .select('tracks.image_key as image_key')
      .where('tracks.hidden', '=', 0)
      .where('tracks.image_key', 'is not', null)
      .orderBy('e.position')
      .orderBy('e.added_at')
      .orderBy('e.id')
      .limit(limit)
      .execute();
    return rows.flatMap((row) => (row.image_key ? [row.image_key] : []));
  }

  /**
   * Takes the playlist's row for the rest of the transaction (PostgreSQL locks it; SQLite has a
   * single writer), so changes of one playlist's places never interleave; false when it is gone.
   */
  private async lock(trx: Transaction<Database>, playlistId: string, at: string): Promise<boolean> {
    const updated = await trx.updateTable('playlists').set({ updated_at: at }).where('id', '=', playlistId).executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /**
   * Appends an entry at the next place and bumps the playlist's counters (entries, and seconds by
   * the track's `duration`: the caller adds visible tracks only) in the same transaction.
   */
  async addEntry(trx: Transaction<Database>, entry: { id: string; playlistId: string; trackId: string; duration: number | null; at: string; addedBy: string }): Promise<void> {
    await this.lock(trx, entry.playlistId, entry.at);
    const position = await this.placesUsed(entry.playlistId, trx);
    await trx
      .insertInto('playlist_tracks')
      .values({ id: entry.id, playlist_id: entry.playlistId, track_id: entry.trackId, position, added_at: entry.at, added_by: entry.addedBy })
      .execute();
    await trx
      .updateTable('playlists')
      .set((eb) => ({ track_count: eb('track_count', '+', 1), duration_seconds: eb('duration_seconds', '+', entry.duration ?? 0) }))
      .where('id', '=', entry.playlistId)
      .execute();
  }

  /**
   * Removes an entry, moves the ones after it up a place (places stay 0…n−1, so a page is one
   * range of them) and lowers the counters; false when the entry is not in this playlist.
   */
  async removeEntry(trx: Transaction<Database>, playlistId: string, entryId: string, at: string): Promise<{ trackId: string } | null> {
    await this.lock(trx, playlistId, at);
    const deleted = await trx
      .deleteFrom('playlist_tracks')
      .where('id', '=', entryId)
      .where('playlist_id', '=', playlistId)
      .returning(['position', 'track_id'])
      .executeTakeFirst();
    if (!deleted) return null;
    await closeGap(trx, playlistId, deleted.position);
    const track = await trx.selectFrom('tracks').select(['duration', 'hidden']).where('id', '=', deleted.track_id).executeTakeFirst();
    const seconds = track && !track.hidden ? (track.duration ?? 0) : 0;
    await trx
      .updateTable('playlists')
      .set((eb) => ({ track_count: eb('track_count', '-', 1), duration_seconds: eb('duration_seconds', '-', seconds) }))
      .where('id', '=', playlistId)
      .execute();
    return { trackId: deleted.track_id };
  }

  /**
   * Moves one entry to place `to` (past the end means last); the entries between its old and new
   * place shift by one. Returns the place it took, or null when the entry is not in this playlist.
   */
  async moveEntry(trx: Transaction<Database>, playlistId: string, entryId: string, to: number, at: string): Promise<{ position: number; trackId: string } | null> {
    await this.lock(trx, playlistId, at);
    const entry = await trx.selectFrom('playlist_tracks').select(['position', 'track_id']).where('id', '=', entryId).where('playlist_id', '=', playlistId).executeTakeFirst();
    if (!entry) return null;
    const from = entry.position;
    const target = Math.min(to, (await this.placesUsed(playlistId, trx)) - 1);
    if (target < from) {
      await trx
        .updateTable('playlist_tracks')
        .set((eb) => ({ position: eb('position', '+', 1) }))
        .where('playlist_id', '=', playlistId)
        .where('position', '>=', target)
        .where('position', '<', from)
        .execute();
    } else if (target > from) {
      await trx
        .updateTable('playlist_tracks')
        .set((eb) => ({ position: eb('position', '-', 1) }))
        .where('playlist_id', '=', playlistId)
        .where('position', '>', from)
        .where('position', '<=', target)
        .execute();
    }
    await trx.updateTable('playlist_tracks').set({ position: target }).where('id', '=', entryId).execute();
    return { position: target, trackId: entry.track_id };
  }

  /** Rewrites positions to follow `entryIds` (which the caller checked is exactly the playlist's entries). */
  async reorder(trx: Transaction<Database>, playlistId: string, entryIds: string[], at: string): Promise<void> {
    await this.lock(trx, playlistId, at);
    for (const [position, id] of entryIds.entries()) {
      await trx.updateTable('playlist_tracks').set({ position }).where('id', '=', id).where('playlist_id', '=', playlistId).execute();
    }
  }

  /**
   * Appends tracks at the playlist's next places and bumps its counters, in the caller's
   * transaction (the playlist row is updated first, which locks it on PostgreSQL). For an import.
   */
  async appendEntries(trx: Transaction<Database>, playlistId: string, entries: Array<{ id: string; trackId: string; duration: number | null }>, at: string, addedBy: string): Promise<void> {
    await this.lock(trx, playlistId, at);
    let position = await this.placesUsed(playlistId, trx);
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      await trx
        .insertInto('playlist_tracks')
        .values(chunk.map((e) => ({ id: e.id, playlist_id: playlistId, track_id: e.trackId, position: position++, added_at: at, added_by: addedBy })))
        .execute();
    }
    const seconds = entries.reduce((sum, e) => sum + (e.duration ?? 0), 0);
    await trx
      .updateTable('playlists')
      .set((eb) => ({ track_count: eb('track_count', '+', entries.length), duration_seconds: eb('duration_seconds', '+', seconds) }))
      .where('id', '=', playlistId)
      .execute();
  }

  /** Playlists the user collaborates on, in the order they joined them. */
  async listCollaborating(userId: string): Promise<PlaylistRow[]> {
    return this.base()
      .innerJoin('playlist_collaborators as c', 'c.playlist_id', 'playlists.id')
      .where('c.user_id', '=', userId)
      .orderBy('c.created_at', 'asc')
      .orderBy('playlists.id')
      .execute();
  }

  /** Which of these playlists have at least one collaborator. */
  async withCollaborators(playlistIds: string[]): Promise<Set<string>> {
    if (playlistIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('playlist_collaborators').select('playlist_id').distinct().where('playlist_id', 'in', playlistIds).execute();
    return new Set(rows.map((r) => r.playlist_id));
  }

  /** The playlist's collaborators with their names, in the order they joined. */
  async collaborators(playlistId: string): Promise<Array<{ id: string; name: string }>> {
    return this.db
      .selectFrom('playlist_collaborators as c')
      .innerJoin('profiles', 'profiles.id', 'c.user_id')
      .select(['c.user_id as id', 'profiles.display_name as name'])
      .where('c.playlist_id', '=', playlistId)
      .orderBy('c.created_at')
      .orderBy('c.user_id')
      .execute();
  }

  /**
   * Whether an entry was added by someone other than the owner: a collaborator who has left, or an
   * account since deleted (added_by NULL). Such a playlist stays collaborative, so its rows keep
   * saying who added them ("a deleted account"), though nobody collaborates on it any more.
   */
  async hasEntriesOfOthers(playlistId: string, ownerId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('playlist_tracks')
      .select('id')
      .where('playlist_id', '=', playlistId)
      .where((eb) => eb.or([eb('added_by', 'is', null), eb('added_by', '<>', ownerId)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async isCollaborator(playlistId: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('playlist_collaborators').select('user_id').where('playlist_id', '=', playlistId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  /** Adds a collaborator; false when they already were one. */
  async addCollaborator(playlistId: string, userId: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('playlist_collaborators')
      .values({ playlist_id: playlistId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['playlist_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Removes a collaborator; false when they were not one. */
  async removeCollaborator(playlistId: string, userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('playlist_collaborators').where('playlist_id', '=', playlistId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Sets the invite link's token, or turns the link off with null. */
  async setInvite(id: string, token: string | null): Promise<void> {
    await this.db.updateTable('playlists').set({ invite_token: token }).where('id', '=', id).execute();
  }

  /** Display names of these accounts (a deleted one is missing). */
  async names(userIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('profiles').select(['id', 'display_name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.display_name]));
  }

  /** Records what a member did, in the caller's transaction (or on its own). */
  async addActivity(
    db: Kysely<Database> | Transaction<Database>,
    row: { id: string; playlistId: string; userId: string; kind: PlaylistActivityTable['kind']; trackId?: string | null; position?: number | null; at: string },
  ): Promise<void> {
    await db
      .insertInto('playlist_activity')
      .values({ id: row.id, playlist_id: row.playlistId, user_id: row.userId, kind: row.kind, track_id: row.trackId ?? null, position: row.position ?? null, created_at: row.at })
      .execute();
  }

  /** One page of the playlist's activity, newest first (`limit` + 1 rows tell whether more follow). */
  async activity(playlistId: string, offset: number, limit: number): Promise<ActivityRow[]> {
    return this.db
      .selectFrom('playlist_activity as a')
      .leftJoin('profiles', 'profiles.id', 'a.user_id')
      .selectAll('a')
      .select('profiles.display_name as user_name')
      .where('a.playlist_id', '=', playlistId)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }
}

/** Moves every entry after place `position` of the playlist up one place: what removing the entry there leaves. */
export async function closeGap(trx: Transaction<Database>, playlistId: string, position: number): Promise<void> {
  await trx
    .updateTable('playlist_tracks')
    .set((eb) => ({ position: eb('position', '-', 1) }))
    .where('playlist_id', '=', playlistId)
    .where('position', '>', position)
    .execute();
}

/**
 * Adds `sign` × the track's duration to the length of every playlist holding it, once per entry:
 * what hiding (−1), showing (+1) or deleting a visible track (−1) does to them.
 */
export async function shiftPlaylistDurations(trx: Transaction<Database>, track: { id: string; duration: number | null }, sign: 1 | -1): Promise<void> {
  if (!track.duration) return;
  const holders = await trx
    .selectFrom('playlist_tracks')
    .select(['playlist_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('track_id', '=', track.id)
    .groupBy('playlist_id')
    .execute();
  for (const holder of holders) {
    await trx
      .updateTable('playlists')
      .set((eb) => ({ duration_seconds: eb('duration_seconds', '+', sign * track.duration! * Number(holder.n)) }))
      .where('id', '=', holder.playlist_id)
      .execute();
  }
}
