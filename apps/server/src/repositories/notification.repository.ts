import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, type Transaction, sql } from 'kysely';
import type { Database, NotificationKind } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One notification to write: for one recipient (`add`) or for every follower of an artist (`fanOut`). */
export interface NewNotification {
  key: string;
  kind: NotificationKind;
  groupKey: string;
  actorId: string | null;
  trackId: string | null;
  /** The release: a whole release's notification, or a repost of a release; null or absent otherwise. */
  releaseId?: string | null;
  commentId: string | null;
  /** From an account on another server: its URI (remote_actors), with `actorId` null; and its reply's URI. */
  remoteActorUri?: string | null;
  remoteReplyUri?: string | null;
  at: string;
}

/** A notification with what its line shows: the actor's name and photo, the track's title, the comment. */
export interface NotificationRow {
  key: string;
  kind: NotificationKind;
  group_key: string;
  read: number;
  created_at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_photo: string | null;
  /** The remote account's page, for a notification from another server; null for a local actor. */
  actor_url: string | null;
  track_id: string | null;
  track_title: string | null;
  track_hidden: number | null;
  release_id: string | null;
  release_title: string | null;
  release_visibility: string | null;
  comment_text: string | null;
}

/**
 * The columns of a NotificationRow, over `notifications as n` joined to its actor (`a`), track
 * (`t`), comment (`c`) and release (`r`), and for one from another server its remote actor (`ra`)
 * and reply (`rr`): the notifications page and the email digest read the same (withJoins).
 */
export const NOTIFICATION_ROW_COLUMNS = [
  'n.key',
  'n.kind',
  'n.group_key',
  'n.read',
  'n.created_at',
  sql<string | null>`coalesce(n.actor_id, n.remote_actor_uri)`.as('actor_id'),
  sql<string | null>`coalesce(a.display_name, ra.name)`.as('actor_name'),
  sql<string | null>`coalesce(a.photo_url, ra.icon_url)`.as('actor_photo'),
  'ra.url as actor_url',
  'n.track_id',
  't.title as track_title',
  't.hidden as track_hidden',
  'n.release_id',
  'r.title as release_title',
  'r.visibility as release_visibility',
  sql<string | null>`coalesce(c.text, rr.content)`.as('comment_text'),
] as const;

