import type { Kysely } from 'kysely';

/*
 * The fediverse's publishing side (issue 30, apps/server/src/federation):
 * - federated_posts: an artist's posts delivered as Create(Note), with the hash of what was sent,
 *   so an edit sends Update only when the Note changed and a deletion knows whom to send Delete from.
 * - remote_notes: Notes (not replies to a local track) that remote artists someone here follows delivered.
 * - federation_gone: deleted accounts' actors (profile id and handle), so that their actor and
 *   WebFinger answer 410 Gone afterwards; no reference to profiles, which are gone.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('federated_posts')
    .addColumn('post_id', 'text', (c) => c.primaryKey())
    .addColumn('artist_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remote_notes')
    .addColumn('uri', 'text', (c) => c.primaryKey())
    .addColumn('actor_uri', 'text', (c) => c.notNull().references('remote_actors.uri').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('published', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remote_notes_actor').on('remote_notes').columns(['actor_uri', 'published']).execute();
  await db.schema
    .createTable('federation_gone')
    .addColumn('profile_id', 'text', (c) => c.primaryKey())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('federation_gone_handle').on('federation_gone').column('handle').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['federation_gone', 'remote_notes', 'federated_posts']) await db.schema.dropTable(table).execute();
}
