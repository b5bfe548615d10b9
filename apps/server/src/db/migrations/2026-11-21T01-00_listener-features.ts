import type { Kysely } from 'kysely';

/*
 * Listener features: a playlist's track counter kept on its row, and a lower-cased profile name
 * for artist search (lower-cased in JavaScript: SQLite's lower() ignores Cyrillic).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playlists').addColumn('track_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('profiles').addColumn('search_name', 'text', (c) => c.notNull().defaultTo('')).execute();
  const profiles = await db.selectFrom('profiles').select(['id', 'display_name']).execute();
  for (const p of profiles as Array<{ id: string; display_name: string }>) {
    await db.updateTable('profiles').set({ search_name: p.display_name.toLowerCase() }).where('id', '=', p.id).execute();
  }
  await db.schema.createIndex('profiles_artist_search_idx').on('profiles').columns(['is_artist', 'tracks_count']).execute();
  await db.schema.createIndex('track_likes_user_time_idx').on('track_likes').columns(['user_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('track_likes_user_time_idx').execute();
  await db.schema.dropIndex('profiles_artist_search_idx').execute();
  await db.schema.alterTable('profiles').dropColumn('search_name').execute();
  await db.schema.alterTable('playlists').dropColumn('track_count').execute();
}