/** Notifications and the kinds each user turned off (migration reposts-notifications). */
export class NotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Notifies one user unless they turned the kind off or already have this notification; true when a row was added. */
  async add(userId: string, n: NewNotification, db: Db = this.db): Promise<boolean> {
    const inserted = await this.insertFor(db, (eb) =>
      eb
        .selectFrom('profiles')
        .select(this.columnsFor(n, sql.ref<string>('profiles.id')))
        .where('profiles.id', '=', userId)
        .where(this.notOptedOut(sql.ref('profiles.id'), n.kind)),
    ).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Notifies every follower of the artist who has not turned the kind off, in one INSERT … SELECT
   * (follows_artist_time_idx): the rows never pass through the server. Returns the users notified
   * now (a second run adds nobody).
   */
  async fanOut(artistId: string, n: NewNotification, db: Db = this.db): Promise<string[]> {
    const rows = await this.insertFor(db, (eb) =>
      eb
        .selectFrom('follows')
        .select(this.columnsFor(n, sql.ref<string>('follows.subscriber_id')))
        .where('follows.artist_id', '=', artistId)
        .where(this.notOptedOut(sql.ref('follows.subscriber_id'), n.kind)),
    )
      .returning('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  /**
   * INSERT … SELECT of a notification for every user the SELECT names (its columns: columnsFor's),
   * leaving out those who already have it: the rows never pass through the server.
   */
  private insertFor(db: Db, select: (eb: ExpressionBuilder<Database, 'notifications'>) => Expression<unknown>) {
    return db
      .insertInto('notifications')
      .columns(['user_id', 'key', 'kind', 'group_key', 'actor_id', 'track_id', 'release_id', 'comment_id', 'remote_actor_uri', 'remote_reply_uri', 'created_at'])
      .expression(select)
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing());
  }

  /** The SELECT's columns for insertFor: the user, then the notification's values, each typed as text for PostgreSQL. */
  private columnsFor(n: NewNotification, userId: RawBuilder<string>) {
    return [
      userId.as('user_id'),
      sql<string>`CAST(${n.key} AS text)`.as('key'),
      sql<string>`CAST(${n.kind} AS text)`.as('kind'),
      sql<string>`CAST(${n.groupKey} AS text)`.as('group_key'),
      sql<string | null>`CAST(${n.actorId} AS text)`.as('actor_id'),
      sql<string | null>`CAST(${n.trackId} AS text)`.as('track_id'),
      sql<string | null>`CAST(${n.releaseId ?? null} AS text)`.as('release_id'),
      sql<string | null>`CAST(${n.commentId} AS text)`.as('comment_id'),
      sql<string | null>`CAST(${n.remoteActorUri ?? null} AS text)`.as('remote_actor_uri'),
      sql<string | null>`CAST(${n.remoteReplyUri ?? null} AS text)`.as('remote_reply_uri'),
      sql<string>`CAST(${n.at} AS text)`.as('created_at'),
    ];
  }

  private notOptedOut(userId: ReturnType<typeof sql.ref>, kind: NotificationKind) {
    return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM notification_optouts o WHERE o.user_id = ${userId} AND o.kind = ${kind})`;
  }

  /** Takes back an unread notification (a like or follow undone); a read one stays. True when one was removed. */
  async removeUnread(userId: string, key: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('notifications').where('user_id', '=', userId).where('key', '=', key).where('read', '=', 0).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** Unread notifications, counted up to `cap` + 1 from notifications_unread_idx (never the whole table). */
  async unreadCount(userId: string, cap: number): Promise<number> {
    const row = await this.unreadQuery(userId, cap).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The query behind unreadCount; public so tests can EXPLAIN it. */
  unreadQuery(userId: string, cap: number) {
    return this.db
      .selectFrom((eb) => eb.selectFrom('notifications').select('key').where('user_id', '=', userId).where('read', '=', 0).limit(cap + 1).as('unread'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'));
  }

  /** Marks every unread notification of the user read; how many were. */
  async markAllRead(userId: string): Promise<number> {
    const updated = await this.db.updateTable('notifications').set({ read: 1 }).where('user_id', '=', userId).where('read', '=', 0).executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }

  /** One page of the user's notifications, newest first, after the cursor (created_at, key): one range of notifications_user_time_idx. */
  pageQuery(userId: string, before: { at: string; key: string } | undefined, limit: number) {
    let query = this.db
      .selectFrom('notifications as n')
      .leftJoin('profiles as a', 'a.id', 'n.actor_id')
      .leftJoin('tracks as t', 't.id', 'n.track_id')
      .leftJoin('comments as c', 'c.id', 'n.comment_id')
      .leftJoin('releases as r', 'r.id', 'n.release_id')
      .leftJoin('remote_actors as ra', 'ra.uri', 'n.remote_actor_uri')
      .leftJoin('remote_replies as rr', 'rr.uri', 'n.remote_reply_uri')
      .select(NOTIFICATION_ROW_COLUMNS)
      .where('n.user_id', '=', userId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.key', 'desc')
      .limit(limit);
    if (before) {
      query = query.where((eb) => eb.or([eb('n.created_at', '<', before.at), eb.and([eb('n.created_at', '=', before.at), eb('n.key', '<', before.key)])]));
    }
    return query;
  }

  async page(userId: string, before: { at: string; key: string } | undefined, limit: number): Promise<NotificationRow[]> {
    return (await this.pageQuery(userId, before, limit).execute()) as NotificationRow[];
  }

  async optouts(userId: string): Promise<NotificationKind[]> {
    const rows = await this.db.selectFrom('notification_optouts').select('kind').where('user_id', '=', userId).execute();
    return rows.map((r) => r.kind);
  }

  /** Turns kinds on (no row) or off (a row). */
  async setOptouts(userId: string, changes: Array<[NotificationKind, boolean]>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [kind, on] of changes) {
        if (on) await trx.deleteFrom('notification_optouts').where('user_id', '=', userId).where('kind', '=', kind).execute();
        else
          await trx
            .insertInto('notification_optouts')
            .values({ user_id: userId, kind })
            .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
            .execute();
      }
    });
  }
}
