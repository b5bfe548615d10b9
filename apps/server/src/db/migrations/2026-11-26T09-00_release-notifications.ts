import { type Kysely, sql } from 'kysely';

/*
 * Release access: a release going public is announced to the artist's followers as ONE
 * "new release" notification naming the release (notifications.release_id), not one per track.
 * The release's own visibility, secret and publish_at columns came with migration releases; the
 * partial index finds the scheduled releases that are due (few rows: only scheduled ones).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('release_id', 'text').execute();
  await db.schema.createIndex('notifications_release_idx').on('notifications').column('release_id').execute();
  await db.schema
    .createIndex('releases_publish_at_idx')
    .on('releases')
    .column('publish_at')
    .where(sql.ref('publish_at'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('releases_publish_at_idx').execute();
  await db.schema.dropIndex('notifications_release_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('release_id').execute();
}
