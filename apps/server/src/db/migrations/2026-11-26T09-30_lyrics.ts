import type { Kysely } from 'kysely';

/*
 * Lyrics: one row per track that has them, with the source the artist wrote (LRC or
 * plain) and its parsed lines as JSON, so a read never parses. `tracks.has_lyrics` is kept in the
 * same transaction as the row, so a track's contract says whether it has lyrics without a join.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('track_lyrics')
    .addColumn('track_id', 'text', (c) => c.primaryKey().references('tracks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('lang', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('tracks').addColumn('has_lyrics', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tracks').dropColumn('has_lyrics').execute();
  await db.schema.dropTable('track_lyrics').ifExists().execute();
}
