import { type Kysely, sql } from 'kysely';

/*
 * Releases in News and on Home (issue 29).
 * - releases.published_at: when the release went public (created public, made public by its artist,
 *   or published by its schedule); null while it is not public. News and "New releases" order by it,
 *   so a scheduled release appears when it goes public, not when it was created. The releases public
 *   before this migration take their created_at.
 * - releases_published_idx: Home's "New releases" reads the newest published first. (News reads a
 *   followed artist's releases by releases_artist_order_idx: an index on (artist, published_at)
 *   would take the Subsonic album list's plan away from releases_artist_name_idx on SQLite.)
 * - listens_time_idx: Home's "Trending" counts the last week's listens.
 * - profiles_subscribers_idx: News suggests the most followed artists to a listener who follows few.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('releases').addColumn('published_at', 'text').execute();
  await sql`UPDATE releases SET published_at = created_at WHERE visibility = 'public'`.execute(db);
  await db.schema.createIndex('releases_published_idx').on('releases').columns(['published_at']).execute();
  await db.schema.createIndex('listens_time_idx').on('listens').columns(['created_at']).execute();
  await db.schema.createIndex('profiles_subscribers_idx').on('profiles').columns(['subscribers_count']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('profiles_subscribers_idx').execute();
  await db.schema.dropIndex('listens_time_idx').execute();
  await db.schema.dropIndex('releases_published_idx').execute();
  await db.schema.alterTable('releases').dropColumn('published_at').execute();
}
