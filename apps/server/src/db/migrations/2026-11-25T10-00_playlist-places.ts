import { type Kysely, sql } from 'kysely';

/*
 * A playlist's entries take the places 0…n−1 with no gap (removing an entry moves the ones after it
 * up), so page p of a playlist is the entries at places (p − 1) × size to p × size − 1: one range of
 * playlist_tracks_order_idx, however deep the page and however long the playlist. Removals used to
 * leave gaps and simultaneous additions could share a place; this numbers every playlist's entries
 * again in their play order (place, then time added, then id), and sets each playlist's counter to
 * its entries.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await sql`
    UPDATE playlist_tracks SET position = ranked.place
    FROM (
      SELECT id, row_number() OVER (PARTITION BY playlist_id ORDER BY position, added_at, id) - 1 AS place
      FROM playlist_tracks
    ) AS ranked
    WHERE ranked.id = playlist_tracks.id AND playlist_tracks.position <> ranked.place`.execute(db);
  await sql`
    UPDATE playlists SET track_count = (SELECT count(*) FROM playlist_tracks WHERE playlist_tracks.playlist_id = playlists.id)
    WHERE track_count <> (SELECT count(*) FROM playlist_tracks WHERE playlist_tracks.playlist_id = playlists.id)`.execute(db);
}

export async function down(): Promise<void> {
  // Places without gaps are valid under the earlier code too.
}
