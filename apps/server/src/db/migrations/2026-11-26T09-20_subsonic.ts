import { type Kysely, sql } from 'kysely';

/*
 * The OpenSubsonic API.
 *
 * subsonic_credentials: a user's API keys and per-app passwords for Subsonic apps, never their
 * sign-in password. An API key is kept only as its SHA-256 (`key_hash`, unique: the lookup of an
 * `apiKey` request); an app password is kept encrypted (`secret_enc`, AES-256-GCM with a key
 * derived from the server secret), since the classic `t`+`s` token auth needs the password itself
 * to check md5(password + salt). Both are shown once, when made.
 *
 * play_queues: one saved play queue per user (track ids in order, the current one, its position
 * in ms, the device that saved it): what getPlayQueue / savePlayQueue read and write, and what the
 * web player will share ("continue on another device").
 *
 * profiles_artists_name_idx: getArtists / getIndexes list the profiles with visible tracks by name
 * from one range of this partial index, not a scan of every profile. tracks_likes_order_idx:
 * getAlbumList2 type=highest walks visible tracks by likes (the other lists have their indexes).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('subsonic_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text')
    .addColumn('secret_enc', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('subsonic_credentials_key_idx').on('subsonic_credentials').column('key_hash').unique().execute();
  await db.schema.createIndex('subsonic_credentials_user_idx').on('subsonic_credentials').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('play_queues')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('track_ids', 'text', (c) => c.notNull())
    .addColumn('current_id', 'text')
    .addColumn('position_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('profiles_artists_name_idx')
    .on('profiles')
    .columns(['display_name', 'id'])
    .where(sql.ref('tracks_count'), '>', 0)
    .execute();
  await db.schema.createIndex('tracks_likes_order_idx').on('tracks').columns(['likes_count', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tracks_likes_order_idx').execute();
  await db.schema.dropIndex('profiles_artists_name_idx').execute();
  await db.schema.dropTable('play_queues').execute();
  await db.schema.dropTable('subsonic_credentials').execute();
}
