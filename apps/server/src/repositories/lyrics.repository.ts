import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TrackLyricsTable } from '../db/schema.js';

export type LyricsRow = Selectable<TrackLyricsTable>;

/**
 * A track's lyrics (migration lyrics): one row per track; tracks.has_lyrics moves with the row, in
 * the caller's transaction.
 */
export class LyricsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(trackId: string): Promise<LyricsRow | undefined> {
    return this.db.selectFrom('track_lyrics').selectAll().where('track_id', '=', trackId).executeTakeFirst();
  }

  /** Writes (inserts or replaces) the track's lyrics and sets has_lyrics. */
  async put(trx: Transaction<Database>, row: LyricsRow): Promise<void> {
    const { track_id: _trackId, ...changes } = row;
    await trx
      .insertInto('track_lyrics')
      .values(row)
      .onConflict((oc) => oc.column('track_id').doUpdateSet(changes))
      .execute();
    await trx.updateTable('tracks').set({ has_lyrics: 1 }).where('id', '=', row.track_id).execute();
  }

  /** Removes the track's lyrics and clears has_lyrics; false when it had none. */
  async delete(trx: Transaction<Database>, trackId: string): Promise<boolean> {
    const deleted = await trx.deleteFrom('track_lyrics').where('track_id', '=', trackId).executeTakeFirst();
    await trx.updateTable('tracks').set({ has_lyrics: 0 }).where('id', '=', trackId).execute();
    return Number(deleted.numDeletedRows) > 0;
  }
}
