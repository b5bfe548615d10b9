import { type Kysely, sql } from 'kysely';

/*
 * Releases (albums, EPs, singles) and free track tags.
 * - releases: an artist's release with its counters (visible tracks and their seconds; likes),
 *   kept in the transactions that change them, as playlists keep theirs. visibility, secret and
 *   publish_at are unused for now (the visibility work wires them).
 * - tracks.release_id + tracks.release_position: a track is on at most one release, so the
 *   membership is a column of the track (no join table, no second row to keep in step); a release's
 *   tracks in order are one range of tracks_release_idx.
 * - release_likes: one row per listener and release (its counter on the release).
 * - tracks.tags (a JSON array, returned with the track) and track_tags, one row per tag with the
 *   track's created_at, so a tag page (newest first) is one range of track_tags_tag_order_idx.
 *   The tags also go into tracks.search_text, so the search index finds a track by its tags.
 * - releases_search_rank_idx: listed releases in the order search ranks them, holding their
 *   search text and id, walked alone as artist search walks profiles_artist_rank_idx.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('artist_id', 'text', (c) => c.notNull().references('profiles.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('release_date', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('track_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('secret', 'text')
    .addColumn('publish_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX releases_artist_order_idx ON releases (artist_id, release_date, created_at, id)`.execute(db);
  await sql`CREATE INDEX releases_search_rank_idx ON releases (likes_count DESC, created_at DESC, search_text, id) WHERE track_count > 0`.execute(db);

  await db.schema
    .createTable('release_likes')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('release_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_likes_pk', ['user_id', 'release_id'])
    .execute();
  await db.schema.createIndex('release_likes_release_idx').on('release_likes').column('release_id').execute();

  await db.schema.alterTable('tracks').addColumn('release_id', 'text').execute();
  await db.schema.alterTable('tracks').addColumn('release_position', 'integer').execute();
  await db.schema.alterTable('tracks').addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await sql`CREATE INDEX tracks_release_idx ON tracks (release_id, release_position) WHERE release_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('track_tags')
    .addColumn('track_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('track_tags_pk', ['track_id', 'tag'])
    .execute();
  await sql`CREATE INDEX track_tags_tag_order_idx ON track_tags (tag, created_at, track_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('track_tags').execute();
  await sql`DROP INDEX tracks_release_idx`.execute(db);
  for (const column of ['tags', 'release_position', 'release_id']) await db.schema.alterTable('tracks').dropColumn(column).execute();
  await db.schema.dropTable('release_likes').execute();
  await db.schema.dropTable('releases').execute();
}
