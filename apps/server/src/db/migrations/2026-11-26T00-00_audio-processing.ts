import { type Kysely, sql } from 'kysely';

/*
 * What the media engine makes of each uploaded track: its state (`processing` until the `audio`
 * job has run; `original` for tracks made before, or without an engine; `failed` when the engine
 * could not read the file), the source's codec and bitrate, its integrated loudness and true peak
 * (EBU R128), and the storage keys of its streaming renditions (null: the original is played).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('tracks')
    .addColumn('audio_status', 'text', (c) => c.notNull().defaultTo('original'))
    .execute();
  for (const [column, type] of [
    ['source_codec', 'text'],
    ['source_kbps', 'integer'],
    ['loudness_lufs', 'double precision'],
    ['true_peak_dbtp', 'double precision'],
    ['high_key', 'text'],
    ['saver_key', 'text'],
  ] as const) {
    await db.schema.alterTable('tracks').addColumn(column, type).execute();
  }
  // The media route finds a track by any of its keys.
  await db.schema.createIndex('tracks_high_key_idx').on('tracks').column('high_key').execute();
  await db.schema.createIndex('tracks_saver_key_idx').on('tracks').column('saver_key').execute();
  // Tracks whose job is still to run, found again at start.
  await db.schema.createIndex('tracks_audio_processing_idx').on('tracks').column('created_at').where(sql.ref('audio_status'), '=', 'processing').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tracks_audio_processing_idx').execute();
  await db.schema.dropIndex('tracks_saver_key_idx').execute();
  await db.schema.dropIndex('tracks_high_key_idx').execute();
  for (const column of ['saver_key', 'high_key', 'true_peak_dbtp', 'loudness_lufs', 'source_kbps', 'source_codec', 'audio_status']) {
    await db.schema.alterTable('tracks').dropColumn(column).execute();
  }
}
