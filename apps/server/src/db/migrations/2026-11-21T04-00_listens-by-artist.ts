import { type Kysely, sql } from 'kysely';

/*
 * The dashboard reads an artist's listens by time. Through the artist's tracks that is one index
 * range per track, which Postgres's planner trades for a scan of all recent listens once the range
 * is a month or more (65 ms at a million listens; bench/dashboard.md). The artist on the listen row
 * makes it one range of one index on both engines.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('listens').addColumn('artist_id', 'text').execute();
  await sql`UPDATE listens SET artist_id = (SELECT tracks.artist_id FROM tracks WHERE tracks.id = listens.track_id)`.execute(db);
  // track_id too, so the per-day and per-track counts are answered from the index alone.
  await db.schema.createIndex('listens_artist_time_idx').on('listens').columns(['artist_id', 'created_at', 'track_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('listens_artist_time_idx').execute();
  await db.schema.alterTable('listens').dropColumn('artist_id').execute();
}
