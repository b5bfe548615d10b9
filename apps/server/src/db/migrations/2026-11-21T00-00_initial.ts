import { type Kysely, sql } from 'kysely';

/* The first schema: every entity of SPEC section 3, normalized. Runs on SQLite and PostgreSQL alike. */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('photo_url', 'text')
    .addColumn('cover_url', 'text')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('is_artist', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('subscribers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscriptions_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tracks_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('profiles_status_check', sql`status in ('creator', 'artist', 'premium', 'user')`)
    .execute();
  await db.schema.createIndex('profiles_artist_name_idx').on('profiles').columns(['is_artist', 'display_name']).execute();

  await db.schema
    .createTable('tracks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('genre', 'text', (c) => c.notNull())
    .addColumn('artist_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('duration', 'double precision')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listens_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tracks_created_idx').on('tracks').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('tracks_genre_created_idx').on('tracks').columns(['genre', 'created_at']).execute();
  await db.schema.createIndex('tracks_artist_created_idx').on('tracks').columns(['artist_id', 'created_at']).execute();
  await db.schema.createIndex('tracks_listens_idx').on('tracks').columns(['listens_count']).execute();

  await db.schema
    .createTable('track_likes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('track_likes_pk', ['user_id', 'track_id'])
    .execute();
  await db.schema.createIndex('track_likes_track_idx').on('track_likes').column('track_id').execute();

  await db.schema
    .createTable('listens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('listens_track_time_idx').on('listens').columns(['track_id', 'created_at']).execute();
  await db.schema.createIndex('listens_user_time_idx').on('listens').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('position_sec', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_track_time_idx').on('comments').columns(['track_id', 'created_at']).execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posts_author_time_idx').on('posts').columns(['author_id', 'created_at']).execute();
  await db.schema.createIndex('posts_time_idx').on('posts').column('created_at').execute();

  await db.schema
    .createTable('post_likes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_likes_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('post_likes_post_idx').on('post_likes').column('post_id').execute();

  await db.schema
    .createTable('playlists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('playlists_user_idx').on('playlists').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('playlist_tracks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('playlist_tracks_order_idx')
    .on('playlist_tracks')
    .columns(['playlist_id', 'position'])
    .execute();
  await db.schema.createIndex('playlist_tracks_track_idx').on('playlist_tracks').column('track_id').execute();

  await db.schema
    .createTable('follows')
    .addColumn('subscriber_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('artist_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['subscriber_id', 'artist_id'])
    .addCheckConstraint('follows_not_self', sql`subscriber_id <> artist_id`)
    .execute();
  await db.schema.createIndex('follows_artist_time_idx').on('follows').columns(['artist_id', 'created_at']).execute();

  await db.schema
    .createTable('history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('played_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('history_user_time_idx').on('history').columns(['user_id', 'played_at']).execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_status_time_idx').on('reports').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('declared_type', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('uploads_status_expiry_idx').on('uploads').columns(['status', 'expires_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'uploads',
    'contact_messages',
    'reports',
    'history',
    'follows',
    'playlist_tracks',
    'playlists',
    'post_likes',
    'posts',
    'comments',
    'listens',
    'track_likes',
    'tracks',
    'profiles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
