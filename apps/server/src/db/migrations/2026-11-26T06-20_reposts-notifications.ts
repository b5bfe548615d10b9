import { type Kysely, sql } from 'kysely';

/*
 * Reposts and notifications.
 *
 * A repost is a row of `posts` with kind 'repost' and the reposted track's id: the news feed
 * already reads posts newest first by posts_time_idx / posts_author_time_idx, so reposts come into
 * News with no second query. One repost per (track, author): posts_repost_idx (unique; an ordinary
 * post has track_id NULL, and NULLs never collide). A release's repost will add a nullable
 * release_id the same way. tracks.reposts_count is kept by the repository in the transaction that
 * adds or removes the row, as likes_count is.
 *
 * notifications: one row per recipient and `key` (what the notification is about, e.g.
 * like:<actor>:<track>): a like undone and redone never makes a second row. `group_key` gathers
 * rows shown together ("Ann and 12 others liked …"). The unread count is bounded and read from
 * notifications_unread_idx. notification_optouts: the kinds a user turned off (absent: on).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('posts').addColumn('kind', 'text', (c) => c.notNull().defaultTo('post')).execute();
  await db.schema
    .alterTable('posts')
    .addColumn('track_id', 'text', (c) => c.references('tracks.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('posts_repost_idx').on('posts').columns(['track_id', 'author_id']).unique().execute();
  await db.schema.createIndex('posts_author_kind_time_idx').on('posts').columns(['author_id', 'kind', 'created_at']).execute();
  await db.schema.alterTable('tracks').addColumn('reposts_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.references('tracks.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notifications_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('notifications_user_time_idx').on('notifications').columns(['user_id', 'created_at', 'key']).execute();
  await db.schema.createIndex('notifications_unread_idx').on('notifications').column('user_id').where(sql.ref('read'), '=', 0).execute();
  // The cascades from tracks, comments and users find their rows by these.
  await db.schema.createIndex('notifications_track_idx').on('notifications').column('track_id').execute();
  await db.schema.createIndex('notifications_comment_idx').on('notifications').column('comment_id').execute();
  await db.schema.createIndex('notifications_actor_idx').on('notifications').column('actor_id').execute();

  await db.schema
    .createTable('notification_optouts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_optouts_pk', ['user_id', 'kind'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notification_optouts').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.alterTable('tracks').dropColumn('reposts_count').execute();
  await db.schema.dropIndex('posts_author_kind_time_idx').execute();
  await db.schema.dropIndex('posts_repost_idx').execute();
  await db.deleteFrom('posts').where('kind', '=', 'repost').execute();
  await db.schema.alterTable('posts').dropColumn('track_id').execute();
  await db.schema.alterTable('posts').dropColumn('kind').execute();
}
