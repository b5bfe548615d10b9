import type { Kysely } from 'kysely';

/*
 * Studio and social side: a track's cover image and waveform peaks, who reviewed a report and
 * when, and the indexes the dashboard, news feed, studio lists and moderation queue read through.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tracks').addColumn('image_key', 'text').execute();
  // Existing tracks start 'pending', so the waveform worker makes their peaks after the upgrade.
  await db.schema.alterTable('tracks').addColumn('waveform_status', 'text', (c) => c.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('tracks').addColumn('waveform', 'text').execute();
  await db.schema.createIndex('tracks_waveform_status_idx').on('tracks').columns(['waveform_status', 'created_at']).execute();

  await db.schema.alterTable('reports').addColumn('reviewed_by', 'text').execute();
  await db.schema.alterTable('reports').addColumn('reviewed_at', 'text').execute();
  await db.schema.createIndex('reports_track_status_idx').on('reports').columns(['track_id', 'status']).execute();

  await db.schema.createIndex('comments_user_idx').on('comments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('follows_subscriber_time_idx').on('follows').columns(['subscriber_id', 'created_at']).execute();
  await db.schema.createIndex('contact_messages_time_idx').on('contact_messages').column('created_at').execute();
  await db.schema.createIndex('profiles_status_idx').on('profiles').column('status').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('profiles_status_idx').execute();
  await db.schema.dropIndex('contact_messages_time_idx').execute();
  await db.schema.dropIndex('follows_subscriber_time_idx').execute();
  await db.schema.dropIndex('comments_user_idx').execute();
  await db.schema.dropIndex('reports_track_status_idx').execute();
  await db.schema.alterTable('reports').dropColumn('reviewed_at').execute();
  await db.schema.alterTable('reports').dropColumn('reviewed_by').execute();
  await db.schema.dropIndex('tracks_waveform_status_idx').execute();
  await db.schema.alterTable('tracks').dropColumn('waveform').execute();
  await db.schema.alterTable('tracks').dropColumn('waveform_status').execute();
  await db.schema.alterTable('tracks').dropColumn('image_key').execute();
}
