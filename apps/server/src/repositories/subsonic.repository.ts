import { randomUUID } from 'node:crypto';
import { type Expression, type Kysely, type SelectQueryBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database, NowPlayingTable, PlayQueuesTable, SubsonicCredentialsTable } from '../db/schema.js';

export type CredentialRow = Selectable<SubsonicCredentialsTable>;
export type PlayQueueRow = Selectable<PlayQueuesTable>;
export type NowPlayingRow = Selectable<NowPlayingTable>;

/** A play getNowPlaying may show: announced by a Subsonic app, or a saved queue's current track. */
export interface RecentPlay {
  userId: string;
  displayName: string;
  trackId: string;
  player: string;
  /** Where in the track it was when saved (0 for an announced start). */
  positionMs: number;
  updatedAt: string;
}

/** The catalogue-wide album orders getAlbumList2 pages through (years inclusive, fromYear ≤ toYear). */
export type AlbumOrder = { by: 'name' } | { by: 'artist' } | { by: 'year'; fromYear: number; toYear: number; descending: boolean };
export type AlbumKind = 'release' | 'single';
type SortKey = [string, 'asc' | 'desc'];
interface Sortable<Q> {
  orderBy(expression: Expression<unknown>, direction: 'asc' | 'desc'): Q;
}
/** One side of an album list: the album's kind and id, then its sort keys (k1…, compared in order). */
type AlbumSide = SelectQueryBuilder<Database, keyof Database, { kind: AlbumKind; id: string }>;

/** The sort key of a row of a catalogue-wide list (its order's columns, the unique id last): where keyset paging continues after it. */
export type SyncKey = string[];

/** Orders of visible tracks an album list or song list walks, each along an index. */
export type TrackOrder = 'newest' | 'frequent' | 'highest';


