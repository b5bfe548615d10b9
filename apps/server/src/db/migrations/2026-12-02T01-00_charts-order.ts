import type { Kysely } from 'kysely';

/*
 * Top charts read the tracks with the most listens, newest first among equals: `ORDER BY
 * listens_count DESC, created_at DESC LIMIT 10`. The index on listens_count alone left the tie
 * order to a sort; at ten million tracks PostgreSQL's planner priced that sort high enough to hand
 * it to two parallel workers, whose start took 14 ms of every chart at p50 where the read itself
 * takes 0.4 ms (bench/catalogue.md, the growth table). With created_at in the index the rows come
 * in the order asked and ten index entries answer. listens_count was in an index already, so a
 * listen's counter update takes no new index entry for it.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('tracks_listens_order_idx').on('tracks').columns(['listens_count', 'created_at']).execute();
  await db.schema.dropIndex('tracks_listens_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('tracks_listens_idx').on('tracks').columns(['listens_count']).execute();
  await db.schema.dropIndex('tracks_listens_order_idx').execute();
}
