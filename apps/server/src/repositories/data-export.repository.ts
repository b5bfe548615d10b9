import type { Kysely, Selectable } from 'kysely';
import type { DataExportsTable, Database } from '../db/schema.js';

export type DataExportRow = Selectable<DataExportsTable>;

/** Rows read per query for the lists that can be long (listens, history, likes). */
const PAGE = 2000;

/** Whether an error is a unique-index violation (better-sqlite3's or PostgreSQL's code). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Data exports: the requests (`data_exports`) and the reads of everything of one user's an export
 * holds. Every read is by the user's id, ordered, so an archive made twice is the same.
 */
export class DataExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records a new building export, unless the user already has one building (the partial unique
   * index decides, so two requests at once make one export): false then.
   */
  async createBuilding(row: { id: string; userId: string; at: string; locale: string }): Promise<boolean> {
    try {
      await this.db.insertInto('data_exports').values({ id: row.id, user_id: row.userId, status: 'building', created_at: row.at, locale: row.locale }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  getById(id: string): Promise<DataExportRow | undefined> {
    return this.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's newest export. */
  latest(userId: string): Promise<DataExportRow | undefined> {
    return this.db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  /** Every export of the user (for replacing older ones and for deleting an account). */
  allOf(userId: string): Promise<DataExportRow[]> {
    return this.db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).execute();
  }

  /** Exports still marked building (queued again at start: an in-process job does not survive a restart). */
  building(): Promise<DataExportRow[]> {
    return this.db.selectFrom('data_exports').selectAll().where('status', '=', 'building').execute();
  }

  /** Marks a building export ready; false when it was not building any more (a second run of the job). */
  async markReady(id: string, done: { storageKey: string; sizeBytes: number; at: string; expiresAt: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('data_exports')
      .set({ status: 'ready', storage_key: done.storageKey, size_bytes: done.sizeBytes, ready_at: done.at, expires_at: done.expiresAt, error: null })
      .where('id', '=', id)
      .where('status', '=', 'building')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db.updateTable('data_exports').set({ status: 'failed', error: error.slice(0, 500) }).where('id', '=', id).where('status', '=', 'building').execute();
  }

  /** Ready exports whose download time is over, and failed ones older than `failedBefore`. */
  expired(now: string, failedBefore: string, limit: number): Promise<DataExportRow[]> {
    return this.db
      .selectFrom('data_exports')
      .selectAll()
      .where((eb) => eb.or([eb.and([eb('status', '=', 'ready'), eb('expires_at', '<=', now)]), eb.and([eb('status', '=', 'failed'), eb('created_at', '<', failedBefore)])]))
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('data_exports').where('id', '=', id).execute();
  }

  /* What an archive holds */

  account(userId: string) {
    return this.db
      .selectFrom('user as u')
      .innerJoin('profiles as p', 'p.id', 'u.id')
      .select([
        'u.id',
        'u.name',
        'u.email',
        'u.emailVerified',
        'u.createdAt',
        'p.display_name',
        'p.bio',
        'p.status',
        'p.is_artist',
        'p.photo_url',
        'p.cover_url',
        'p.created_at',
        'p.updated_at',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** Every track of the user's, hidden ones too, oldest first, with its lyrics. */
  tracks(userId: string) {
    return this.db
      .selectFrom('tracks as t')
      .leftJoin('track_lyrics as l', 'l.track_id', 't.id')
      .select([
        't.id',
        't.title',
        't.genre',
        't.tags',
        't.visibility',
        't.downloadable',
        't.duration',
        't.created_at',
        't.publish_at',
        't.release_id',
        't.release_position',
        't.likes_count',
        't.listens_count',
        't.reposts_count',
        't.storage_key',
        't.content_type',
        't.size_bytes',
        't.image_key',
        'l.kind as lyrics_kind',
        'l.source as lyrics_source',
        'l.lang as lyrics_lang',
      ])
      .where('t.artist_id', '=', userId)
      .orderBy('t.created_at')
      .orderBy('t.id')
      .execute();
  }

  async releases(userId: string) {
    const releases = await this.db.selectFrom('releases').selectAll().where('artist_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    const tracks = releases.length
      ? await this.db
          .selectFrom('tracks')
          .select(['id', 'release_id'])
          .where('release_id', 'in', releases.map((r) => r.id))
          .orderBy('release_position')
          .orderBy('id')
          .execute()
      : [];
    return releases.map((r) => ({ ...r, trackIds: tracks.filter((t) => t.release_id === r.id).map((t) => t.id) }));
  }

  /** The user's own playlists and those they collaborate on. */
  async playlists(userId: string) {
    const own = await this.db.selectFrom('playlists').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    const joined = await this.db
      .selectFrom('playlists as p')
      .innerJoin('playlist_collaborators as c', 'c.playlist_id', 'p.id')
      .selectAll('p')
      .where('c.user_id', '=', userId)
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
    return [...own.map((p) => ({ ...p, role: 'owner' as const })), ...joined.map((p) => ({ ...p, role: 'collaborator' as const }))];
  }

  /** A playlist's entries in order, hidden tracks' too (the service keeps only the user's own of those), with the track's title and artist. */
  playlistEntries(playlistId: string) {
    return this.db
      .selectFrom('playlist_tracks as e')
      .innerJoin('tracks as t', 't.id', 'e.track_id')
      .leftJoin('profiles as a', 'a.id', 't.artist_id')
      .leftJoin('releases as r', 'r.id', 't.release_id')
      .select(['e.track_id', 'e.added_at', 't.title', 't.duration', 't.hidden', 't.artist_id', 'a.display_name as artist_name', 'r.title as release_title', 't.storage_key', 't.visibility', 't.secret', 't.moderated', 't.suspended'])
      .where('e.playlist_id', '=', playlistId)
      .orderBy('e.position')
      .orderBy('e.added_at')
      .orderBy('e.id')
      .execute();
  }

  /** Likes of tracks, oldest first, a page at a time. */
  trackLikes(userId: string) {
    return this.paged((after) =>
      this.db
        .selectFrom('track_likes as k')
        .innerJoin('tracks as t', 't.id', 'k.track_id')
        .leftJoin('profiles as a', 'a.id', 't.artist_id')
        .select(['k.track_id', 'k.created_at as at', 't.title', 'a.display_name as artist_name', 'k.track_id as cursor_id'])
        .where('k.user_id', '=', userId)
        .$if(after !== undefined, (q) => q.where((eb) => eb.or([eb('k.created_at', '>', after!.at), eb.and([eb('k.created_at', '=', after!.at), eb('k.track_id', '>', after!.id)])])))
        .orderBy('k.created_at')
        .orderBy('k.track_id')
        .limit(PAGE)
        .execute(),
    );
  }

  releaseLikes(userId: string) {
    return this.db
      .selectFrom('release_likes as k')
      .innerJoin('releases as r', 'r.id', 'k.release_id')
      .select(['k.release_id', 'k.created_at', 'r.title'])
      .where('k.user_id', '=', userId)
      .orderBy('k.created_at')
      .orderBy('k.release_id')
      .execute();
  }

  postLikes(userId: string) {
    return this.db.selectFrom('post_likes').select(['post_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at').orderBy('post_id').execute();
  }

  /** Counted listens, oldest first, a page at a time. */
  listens(userId: string) {
    return this.paged((after) =>
      this.db
        .selectFrom('listens as l')
        .innerJoin('tracks as t', 't.id', 'l.track_id')
        .leftJoin('profiles as a', 'a.id', 't.artist_id')
        .select(['l.track_id', 'l.created_at as at', 't.title', 'a.display_name as artist_name', 'l.id as cursor_id'])
        .where('l.user_id', '=', userId)
        .$if(after !== undefined, (q) => q.where((eb) => eb.or([eb('l.created_at', '>', after!.at), eb.and([eb('l.created_at', '=', after!.at), eb('l.id', '>', after!.id)])])))
        .orderBy('l.created_at')
        .orderBy('l.id')
        .limit(PAGE)
        .execute(),
    );
  }

  /** The listening history ("recently played"), oldest first, a page at a time. */
  history(userId: string) {
    return this.paged((after) =>
      this.db
        .selectFrom('history as h')
        .innerJoin('tracks as t', 't.id', 'h.track_id')
        .leftJoin('profiles as a', 'a.id', 't.artist_id')
        .select(['h.track_id', 'h.played_at as at', 't.title', 'a.display_name as artist_name', 'h.id as cursor_id'])
        .where('h.user_id', '=', userId)
        .$if(after !== undefined, (q) => q.where((eb) => eb.or([eb('h.played_at', '>', after!.at), eb.and([eb('h.played_at', '=', after!.at), eb('h.id', '>', after!.id)])])))
        .orderBy('h.played_at')
        .orderBy('h.id')
        .limit(PAGE)
        .execute(),
    );
  }

  comments(userId: string) {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('tracks as t', 't.id', 'c.track_id')
      .select(['c.id', 'c.track_id', 't.title as track_title', 'c.text', 'c.position_sec', 'c.parent_id', 'c.created_at'])
      .where('c.user_id', '=', userId)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
  }

  /** Posts and reposts (a repost is a post of kind 'repost' naming a track or a release). */
  posts(userId: string) {
    return this.db
      .selectFrom('posts as p')
      .leftJoin('tracks as t', 't.id', 'p.track_id')
      .leftJoin('releases as r', 'r.id', 'p.release_id')
      .select(['p.id', 'p.kind', 'p.text', 'p.pinned', 'p.likes_count', 'p.created_at', 'p.track_id', 'p.release_id', 't.title as track_title', 'r.title as release_title'])
      .where('p.author_id', '=', userId)
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
  }

  following(userId: string) {
    return this.db
      .selectFrom('follows as f')
      .innerJoin('profiles as p', 'p.id', 'f.artist_id')
      .select(['f.artist_id as profile_id', 'p.display_name', 'f.created_at'])
      .where('f.subscriber_id', '=', userId)
      .orderBy('f.created_at')
      .orderBy('f.artist_id')
      .execute();
  }

  followers(userId: string) {
    return this.db
      .selectFrom('follows as f')
      .innerJoin('profiles as p', 'p.id', 'f.subscriber_id')
      .select(['f.subscriber_id as profile_id', 'p.display_name', 'f.created_at'])
      .where('f.artist_id', '=', userId)
      .orderBy('f.created_at')
      .orderBy('f.subscriber_id')
      .execute();
  }

  /** Every row of a keyset-paged read, one page per query (the list is not held by the database meanwhile). */
  private async paged<R extends { at: string; cursor_id: string }>(page: (after: { at: string; id: string } | undefined) => Promise<R[]>): Promise<R[]> {
    const rows: R[] = [];
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const batch = await page(after);
      rows.push(...batch);
      const last = batch.at(-1);
      if (batch.length < PAGE || !last) return rows;
      after = { at: last.at, id: last.cursor_id };
    }
  }
}