/** Subsonic credentials (API keys, app passwords) and the reads the Subsonic API needs that no other repository has. */
export class SubsonicRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  async insertCredential(row: CredentialRow): Promise<void> {
    await this.db.insertInto('subsonic_credentials').values(row).execute();
  }

  async credentialsOf(userId: string): Promise<CredentialRow[]> {
    return this.db.selectFrom('subsonic_credentials').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(100).execute();
  }

  async deleteCredential(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('subsonic_credentials').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async credentialByKeyHash(keyHash: string): Promise<CredentialRow | undefined> {
    return this.db.selectFrom('subsonic_credentials').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  async appPasswordsOf(userId: string): Promise<CredentialRow[]> {
    return this.db.selectFrom('subsonic_credentials').selectAll().where('user_id', '=', userId).where('kind', '=', 'appPassword').limit(100).execute();
  }

  async touchCredential(id: string, at: string): Promise<void> {
    await this.db.updateTable('subsonic_credentials').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  /** The user a Subsonic `u` names: their sign-in e-mail (unique in better-auth's table). */
  async userByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
    return this.db.selectFrom('user').select(['id', 'email']).where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  /** The account with its standing: suspended (its credentials refused), made an admin in the app. */
  async userById(id: string): Promise<{ id: string; email: string; name: string; suspended_at: string | null; is_admin: number | null } | undefined> {
    return this.db
      .selectFrom('user')
      .leftJoin('profiles', 'profiles.id', 'user.id')
      .select(['user.id as id', 'user.email as email', 'user.name as name', 'profiles.suspended_at as suspended_at', 'profiles.is_admin as is_admin'])
      .where('user.id', '=', id)
      .executeTakeFirst();
  }

  /** Profiles with visible tracks, by name: one range of profiles_artists_name_idx (its condition written out, as a partial index needs). Public so tests can EXPLAIN it. */
  artistsQuery(limit: number, offset = 0, after?: SyncKey) {
    let query = this.db
      .selectFrom('profiles')
      .select(['id', 'display_name', 'photo_url', 'tracks_count'])
      .where(sql<SqlBool>`tracks_count > 0`);
    // Keyset paging: a seek past the last artist given ([display_name, id]) on the same index.
    if (after) query = query.where(sql<SqlBool>`(display_name, id) > (${after[0]}, ${after[1]})`);
    query = query.orderBy('display_name').orderBy('id').limit(limit);
    return after || offset === 0 ? query : query.offset(offset);
  }

  /** How many tracks everyone may see (the profiles' counts of visible tracks, summed): getScanStatus's count. */
  async visibleTrackCount(): Promise<number> {
    const row = await this.db
      .selectFrom('profiles')
      .select(sql<number | string | null>`sum(tracks_count)`.as('total'))
      .where(sql<SqlBool>`tracks_count > 0`)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async artists(limit: number, offset = 0, after?: SyncKey): Promise<Array<{ id: string; display_name: string; photo_url: string | null; tracks_count: number }>> {
    return this.artistsQuery(limit, offset, after).execute();
  }

  async playQueue(userId: string): Promise<PlayQueueRow | undefined> {
    return this.db.selectFrom('play_queues').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async savePlayQueue(row: PlayQueueRow): Promise<void> {
    const { user_id: _user, ...changes } = row;
    await this.db
      .insertInto('play_queues')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  async clearPlayQueue(userId: string): Promise<void> {
    await this.db.deleteFrom('play_queues').where('user_id', '=', userId).execute();
  }

  /** What a Subsonic app announced as playing for this user (scrobble, submission=false): one row per user, the latest. */
  async setNowPlaying(row: NowPlayingRow): Promise<void> {
    const { user_id: _user, ...changes } = row;
    await this.db
      .insertInto('now_playing')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  /**
   * This listener's play announced or play queue saved since `since` (one row each at most, by
   * primary key), with their display name: what getNowPlaying picks from. A queue counts from its
   * current track and position.
   */
  async recentPlays(userId: string, since: string, limit: number): Promise<RecentPlay[]> {
    const announced = await this.db
      .selectFrom('now_playing')
      .innerJoin('profiles', 'profiles.id', 'now_playing.user_id')
      .select(['now_playing.user_id', 'profiles.display_name', 'now_playing.track_id', 'now_playing.player', 'now_playing.updated_at'])
      .where('now_playing.user_id', '=', userId)
      .where('now_playing.updated_at', '>=', since)
      .orderBy('now_playing.updated_at', 'desc')
      .limit(limit)
      .execute();
    const queued = await this.db
      .selectFrom('play_queues')
      .innerJoin('profiles', 'profiles.id', 'play_queues.user_id')
      .select(['play_queues.user_id', 'profiles.display_name', 'play_queues.current_id', 'play_queues.position_ms', 'play_queues.changed_by', 'play_queues.updated_at'])
      .where('play_queues.user_id', '=', userId)
      .where('play_queues.updated_at', '>=', since)
      .where('play_queues.current_id', 'is not', null)
      .orderBy('play_queues.updated_at', 'desc')
      .limit(limit)
      .execute();
    return [
      ...announced.map((r) => ({ userId: r.user_id, displayName: r.display_name, trackId: r.track_id, player: r.player, positionMs: 0, updatedAt: r.updated_at })),
      ...queued.map((r) => ({ userId: r.user_id, displayName: r.display_name, trackId: r.current_id as string, player: r.changed_by, positionMs: r.position_ms, updatedAt: r.updated_at })),
    ].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  }

  /** Ids of visible tracks in an order, optionally of one genre: a walk of tracks_created_idx, tracks_genre_order_idx, tracks_listens_order_idx or tracks_likes_order_idx. */
  trackIdsQuery(order: TrackOrder, options: { genre?: string; limit: number; offset?: number }) {
    let query = this.db.selectFrom('tracks').select('id').where(sql<SqlBool>`hidden = 0`);
    if (options.genre !== undefined) query = query.where('genre', '=', options.genre);
    if (order === 'newest') query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
    else if (order === 'frequent') query = query.orderBy('listens_count', 'desc');
    else query = query.orderBy('likes_count', 'desc').orderBy('id', 'desc');
    return query.limit(options.limit).offset(options.offset ?? 0);
  }

  async trackIds(order: TrackOrder, options: { genre?: string; limit: number; offset?: number }): Promise<string[]> {
    return (await this.trackIdsQuery(order, options).execute()).map((r) => r.id);
  }

  /**
   * Ids of visible tracks from a random point of the primary key on (ids are random UUIDs, so this
   * is a fair sample of the catalogue), wrapping around: one or two index ranges, never a sort of
   * every track as ORDER BY random() would be.
   */
  async randomTrackIds(limit: number, genre?: string): Promise<string[]> {
    const from = randomUUID();
    const ids = (await this.randomRangeQuery(from, '>=', limit, genre).execute()).map((r) => r.id);
    if (ids.length < limit) ids.push(...(await this.randomRangeQuery(from, '<', limit, genre).execute()).map((r) => r.id).slice(0, limit - ids.length));
    return ids;
  }

  /** One side of randomTrackIds: visible tracks from `from` on (or before it) in id order. Public so tests can EXPLAIN it. */
  randomRangeQuery(from: string, op: '>=' | '<', limit: number, genre?: string) {
    let query = this.db.selectFrom('tracks').select('id').where(sql<SqlBool>`hidden = 0`).where('id', op, from);
    if (genre !== undefined) query = query.where('genre', '=', genre);
    return query.orderBy('id').limit(limit);
  }

  /**
   * A page of listed albums in one of the catalogue-wide orders of getAlbumList2: releases (a
   * visible track at least, public) and singles (visible tracks with no release) merged, each side
   * walked along its partial index in the list's order (migration subsonic-more). With `after` (the
   * sort keys of the last album of the previous page, as albumPage answers them) each side seeks
   * past that album on its index and the page is the next `limit` albums, costing its size at any
   * depth (keyset paging); without it the page skips `offset` albums, costing its offset plus its
   * size, never a sort of the catalogue. Public so tests can EXPLAIN it.
   */
  albumPageQuery(order: AlbumOrder, limit: number, offset: number, after?: SyncKey) {
    const listed = sql<SqlBool>`releases.track_count > 0 AND releases.visibility = 'public'`;
    const single = sql<SqlBool>`tracks.release_id IS NULL AND tracks.hidden = 0`;
    const release = sql<AlbumKind>`cast('release' as text)`.as('kind');
    const track = sql<AlbumKind>`cast('single' as text)`.as('kind');
    if (order.by === 'artist') {
      // Artists by name (profiles_artists_name_idx), then each artist's albums by name.
      const keys: SortKey[] = [['k1', 'asc'], ['k2', 'asc'], ['k3', 'asc'], ['id', 'asc']];
      // With `after`, the artist part seeks profiles_artists_name_idx and the whole key skips that artist's albums already given.
      const seek = (table: 'releases' | 'tracks', [name, artist, title, id] = after ?? []) =>
        sql<SqlBool>`(profiles.display_name, profiles.id) >= (${name}, ${artist}) AND (profiles.display_name, profiles.id, lower(${sql.ref(`${table}.title`)}), ${sql.ref(`${table}.id`)}) > (${name}, ${artist}, ${title}, ${id})`;
      const releases = this.db
        .selectFrom('profiles')
        .innerJoin('releases', 'releases.artist_id', 'profiles.id')
        .select([release, 'releases.id as id', 'profiles.display_name as k1', 'profiles.id as k2', sql<string>`lower(releases.title)`.as('k3')])
        .where(sql<SqlBool>`profiles.tracks_count > 0`)
        .where(listed)
        .$if(after !== undefined, (q) => q.where(seek('releases')));
      const singles = this.db
        .selectFrom('profiles')
        .innerJoin('tracks', 'tracks.artist_id', 'profiles.id')
        .select([track, 'tracks.id as id', 'profiles.display_name as k1', 'profiles.id as k2', sql<string>`lower(tracks.title)`.as('k3')])
        .where(sql<SqlBool>`profiles.tracks_count > 0`)
        .where(single)
        .$if(after !== undefined, (q) => q.where(seek('tracks')));
      return this.merged(releases, singles, keys, limit, offset);
    }
    if (order.by === 'name') {
      const keys: SortKey[] = [['k1', 'asc'], ['id', 'asc']];
      let releases = this.db.selectFrom('releases').select([release, 'id', sql<string>`lower(title)`.as('k1')]).where(listed);
      let singles = this.db.selectFrom('tracks').select([track, 'id', sql<string>`lower(title)`.as('k1')]).where(single);
      if (after) {
        // Not a row value: SQLite seeks an expression index (lower(title), id) on its first column
        // only when compared alone; the OR then skips the few albums of the same name already given.
        const [title, id] = after;
        releases = releases.where(sql<SqlBool>`lower(releases.title) >= ${title} AND (lower(releases.title) > ${title} OR releases.id > ${id})`);
        singles = singles.where(sql<SqlBool>`lower(tracks.title) >= ${title} AND (lower(tracks.title) > ${title} OR tracks.id > ${id})`);
      }
      return this.merged(releases, singles, keys, limit, offset);
    }
    // By year: a release's date, a single's upload time (both ISO text, so they sort together).
    const direction = order.descending ? 'desc' : 'asc';
    const keys: SortKey[] = [['k1', direction], ['id', direction]];
    const from = `${String(order.fromYear).padStart(4, '0')}-01-01`;
    // Every date of toYear ("YYYY-MM-DD…") sorts below "YYYY-99".
    const until = `${String(order.toYear).padStart(4, '0')}-99`;
    let releases = this.db.selectFrom('releases').select([release, 'id', 'release_date as k1']).where(listed).where('release_date', '>=', from).where('release_date', '<', until);
    let singles = this.db.selectFrom('tracks').select([track, 'id', 'created_at as k1']).where(single).where('created_at', '>=', from).where('created_at', '<', until);
    if (after) {
      const past = sql.raw(order.descending ? '<' : '>');
      releases = releases.where(sql<SqlBool>`(releases.release_date, releases.id) ${past} (${after[0]}, ${after[1]})`);
      singles = singles.where(sql<SqlBool>`(tracks.created_at, tracks.id) ${past} (${after[0]}, ${after[1]})`);
    }
    return this.merged(releases, singles, keys, limit, offset);
  }

  /**
   * Two ordered sides of an album list merged in order, each an index walk. SQLite merges a
   * compound SELECT's members by its ORDER BY (MERGE (UNION ALL)). PostgreSQL plans a UNION ALL
   * member that has a WHERE as a subquery, which gets an ordered index path only from an ORDER BY
   * of its own: there each side is ordered and cut at the page's end in a subquery, and the
   * sides are merged (Merge Append) under the outer ORDER BY.
   */
  private merged(left: AlbumSide, right: AlbumSide, keys: SortKey[], limit: number, offset: number) {
    const sorted = <Q extends Sortable<Q>>(query: Q) => keys.reduce((q, [key, direction]) => q.orderBy(sql.ref(key), direction), query);
    const skip = <Q extends { offset(n: number): Q }>(query: Q) => (offset > 0 ? query.offset(offset) : query);
    if (this.dialect.mergesCompoundByOrder) return skip(sorted(left.unionAll(right)).limit(limit));
    const end = offset + limit;
    const both = this.db.selectFrom(sorted(left).limit(end).as('l')).selectAll().unionAll(this.db.selectFrom(sorted(right).limit(end).as('r')).selectAll());
    return skip(sorted(this.db.selectFrom(both.as('albums')).selectAll()).limit(limit));
  }

  /** One page of albumPageQuery: each album's kind, id and sort keys (what `after` takes to continue after it). */
  async albumPage(order: AlbumOrder, limit: number, offset: number, after?: SyncKey): Promise<Array<{ kind: AlbumKind; id: string; key: SyncKey }>> {
    const rows = (await this.albumPageQuery(order, limit, after ? 0 : offset, after).execute()) as Array<{ kind: AlbumKind; id: string; k1: string; k2?: string; k3?: string }>;
    return rows.map((r) => ({ kind: r.kind, id: r.id, key: order.by === 'artist' ? [r.k1, r.k2 as string, r.k3 as string, r.id] : [r.k1, r.id] }));
  }

  /**
   * Visible tracks newest first (tracks_created_idx backwards): search3's song list with an empty
   * query. With `after` (the last track's [created_at, id]) a seek past it, else `offset` skipped.
   * Public so tests can EXPLAIN it.
   */
  newestTracksQuery(limit: number, offset: number, after?: SyncKey) {
    let query = this.db.selectFrom('tracks').select(['id', 'created_at']).where(sql<SqlBool>`hidden = 0`);
    if (after) query = query.where(sql<SqlBool>`(created_at, id) < (${after[0]}, ${after[1]})`);
    query = query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
    return after || offset === 0 ? query : query.offset(offset);
  }

  async newestTracks(limit: number, offset: number, after?: SyncKey): Promise<Array<{ id: string; key: SyncKey }>> {
    return (await this.newestTracksQuery(limit, offset, after).execute()).map((r) => ({ id: r.id, key: [r.created_at, r.id] }));
  }

  /** Listed releases (a visible track at least) with their artist's name, by id. */
  async releasesByIds(ids: string[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('releases')
      .innerJoin('profiles', 'profiles.id', 'releases.artist_id')
      .selectAll('releases')
      .select('profiles.display_name as artist_name')
      .where('releases.id', 'in', ids)
      .where('releases.track_count', '>', 0)
      .execute();
  }

  /** Ids of the listed releases the user liked, most recent first (release_likes by user). */
  async likedReleaseIds(userId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('release_likes')
      .innerJoin('releases', 'releases.id', 'release_likes.release_id')
      .select('release_likes.release_id')
      .where('release_likes.user_id', '=', userId)
      .where('releases.track_count', '>', 0)
      .orderBy('release_likes.created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.release_id);
  }

  /** A profile with visible tracks by its exact display name (getTopSongs names the artist). */
  async artistByName(name: string): Promise<{ id: string } | undefined> {
    return this.db.selectFrom('profiles').select('id').where('display_name', '=', name).where('tracks_count', '>', 0).limit(1).executeTakeFirst();
  }
}
