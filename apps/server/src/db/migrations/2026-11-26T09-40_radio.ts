import { type Kysely, sql } from 'kysely';

/*
 * Radio.
 *
 * track_similar: for a track, up to RADIO_SIMILAR_LIMIT similar tracks with a score and the
 * strongest reason ('co-listened', 'co-liked', 'same tags', 'same genre'), written by the
 * `radio-similar` job in bounded batches (services/radio.service.ts). A track's neighbours are
 * read best first from track_similar_order_idx.
 *
 * radio_cursors: where the job stands: `activity` (the played_at of the last history row whose
 * track was refreshed) and `catalogue` (created_at~id of the last track walked for a first
 * computation). history_time_idx serves the activity walk; history_track_user_idx the "who else
 * played this" look-up of co-listens, track_likes_track_time_idx that of co-likes.
 *
 * daily_mixes: a listener's mix of the day (JSON array of {trackId, reason}), made at the first
 * request of the UTC day, so it stays the same all day.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('track_similar')
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('similar_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('track_similar_pk', ['track_id', 'similar_id'])
    .execute();
  await sql`CREATE INDEX track_similar_order_idx ON track_similar (track_id, score DESC, similar_id)`.execute(db);
  // The cascade from a deleted similar track finds its rows by this.
  await db.schema.createIndex('track_similar_similar_idx').on('track_similar').column('similar_id').execute();

  await db.schema
    .createTable('radio_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('history_time_idx').on('history').columns(['played_at', 'track_id']).execute();
  await db.schema.createIndex('history_track_user_idx').on('history').columns(['track_id', 'played_at', 'user_id']).execute();
  // A track's newest likers (co-likes), without sorting all of a popular track's likes.
  await db.schema.createIndex('track_likes_track_time_idx').on('track_likes').columns(['track_id', 'created_at']).execute();

  await db.schema
    .createTable('daily_mixes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_mixes_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('daily_mixes').execute();
  await db.schema.dropIndex('track_likes_track_time_idx').execute();
  await db.schema.dropIndex('history_track_user_idx').execute();
  await db.schema.dropIndex('history_time_idx').execute();
  await db.schema.dropTable('radio_cursors').execute();
  await db.schema.dropTable('track_similar').execute();
}
