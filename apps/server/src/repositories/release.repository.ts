import { type Kysely, type Selectable, type SqlBool, type Transaction, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database, ReleasesTable } from '../db/schema.js';

import { leaveRelease, shiftReleaseCounters } from './track-lifecycle.repository.js';
import { containsText } from './track-query.js';

export type ReleaseVisibility = 'public' | 'unlisted' | 'private';
export type ReleaseChanges = Partial<{
  title: string;
  type: ReleasesTable['type'];
  release_date: string;
  description: string;
  search_text: string;
  image_key: string | null;
  visibility: ReleaseVisibility;
  secret: string | null;
  publish_at: string | null;
}>;

/** A release row with its artist's display name. */
/** `artist_suspended_at`: set while the artist is suspended (the release is then out of sight, secret link or not). */
export type ReleaseWithArtist = Selectable<ReleasesTable> & { artist_name: string; artist_suspended_at: string | null };

type Db = Kysely<Database> | Transaction<Database>;

/** Releases (albums, EPs, singles), their ordered tracks (tracks.release_id/release_position) and likes. */
export class ReleaseRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  private base(db: Db = this.db) {
    return db.selectFrom('releases').innerJoin('profiles', 'profiles.id', 'releases.artist_id').selectAll('releases').select(['profiles.display_name as artist_name', 'profiles.suspended_at as artist_suspended_at']);
  }

  async getById(id: string, db: Db = this.db): Promise<ReleaseWithArtist | undefined> {
    return this.base(db).where('releases.id', '=', id).executeTakeFirst();
  }

  /** An artist's releases, newest release date first; those with no visible track only when asked (the owner's studio). */
  async listByArtist(artistId: string, includeEmpty: boolean, limit: number): Promise<ReleaseWithArtist[]> {
    return this.base()
      .where('releases.artist_id', '=', artistId)
      .$if(!includeEmpty, (q) => q.where('releases.track_count', '>', 0).where('releases.visibility', '=', 'public'))
      .orderBy('releases.release_date', 'desc')
      .orderBy('releases.created_at', 'desc')
      .orderBy('releases.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Ids of listed releases (with a visible track) whose title or artist contains the text, most liked
   * then newest first: a walk of releases_search_rank_idx alone (its condition written out literally,
   * as a partial index serves only a query whose WHERE visibly implies it). Public so tests can EXPLAIN it.
   */
  searchIds(lowerText: string, limit: number) {
    return this.db
      .selectFrom('releases')
      .select('id')
      .where(sql<SqlBool>`track_count > 0`)
      .where((eb) => containsText(eb.ref('search_text'), lowerText))
      .orderBy('likes_count', 'desc')
      .orderBy('created_at', 'desc')
      .limit(limit);
  }

  async search(lowerText: string, limit: number): Promise<ReleaseWithArtist[]> {
    const ids = (await this.searchIds(lowerText, limit).execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    // A non-public release's tracks are hidden (track_count 0), so it is out of the index already;
    // this keeps it out even when one of its tracks was made public on its own.
    const rows = await this.base().where('releases.id', 'in', ids).where('releases.visibility', '=', 'public').execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** A release created public is published at its creation (published_at: News and "New releases" order by it). */
  async insert(trx: Transaction<Database>, row: Omit<Selectable<ReleasesTable>, 'track_count' | 'duration_seconds' | 'likes_count' | 'reposts_count' | 'published_at'>): Promise<void> {
    await trx
      .insertInto('releases')
      .values({ ...row, published_at: row.visibility === 'public' ? row.created_at : null })
      .execute();
  }

  /** Made public by this change: published now (the release's place in News); made unlisted or private: unpublished. */
  async update(id: string, changes: ReleaseChanges, db: Db = this.db): Promise<void> {
    const now = new Date().toISOString();
    const published =
      changes.visibility === undefined
        ? {}
        : { published_at: changes.visibility === 'public' ? sql<string | null>`CASE WHEN visibility = 'public' THEN published_at ELSE ${now} END` : null };
    await db
      .updateTable('releases')
      .set({ ...changes, ...published, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** The release's access columns, locked on PostgreSQL until the caller's transaction ends. */
  async lockAccess(trx: Transaction<Database>, id: string) {
    return this.dialect.forUpdate(trx.selectFrom('releases').select(['id', 'artist_id', 'visibility', 'secret', 'publish_at']).where('id', '=', id)).executeTakeFirst();
  }

  /** The ids of scheduled releases due by `now`, soonest first (releases_publish_at_idx). */
  async dueForPublishing(now: string, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('releases').select('id').where('publish_at', 'is not', null).where('publish_at', '<=', now).orderBy('publish_at').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /** The distinct times of releases scheduled after `from` and by `to`, soonest first (releases_publish_at_idx): the publish sweep's look-ahead. */
  async scheduledBetween(from: string, to: string, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('releases').select('publish_at').distinct().where('publish_at', 'is not', null).where('publish_at', '>', from).where('publish_at', '<=', to).orderBy('publish_at').limit(limit).execute();
    return rows.flatMap((r) => (r.publish_at ? [r.publish_at] : []));
  }

  /**
   * Makes one scheduled release public if it is still due and not public, in the caller's
   * transaction: a conditional UPDATE, so of any number of workers racing on it exactly one
   * publishes it (the others match no row, or wait for its lock and then match none).
   */
  async publishIfDue(trx: Transaction<Database>, id: string, now: string): Promise<{ id: string; artist_id: string } | undefined> {
    const row = await trx
      .updateTable('releases')
      .set({ visibility: 'public', publish_at: null, published_at: now, updated_at: now })
      .where('id', '=', id)
      .where('visibility', '<>', 'public')
      .where('publish_at', 'is not', null)
      .where('publish_at', '<=', now)
      .returning(['id', 'artist_id'])
      .executeTakeFirst();
    if (!row) await trx.updateTable('releases').set({ publish_at: null }).where('id', '=', id).where('visibility', '=', 'public').execute();
    return row;
  }

  /** The ids of a release's tracks in order (hidden ones included). */
  async trackIds(releaseId: string, db: Db = this.db): Promise<string[]> {
    const rows = await db.selectFrom('tracks').select('id').where('release_id', '=', releaseId).orderBy('release_position').execute();
    return rows.map((r) => r.id);
  }

  /**
   * Every track of each release, hidden ones included, counted with their seconds: what its artist
   * sees of a release that is not public yet (its counters count publicly visible tracks only).
   */
  async allTrackTotals(releaseIds: string[], db: Db = this.db): Promise<Map<string, { count: number; seconds: number }>> {
    if (releaseIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('tracks')
      .select(['release_id', (eb) => eb.fn.countAll<number | string>().as('count'), (eb) => eb.fn.sum<number | string | null>('duration').as('seconds')])
      .where('release_id', 'in', releaseIds)
      .groupBy('release_id')
      .execute();
    return new Map(rows.map((r) => [r.release_id!, { count: Number(r.count), seconds: Number(r.seconds ?? 0) }]));
  }

  /** Tracks by id with what joining a release needs to know about them. */
  async tracksForRelease(trx: Db, ids: string[]) {
    if (ids.length === 0) return [];
    return trx.selectFrom('tracks').select(['id', 'artist_id', 'release_id', 'hidden', 'duration']).where('id', 'in', ids).execute();
  }

  /**
   * Makes `trackIds` the release's tracks, in that order, in the caller's transaction: tracks no
   * longer listed leave it (they stay as singles), new ones join, and the counters follow.
   */
  async setTracks(trx: Transaction<Database>, releaseId: string, trackIds: string[]): Promise<void> {
    const current = await this.trackIds(releaseId, trx);
    const keep = new Set(trackIds);
    for (const id of current) if (!keep.has(id)) await leaveRelease(trx, id);
    const had = new Set(current);
    const rows = await this.tracksForRelease(trx, trackIds);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [position, id] of trackIds.entries()) {
      await trx.updateTable('tracks').set({ release_id: releaseId, release_position: position }).where('id', '=', id).execute();
      const row = byId.get(id);
      if (!had.has(id) && row && !row.hidden) await shiftReleaseCounters(trx, releaseId, row, 1);
    }
  }

  /** Deletes the release and its likes; its remaining tracks become singles. */
  async delete(trx: Transaction<Database>, id: string): Promise<void> {
    await trx.updateTable('tracks').set({ release_id: null, release_position: null }).where('release_id', '=', id).execute();
    await trx.deleteFrom('release_likes').where('release_id', '=', id).execute();
    await trx.deleteFrom('notifications').where('release_id', '=', id).execute();
    await trx.deleteFrom('releases').where('id', '=', id).execute();
  }

  /**
   * Public, listed releases among these ids (what News and an artist's reposts show, and what may
   * be reposted): visibility 'public' and at least one visible track. Order not kept.
   */
  async getManyPublic(ids: string[], db: Db = this.db): Promise<ReleaseWithArtist[]> {
    if (ids.length === 0) return [];
    return this.base(db).where('releases.id', 'in', ids).where('releases.visibility', '=', 'public').where('releases.track_count', '>', 0).execute();
  }

  async isLiked(userId: string, releaseId: string): Promise<boolean> {
    const row = await this.db.selectFrom('release_likes').select('user_id').where('user_id', '=', userId).where('release_id', '=', releaseId).executeTakeFirst();
    return row !== undefined;
  }

  /** Likes or unlikes; the counter moves only when the row did (in the same transaction). Returns the likes after. */
  async setLiked(releaseId: string, userId: string, liked: boolean, now: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const changed = liked
        ? (await trx.insertInto('release_likes').values({ user_id: userId, release_id: releaseId, created_at: now }).onConflict((oc) => oc.doNothing()).returning('user_id').execute()).length
        : Number((await trx.deleteFrom('release_likes').where('user_id', '=', userId).where('release_id', '=', releaseId).executeTakeFirst()).numDeletedRows);
      if (changed > 0) {
        await trx
          .updateTable('releases')
          .set((eb) => ({ likes_count: eb('likes_count', liked ? '+' : '-', 1) }))
          .where('id', '=', releaseId)
          .execute();
      }
      const row = await trx.selectFrom('releases').select('likes_count').where('id', '=', releaseId).executeTakeFirstOrThrow();
      return row.likes_count;
    });
  }
}
