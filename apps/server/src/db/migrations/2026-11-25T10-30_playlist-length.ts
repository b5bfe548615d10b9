import { type Kysely, sql } from 'kysely';

/*
 * Each playlist's length (seconds of its visible tracks) on its row, kept as its track counter is:
 * in the transaction that adds or removes an entry, hides, shows or deletes a track. A page of a
 * long playlist then shows the whole playlist's length without adding up every track.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playlists').addColumn('duration_seconds', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
  await sql`
    UPDATE playlists SET duration_seconds = coalesce((
      SELECT sum(tracks.duration) FROM playlist_tracks JOIN tracks ON tracks.id = playlist_tracks.track_id
      WHERE playlist_tracks.playlist_id = playlists.id AND tracks.hidden = 0
    ), 0)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playlists').dropColumn('duration_seconds').execute();
}
