import { type Kysely, sql } from 'kysely';

/*
 * Replies to comments ("comment (and reply)" notifications).
 *
 * comments.parent_id: the thread's first comment for a reply, NULL for a comment on the track.
 * Threads are one level deep, as on SoundCloud: a reply to a reply joins the same thread (and
 * notifies the author of the comment it answers). A thread is deleted with its first comment;
 * comments_parent_idx finds its replies.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('comments').addColumn('parent_id', 'text').execute();
  await sql`CREATE INDEX comments_parent_idx ON comments (parent_id) WHERE parent_id IS NOT NULL`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('comments_parent_idx').execute();
  await db.schema.alterTable('comments').dropColumn('parent_id').execute();
}
