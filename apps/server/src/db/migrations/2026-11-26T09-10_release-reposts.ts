import { type Kysely, sql } from 'kysely';
import { isPostgres } from './2026-11-21T02-00_search-index.js';

/*
 * Reposts of releases, and repost counters that follow an account's deletion.
 * - posts.release_id: a repost of a release is a row of `posts` with kind 'repost' and the
 *   release's id (track_id NULL), as a track's repost has track_id; one per (release, author) by
 *   posts_release_repost_idx (unique; NULLs never collide). It goes with the release (cascade).
 * - releases.reposts_count: kept by the repository in the transaction that adds or removes the row.
 * - The notification of a repost of a release names it in notifications.release_id (migration
 *   release-notifications made that column).
 * - reposts_on_profile_delete: when an account goes, ON DELETE CASCADE takes its reposts with it
 *   (user → profiles → posts) without passing through the repository; this trigger, fired just
 *   before the profile row goes (its posts still there), lowers the counters of what it reposted.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('release_id', 'text', (c) => c.references('releases.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('posts_release_repost_idx').on('posts').columns(['release_id', 'author_id']).unique().execute();
  await db.schema.alterTable('releases').addColumn('reposts_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  if (isPostgres(db)) {
    await sql`CREATE OR REPLACE FUNCTION platter_reposts_on_profile_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE tracks SET reposts_count = reposts_count - 1
        WHERE id IN (SELECT track_id FROM posts WHERE author_id = OLD.id AND kind = 'repost' AND track_id IS NOT NULL);
      UPDATE releases SET reposts_count = reposts_count - 1
        WHERE id IN (SELECT release_id FROM posts WHERE author_id = OLD.id AND kind = 'repost' AND release_id IS NOT NULL);
      RETURN OLD;
    END $$`.execute(db);
    await sql`CREATE TRIGGER reposts_on_profile_delete BEFORE DELETE ON profiles
      FOR EACH ROW EXECUTE FUNCTION platter_reposts_on_profile_delete()`.execute(db);
  } else {
    await sql`CREATE TRIGGER reposts_on_profile_delete BEFORE DELETE ON profiles BEGIN
      UPDATE tracks SET reposts_count = reposts_count - 1
        WHERE id IN (SELECT track_id FROM posts WHERE author_id = old.id AND kind = 'repost' AND track_id IS NOT NULL);
      UPDATE releases SET reposts_count = reposts_count - 1
        WHERE id IN (SELECT release_id FROM posts WHERE author_id = old.id AND kind = 'repost' AND release_id IS NOT NULL);
    END`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS reposts_on_profile_delete ON profiles`.execute(db);
    await sql`DROP FUNCTION IF EXISTS platter_reposts_on_profile_delete`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS reposts_on_profile_delete`.execute(db);
  }
  await db.schema.alterTable('releases').dropColumn('reposts_count').execute();
  await db.schema.dropIndex('posts_release_repost_idx').execute();
  await db.deleteFrom('posts').where('release_id', 'is not', null).execute();
  await db.schema.alterTable('posts').dropColumn('release_id').execute();
}
