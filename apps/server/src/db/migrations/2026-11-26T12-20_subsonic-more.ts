import { type Kysely, sql } from 'kysely';

/*
 * The rest of the OpenSubsonic API.
 *
 * now_playing: per user, the track a Subsonic app last announced as playing (scrobble with
 * submission=false), with the app's name and when; getNowPlaying reads it, and the play queues
 * saved lately, for the rows still within their track's length. In the database, so every
 * instance answers alike; it shows a listener their own plays only, so it reads by primary key.
 *
 * getAlbumList2's alphabetical and by-year lists page through every listed album: releases (a
 * visible track at least, public) and singles (visible tracks with no release), each side walked
 * along its own partial index in the list's order and the two merged, never a sort of the
 * catalogue. The partial conditions are written as the queries write them (literals), since a
 * partial index serves only a query whose WHERE visibly implies it.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LISTED_RELEASE = sql`track_count > 0 AND visibility = 'public'`;
const SINGLE = sql`release_id IS NULL AND hidden = 0`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('now_playing')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('player', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await sql`CREATE INDEX releases_name_idx ON releases (lower(title), id) WHERE ${LISTED_RELEASE}`.execute(db);
  await sql`CREATE INDEX releases_year_idx ON releases (release_date, id) WHERE ${LISTED_RELEASE}`.execute(db);
  await sql`CREATE INDEX releases_artist_name_idx ON releases (artist_id, lower(title), id) WHERE ${LISTED_RELEASE}`.execute(db);
  // Singles by name walk the title index, by year tracks_created_idx (created_at, id), filtering as
  // they go (most tracks are singles): every index on tracks costs each listen's counter update
  // (not HOT on PostgreSQL: tracks_listens_idx holds the counter), 7–46 % more per update with
  // three partial ones here. The title index gains the id to order ties.
  await db.schema.dropIndex('tracks_title_lower_idx').execute();
  await sql`CREATE INDEX tracks_title_lower_idx ON tracks (lower(title), id)`.execute(db);
  await sql`CREATE INDEX tracks_single_artist_name_idx ON tracks (artist_id, lower(title), id) WHERE ${SINGLE}`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of ['tracks_single_artist_name_idx', 'releases_artist_name_idx', 'releases_year_idx', 'releases_name_idx', 'tracks_title_lower_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  await sql`CREATE INDEX tracks_title_lower_idx ON tracks (lower(title))`.execute(db);
  await db.schema.dropTable('now_playing').execute();
}
