import { type Kysely, type Selectable, type SqlBool, type Transaction, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database, PostsTable, ProfilesTable } from '../db/schema.js';

/** From this many authors on, SQLite reads the news feed newest first (see newsQuery; news-feed.repository.ts likewise). */
export const MANY_AUTHORS = 50;

/** A post with what a card shows of its author. */
export type PostWithAuthor = Selectable<PostsTable> & {
  author_name: string;
  author_photo: string | null;
  author_status: ProfilesTable['status'];
};

type Db = Kysely<Database> | Transaction<Database>;

export class PostRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  private base(db: Db = this.db) {
    return db
      .selectFrom('posts')
      .innerJoin('profiles', 'profiles.id', 'posts.author_id')
      .selectAll('posts')
      .select(['profiles.display_name as author_name', 'profiles.photo_url as author_photo', 'profiles.status as author_status']);
  }

  async getById(id: string, db: Db = this.db): Promise<PostWithAuthor | undefined> {
    return this.base(db).where('posts.id', '=', id).executeTakeFirst();
  }

  async create(post: { id: string; authorId: string; text: string; at: string }): Promise<void> {
    await this.db.insertInto('posts').values({ id: post.id, author_id: post.authorId, text: post.text, created_at: post.at }).execute();
  }

  /** The post and its likes (post_likes cascade on Postgres; deleted explicitly for SQLite databases without the pragma). */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('post_likes').where('post_id', '=', id).execute();
      const deleted = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    });
  }

  /** An author's posts: the pinned one first, then newest first. */
  async listByAuthor(authorId: string, limit: number): Promise<PostWithAuthor[]> {
    return this.listByAuthorQuery(authorId, limit).execute();
  }

  /** The query behind listByAuthor, pinned first, then newest: one range of posts_author_pinned_time_idx (public so tests can EXPLAIN it). */
  listByAuthorQuery(authorId: string, limit: number) {
    return this.base()
      .where('posts.author_id', '=', authorId)
      .where('posts.kind', '=', 'post')
      .orderBy('posts.pinned', 'desc')
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(limit);
  }

  /**
   * SPEC section 5's news feed: posts whose author is a creator, one of the viewer's
   * subscriptions or the viewer themself, newest first, strictly older than `before` when given.
   * The authors are read first and given to the posts query as a list, so the planner knows how
   * many there are: for many (a listener subscribed to a thousand artists) it walks posts_time_idx
   * from the newest and stops at the page; for a few it reads each one's posts by posts_author_time_idx.
   * A join with the authors' profiles or a subquery hides that from PostgreSQL, which then hashes
   * every post (bench/catalogue.md).
   */
  async news(viewerId: string | undefined, before: string | undefined, limit: number): Promise<PostWithAuthor[]> {
    const authors = await this.newsAuthors(viewerId);
    if (authors.length === 0) return [];
    // Past this many, a bound list would near the engines' parameter limits: the subquery form.
    if (authors.length > 10_000) return this.newsBySubquery(viewerId!, before, limit);
    let query = this.newsQuery(authors, limit);
    if (before) query = query.where('posts.created_at', '<', before);
    return query.execute();
  }

  /**
   * The query behind news() for a list of authors; public so tests can EXPLAIN it. SQLite's planner
   * reads every listed author's posts and sorts them, whatever their number; past a few dozen
   * authors the unary + (SQLite's way to keep a column's index out of the plan) makes it walk
   * posts_time_idx from the newest instead, as PostgreSQL chooses by itself.
   */
  newsQuery(authors: string[], limit: number) {
    const author = sql.ref('posts.author_id');
    const byTime = authors.length > MANY_AUTHORS;
    return this.base()
      .where(sql<SqlBool>`${byTime ? this.dialect.unindexed(author) : author} in (${sql.join(authors)})`)
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(limit);
  }

  private async newsBySubquery(viewerId: string, before: string | undefined, limit: number): Promise<PostWithAuthor[]> {
    let query = this.base().where((eb) =>
      eb.or([
        eb('profiles.status', '=', 'creator'),
        eb('posts.author_id', '=', viewerId),
        eb('posts.author_id', 'in', eb.selectFrom('follows').select('follows.artist_id').where('follows.subscriber_id', '=', viewerId)),
      ]),
    ).where('profiles.suspended_at', 'is', null);
    if (before) query = query.where('posts.created_at', '<', before);
    return query.orderBy('posts.created_at', 'desc').orderBy('posts.id', 'desc').limit(limit).execute();
  }

  /** Creators, and for a viewer their subscriptions and themself; suspended authors left out. */
  private async newsAuthors(viewerId: string | undefined): Promise<string[]> {
    const creators = this.db.selectFrom('profiles').select('id').where('status', '=', 'creator').where('suspended_at', 'is', null);
    const [rows, suspended] = await Promise.all([
      viewerId
        ? creators
            .union(this.db.selectFrom('follows').select('artist_id as id').where('subscriber_id', '=', viewerId))
            .union(this.db.selectFrom('profiles').select('id').where('id', '=', viewerId))
            .execute()
        : creators.execute(),
      // Few rows: profiles_suspended_idx holds only suspended profiles.
      viewerId ? this.db.selectFrom('profiles').select('id').where('suspended_at', 'is not', null).execute() : Promise.resolve([]),
    ]);
    const out = new Set(suspended.map((r) => r.id));
    return rows.flatMap((r) => (out.has(r.id) ? [] : [r.id]));
  }

  /** Which of these posts the user likes. */
  async likedAmong(userId: string, postIds: string[]): Promise<Set<string>> {
    if (postIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('post_likes').select('post_id').where('user_id', '=', userId).where('post_id', 'in', postIds).execute();
    return new Set(rows.map((r) => r.post_id));
  }

  async like(trx: Transaction<Database>, userId: string, postId: string, at: string): Promise<boolean> {
    const inserted = await trx
      .insertInto('post_likes')
      .values({ user_id: userId, post_id: postId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx.updateTable('posts').set((eb) => ({ likes_count: eb('likes_count', '+', 1) })).where('id', '=', postId).execute();
    return true;
  }

  async unlike(trx: Transaction<Database>, userId: string, postId: string): Promise<boolean> {
    const deleted = await trx.deleteFrom('post_likes').where('user_id', '=', userId).where('post_id', '=', postId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await trx.updateTable('posts').set((eb) => ({ likes_count: eb('likes_count', '-', 1) })).where('id', '=', postId).execute();
    return true;
  }

  async likesCount(postId: string, db: Db = this.db): Promise<number> {
    const row = await db.selectFrom('posts').select('likes_count').where('id', '=', postId).executeTakeFirst();
    return row?.likes_count ?? 0;
  }

  /** Pins one post of the author and unpins the rest (postId null unpins all), in one statement. */
  async setPinned(authorId: string, postId: string | null): Promise<void> {
    await this.db
      .updateTable('posts')
      .set({ pinned: postId === null ? 0 : sql<number>`case when id = ${postId} then 1 else 0 end` })
      .where('author_id', '=', authorId)
      .execute();
  }
}
