import { type Kysely, type SqlBool, type Transaction, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database, NewTrack, TrackVisibility } from '../db/schema.js';
import { trackWords, words } from '../lib/spelling.js';
import { closeGap, shiftPlaylistDurations } from './playlist.repository.js';
import { type Db, parseTags } from './track-query.js';

export interface AudioOutcome {
  audio_status: 'ready' | 'failed' | 'original';
  source_codec: string | null;
  source_kbps: number | null;
  loudness_lufs: number | null;
  true_peak_dbtp: number | null;
  high_key: string | null;
  saver_key: string | null;
}

/** What a visibility write may change (migration track-visibility); `hidden` follows in the same UPDATE. */
export interface AccessChanges {
  moderated?: number;
  /** Its owner is suspended (migration administration): hidden like a moderated track. */
  suspended?: number;
  visibility?: TrackVisibility;
  secret?: string | null;
  publish_at?: string | null;
  downloadable?: number;
}

/** A track a scheduled release made public. */
export interface PublishedTrack {
  id: string;
  artist_id: string;
}

/**
 * A track's life: created from an upload, its details and cover changed, its visibility and
 * moderation set (with the counters that follow), published when due, its processing state
 * (waveform, audio renditions) recorded, deleted with everything pointing at it.
 */
export class TrackLifecycleRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /** Inserts the track (with its tag rows) and bumps its artist's track counter in the same transaction. */
  async create(trx: Transaction<Database>, track: NewTrack): Promise<void> {
    await trx.insertInto('tracks').values(this.withWords(track)).execute();
    const tags = parseTags(track.tags ?? '[]');
    if (tags.length > 0) await trx.insertInto('track_tags').values(tags.map((tag) => ({ track_id: track.id, tag, created_at: track.created_at }))).execute();
    await this.addWords(trx, [track.search_text]);
    if (track.hidden) return;
    await trx
      .updateTable('profiles')
      .set((eb) => ({ tracks_count: eb('tracks_count', '+', 1) }))
      .where('id', '=', track.artist_id)
      .execute();
  }

  /**
   * Deletes the track and everything that points at it: likes, comments, listens, history, reports
   * and playlist entries (each playlist's track_count lowered and the places after the entry moved up), and the artist's track counter when
   * the track was visible. Explicit rather than left to ON DELETE CASCADE, so the counters stay right.
   */
  async delete(trx: Transaction<Database>, track: { id: string; artist_id: string; hidden: number }): Promise<boolean> {
    const entries = await trx
      .selectFrom('playlist_tracks')
      .select(['playlist_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('track_id', '=', track.id)
      .groupBy('playlist_id')
      .execute();
    for (const entry of entries) {
      await trx
        .updateTable('playlists')
        .set((eb) => ({ track_count: eb('track_count', '-', Number(entry.n)) }))
        .where('id', '=', entry.playlist_id)
        .execute();
    }
    if (!track.hidden) {
      const row = await trx.selectFrom('tracks').select('duration').where('id', '=', track.id).executeTakeFirst();
      await shiftPlaylistDurations(trx, { id: track.id, duration: row?.duration ?? null }, -1);
    }
    await leaveRelease(trx, track.id);
    await trx.deleteFrom('track_tags').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('track_lyrics').where('track_id', '=', track.id).execute();
    // Each entry's place is freed as removing it from the playlist would (last first, so the places
    // of this track's other entries in the same playlist stay right).
    const places = await trx.deleteFrom('playlist_tracks').where('track_id', '=', track.id).returning(['playlist_id', 'position']).execute();
    for (const place of places.sort((a, b) => b.position - a.position)) await closeGap(trx, place.playlist_id, place.position);
    await trx.deleteFrom('track_likes').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('comments').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('listens').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('history').where('track_id', '=', track.id).execute();
    await trx.deleteFrom('reports').where('track_id', '=', track.id).execute();
    const deleted = await trx.deleteFrom('tracks').where('id', '=', track.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    if (!track.hidden) {
      await trx.updateTable('profiles').set((eb) => ({ tracks_count: eb('tracks_count', '-', 1) })).where('id', '=', track.artist_id).execute();
    }
    return true;
  }

  /**
   * Writes a track's moderation and visibility columns, and `hidden` (= moderated OR visibility <>
   * 'public') in the same UPDATE; when hidden changes, the artist's (visible) track counter and the
   * length of the playlists holding it follow (genre counters and the search index follow by trigger).
   * The row is read first (locked on PostgreSQL). Undefined when there is no such track.
   */
  async setAccess(trx: Transaction<Database>, id: string, changes: AccessChanges): Promise<{ hiddenBefore: number; hidden: number; moderatedBefore: number } | undefined> {
    const current = await this.dialect.forUpdate(
      trx.selectFrom('tracks').select(['hidden', 'moderated', 'suspended', 'visibility', 'artist_id', 'duration', 'release_id']).where('id', '=', id),
    ).executeTakeFirst();
    if (!current) return undefined;
    const moderated = changes.moderated ?? current.moderated;
    const suspended = changes.suspended ?? current.suspended;
    const visibility = changes.visibility ?? current.visibility;
    const hidden = moderated || suspended || visibility !== 'public' ? 1 : 0;
    await trx
      .updateTable('tracks')
      .set({ ...changes, hidden })
      .where('id', '=', id)
      .execute();
    if (hidden !== current.hidden) await this.followHidden(trx, { id, artist_id: current.artist_id, duration: current.duration, release_id: current.release_id }, hidden === 1);
    return { hiddenBefore: current.hidden, hidden, moderatedBefore: current.moderated };
  }

  /** The artist's visible-track counter, the playlists' lengths and its release's counters, after a track left (or came back to) the public lists. */
  private async followHidden(trx: Transaction<Database>, track: { id: string; artist_id: string; duration: number | null; release_id: string | null }, hidden: boolean): Promise<void> {
    await shiftPlaylistDurations(trx, track, hidden ? -1 : 1);
    if (track.release_id) await shiftReleaseCounters(trx, track.release_id, { duration: track.duration }, hidden ? -1 : 1);
    await trx
      .updateTable('profiles')
      .set((eb) => ({ tracks_count: eb('tracks_count', hidden ? '-' : '+', 1) }))
      .where('id', '=', track.artist_id)
      .execute();
  }

  /** Hides or shows a track (admins' moderation); false when it already was. */
  async setModerated(trx: Transaction<Database>, id: string, moderated: boolean): Promise<boolean> {
    const result = await this.setAccess(trx, id, { moderated: moderated ? 1 : 0 });
    return result !== undefined && result.moderatedBefore !== (moderated ? 1 : 0);
  }

  /** The older name of setModerated, from before tracks had a visibility of their own (an admin's hide is now `moderated`). */
  setHidden(trx: Transaction<Database>, id: string, hidden: boolean): Promise<boolean> {
    return this.setModerated(trx, id, hidden);
  }

  /** The ids of an owner's tracks (suspension and its lift go through setAccess, one track at a time, for the counters). */
  async idsByArtist(trx: Transaction<Database>, artistId: string): Promise<string[]> {
    return (await trx.selectFrom('tracks').select('id').where('artist_id', '=', artistId).orderBy('id').execute()).map((r) => r.id);
  }

  /** The ids of scheduled tracks due by `now`, soonest first (the partial index on publish_at). */
  async dueForPublishing(now: string, limit: number): Promise<string[]> {
    const rows = await this.dueQuery(now).limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /** The query behind dueForPublishing (public so tests can EXPLAIN it). */
  dueQuery(now: string) {
    return this.db.selectFrom('tracks').select('id').where('publish_at', 'is not', null).where('publish_at', '<=', now).orderBy('publish_at');
  }

  /** The distinct times of tracks scheduled after `from` and by `to`, soonest first (the partial index on publish_at): the publish sweep's look-ahead. */
  async scheduledBetween(from: string, to: string, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('tracks').select('publish_at').distinct().where('publish_at', 'is not', null).where('publish_at', '>', from).where('publish_at', '<=', to).orderBy('publish_at').limit(limit).execute();
    return rows.flatMap((r) => (r.publish_at ? [r.publish_at] : []));
  }

  /**
   * Makes one scheduled track public, if it is still due and not public: a conditional UPDATE, so
   * of any number of workers racing on it exactly one publishes it (the others match no row).
   * Its release date (created_at) becomes `now`, so it is new in the lists from then.
   */
  async publishIfDue(id: string, now: string): Promise<PublishedTrack | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('tracks')
        .set({ visibility: 'public' as const, publish_at: null, hidden: sql<number>`CASE WHEN moderated <> 0 OR suspended <> 0 THEN 1 ELSE 0 END`, created_at: now })
        .where('id', '=', id)
        .where('visibility', '<>', 'public')
        .where('publish_at', 'is not', null)
        .where('publish_at', '<=', now)
        // A track of a scheduled release goes public with its release (ReleaseService.publishDue), announced once as the release.
        .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM releases r WHERE r.id = tracks.release_id AND r.publish_at IS NOT NULL AND r.visibility <> 'public')`)
        .returning(['id', 'artist_id', 'duration', 'moderated', 'suspended', 'release_id'])
        .executeTakeFirst();
      if (!row) {
        // A schedule left on a track made public meanwhile is cleared, so it is not read again.
        await trx.updateTable('tracks').set({ publish_at: null }).where('id', '=', id).where('visibility', '=', 'public').execute();
        return undefined;
      }
      // The tag page orders by the same release date.
      await trx.updateTable('track_tags').set({ created_at: now }).where('track_id', '=', id).execute();
      if (!row.moderated && !row.suspended) await this.followHidden(trx, row, false);
      return { id: row.id, artist_id: row.artist_id };
    });
  }

  /** A track just published (with its release): new in the lists from `now`, its tag rows too. */
  async markReleased(trx: Transaction<Database>, id: string, now: string): Promise<void> {
    await trx.updateTable('tracks').set({ created_at: now }).where('id', '=', id).execute();
    await trx.updateTable('track_tags').set({ created_at: now }).where('track_id', '=', id).execute();
  }

  /** Changes what a track says about itself; search_text comes along (the SQLite search table follows by trigger). */
  async updateDetails(id: string, changes: { title: string; genre: string; search_text: string; tags?: string[] }): Promise<void> {
    const { tags, ...columns } = changes;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('tracks').set({ ...this.withWords(columns), ...(tags ? { tags: JSON.stringify(tags) } : {}) }).where('id', '=', id).execute();
      if (tags) await this.setTags(trx, id, tags);
      await this.addWords(trx, [changes.search_text]);
    });
  }

  /** Replaces the tag rows of a track (the tag page's index), each with the track's created_at. */
  async setTags(trx: Transaction<Database>, id: string, tags: string[]): Promise<void> {
    await trx.deleteFrom('track_tags').where('track_id', '=', id).execute();
    if (tags.length === 0) return;
    const row = await trx.selectFrom('tracks').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
    await trx
      .insertInto('track_tags')
      .values(tags.map((tag) => ({ track_id: id, tag, created_at: row.created_at })))
      .execute();
  }

  /**
   * The columns with tracks.words beside search_text on PostgreSQL (its word index; migration
   * track-words). Every write of search_text goes through here and through addWords, so the
   * vocabulary holds every word a track's words hold.
   */
  private withWords<T extends { search_text: string }>(columns: T): T & { words?: string[] } {
    return this.dialect.fullText === 'gin' ? { ...columns, words: trackWords(columns.search_text) } : columns;
  }

  /** Records the words of tracks' search texts (title and artist), in the transaction that writes them. */
  async addWords(db: Db, texts: string[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const text of texts) for (const word of new Set(words(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
    const rows = [...counts].map(([word, tracks]) => ({ word, reversed: [...word].reverse().join(''), length: [...word].length, tracks }));
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('search_words')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.column('word').doUpdateSet({ tracks: sql`search_words.tracks + excluded.tracks` }))
        .execute();
    }
  }

  async setImage(id: string, imageKey: string | null): Promise<void> {
    await this.db.updateTable('tracks').set({ image_key: imageKey }).where('id', '=', id).execute();
  }

  /** Tracks whose waveform is still to be made, oldest first. */
  async pendingWaveforms(limit: number): Promise<Array<{ id: string; storage_key: string; content_type: string }>> {
    return this.db
      .selectFrom('tracks')
      .select(['id', 'storage_key', 'content_type'])
      .where('waveform_status', '=', 'pending')
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  }

  /** Tracks whose `audio` job is still to run, oldest first. */
  async processingAudio(limit: number): Promise<Array<{ id: string }>> {
    return this.db.selectFrom('tracks').select('id').where('audio_status', '=', 'processing').orderBy('created_at', 'asc').limit(limit).execute();
  }

  /** Records what the media engine made of a track still processing; false when it is gone or was done meanwhile. */
  async setAudio(id: string, audio: AudioOutcome): Promise<boolean> {
    const result = await this.db
      .updateTable('tracks')
      .set(audio)
      .where('id', '=', id)
      .where('audio_status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setWaveform(id: string, status: 'ready' | 'unavailable', peaks: number[] | null): Promise<void> {
    await this.db
      .updateTable('tracks')
      .set({ waveform_status: status, waveform: peaks ? JSON.stringify(peaks) : null })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps search_text in step with a renamed artist (it holds the artist's name). */
  async renameArtist(artistId: string, displayName: string, searchText: (title: string, artist: string, tags?: string[]) => string): Promise<void> {
    const rows = await this.db.selectFrom('tracks').select(['id', 'title', 'tags']).where('artist_id', '=', artistId).execute();
    const releases = await this.db.selectFrom('releases').select(['id', 'title']).where('artist_id', '=', artistId).execute();
    await this.db.transaction().execute(async (trx) => {
      const texts = rows.map((row) => searchText(row.title, displayName, parseTags(row.tags)));
      for (const [i, row] of rows.entries()) {
        await trx.updateTable('tracks').set(this.withWords({ search_text: texts[i]! })).where('id', '=', row.id).execute();
      }
      for (const release of releases) {
        await trx.updateTable('releases').set({ search_text: searchText(release.title, displayName) }).where('id', '=', release.id).execute();
      }
      // Every word of the new texts, the name's other-script spellings included, once per track.
      await this.addWords(trx, texts);
    });
  }

}

/** Moves a release's counters by one visible track (and its seconds), in the caller's transaction. */
export async function shiftReleaseCounters(trx: Transaction<Database>, releaseId: string, track: { duration: number | null }, sign: 1 | -1): Promise<void> {
  await trx
    .updateTable('releases')
    .set((eb) => ({ track_count: eb('track_count', '+', sign), duration_seconds: eb('duration_seconds', '+', sign * (track.duration ?? 0)) }))
    .where('id', '=', releaseId)
    .execute();
}

/**
 * Takes a track off its release (if on one), in the caller's transaction: the release's counters
 * drop when it was visible, and the tracks after it move up one place.
 */
export async function leaveRelease(trx: Transaction<Database>, trackId: string): Promise<void> {
  const row = await trx.selectFrom('tracks').select(['release_id', 'release_position', 'hidden', 'duration']).where('id', '=', trackId).executeTakeFirst();
  if (!row?.release_id) return;
  await trx.updateTable('tracks').set({ release_id: null, release_position: null }).where('id', '=', trackId).execute();
  if (!row.hidden) await shiftReleaseCounters(trx, row.release_id, row, -1);
  if (row.release_position !== null) {
    await trx
      .updateTable('tracks')
      .set((eb) => ({ release_position: eb('release_position', '-', 1) }))
      .where('release_id', '=', row.release_id)
      .where('release_position', '>', row.release_position)
      .execute();
  }
}
