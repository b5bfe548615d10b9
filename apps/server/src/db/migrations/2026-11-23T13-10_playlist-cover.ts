import type { Kysely } from 'kysely';

/*
 * A playlist may have its own cover image (a stored WebP, like a track's): when set it wins over
 * the mosaic of its first tracks' covers; null keeps the mosaic.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playlists').addColumn('image_key', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playlists').dropColumn('image_key').execute();
}
