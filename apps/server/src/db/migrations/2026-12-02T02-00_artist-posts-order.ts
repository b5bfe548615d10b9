import type { Kysely } from 'kysely';

/*
 * An artist's posts are read pinned first, then newest first: `WHERE author_id = ? AND kind =
 * 'post' ORDER BY pinned DESC, created_at DESC, id DESC LIMIT n`. posts_author_kind_time_idx
 * (author_id, kind, created_at) does not hold `pinned`, so every post of the artist was read and
 * sorted for each page: 2,205 posts and 17 ms at p50 for the largest artist at ten million tracks,
 * 3.4 times its cost at one million (bench/catalogue.md, the growth table). With pinned in the
 * index, the page is its first n entries read backwards.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('posts_author_pinned_time_idx').on('posts').columns(['author_id', 'kind', 'pinned', 'created_at', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('posts_author_pinned_time_idx').execute();
}
