import type { Kysely } from 'kysely';

/*
 * A local listener's reactions to a remote track (issue 30, the following side):
 * - remote_track_reactions: the listener liked or reposted a remote track (`kind` 'like' or
 *   'repost'); `activity_id` is the Like or Announce sent, so an Undo names it. Gone with the track.
 * - sent_replies: a reply the listener sent to a remote track (the Note's id is
 *   `/ap/notes/:id` under PUBLIC_URL), kept as its plain text.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('remote_track_reactions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('track_uri', 'text', (c) => c.notNull().references('remote_tracks.uri').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_track_reactions_pk', ['user_id', 'track_uri', 'kind'])
    .execute();
  await db.schema
    .createTable('sent_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('track_uri', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_replies_user').on('sent_replies').columns(['user_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sent_replies').execute();
  await db.schema.dropTable('remote_track_reactions').execute();
}
