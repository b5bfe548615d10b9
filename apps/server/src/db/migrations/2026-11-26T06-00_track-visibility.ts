import { type Kysely, sql } from 'kysely';

/*
 * Track visibility: each track is `public`, `unlisted` (out of every list, playable by
 * whoever holds its secret link) or `private` (owner and admins only); a `publish_at` time makes an
 * unlisted or private track public (the `track-publish` job); `downloadable` lets listeners download
 * the original. The admins' hide moves to `moderated`, and `hidden` stays THE "out of every public
 * list" flag that list queries, partial indexes, counter and search triggers already read, now
 * derived: hidden = moderated OR visibility <> 'public' (every write of either sets it in the same UPDATE).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tracks').addColumn('moderated', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tracks').addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public')).execute();
  await db.schema.alterTable('tracks').addColumn('secret', 'text').execute();
  await db.schema.alterTable('tracks').addColumn('publish_at', 'text').execute();
  await db.schema.alterTable('tracks').addColumn('downloadable', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // Every track hidden so far was hidden by an admin.
  await sql`UPDATE tracks SET moderated = hidden`.execute(db);
  // The scheduled-release job reads the due tracks from this (few rows: only scheduled ones).
  await db.schema.createIndex('tracks_publish_at_idx').on('tracks').column('publish_at').where(sql.ref('publish_at'), 'is not', null).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tracks_publish_at_idx').execute();
  await sql`UPDATE tracks SET hidden = moderated`.execute(db);
  for (const column of ['downloadable', 'publish_at', 'secret', 'visibility', 'moderated']) {
    await db.schema.alterTable('tracks').dropColumn(column).execute();
  }
}
