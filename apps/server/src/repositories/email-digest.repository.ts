import type { Kysely } from 'kysely';
import type { Database, EmailDigestOptinsTable } from '../db/schema.js';
import { NOTIFICATION_ROW_COLUMNS, type NotificationRow } from './notification.repository.js';

export type EmailDigestKind = EmailDigestOptinsTable['kind'];

/** A user whose digest is due: opted in, none sent in the last day, and something new to tell. */
export interface DueDigest {
  user_id: string;
  email: string;
  name: string;
  covered_until: string | null;
  origin: string | null;
  locale: string | null;
}

/** The kinds each user has emailed and when their last digest went (migration email-digests). */
export class EmailDigestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async kinds(userId: string): Promise<EmailDigestKind[]> {
    const rows = await this.db.selectFrom('email_digest_optins').select('kind').where('user_id', '=', userId).execute();
    return rows.map((r) => r.kind);
  }

  /**
   * Turns kinds on (a row) or off (no row), and remembers the origin and language the next digests
   * use. Turning a kind on never mails what happened before: the digest covers from now on.
   */
  async setKinds(userId: string, changes: Array<[EmailDigestKind, boolean]>, where: { origin: string; locale: string; now: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [kind, on] of changes) {
        if (on) {
          await trx
            .insertInto('email_digest_optins')
            .values({ user_id: userId, kind })
            .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
            .execute();
        } else {
          await trx.deleteFrom('email_digest_optins').where('user_id', '=', userId).where('kind', '=', kind).execute();
        }
      }
      await trx
        .insertInto('email_digests')
        .values({ user_id: userId, last_sent_at: null, covered_until: where.now, origin: where.origin, locale: where.locale })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ origin: where.origin, locale: where.locale }))
        .execute();
    });
  }

  /** Every kind off (the one-click unsubscribe); true when there was any. */
  async unsubscribe(userId: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('email_digest_optins').where('user_id', '=', userId).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /**
   * Users whose digest is due at `now`: at least one kind on, no digest since `dayAgo`, and an unread
   * notification of a kind they have on, newer than what their last digest covered.
   */
  async due(dayAgo: string, limit: number): Promise<DueDigest[]> {
    return this.db
      .selectFrom('email_digests as d')
      .innerJoin('user as u', 'u.id', 'd.user_id')
      .select(['d.user_id', 'u.email', 'u.name', 'd.covered_until', 'd.origin', 'd.locale'])
      .where((eb) => eb.or([eb('d.last_sent_at', 'is', null), eb('d.last_sent_at', '<=', dayAgo)]))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('notifications as n')
            .innerJoin('email_digest_optins as o', (join) => join.onRef('o.user_id', '=', 'n.user_id').onRef('o.kind', '=', 'n.kind'))
            .select('n.key')
            .whereRef('n.user_id', '=', 'd.user_id')
            .where('n.read', '=', 0)
            .where((eb) => eb('n.created_at', '>', eb.fn.coalesce('d.covered_until', eb.val(''))))
            .limit(1),
        ),
      )
      .orderBy('d.user_id')
      .limit(limit)
      .execute();
  }

  /** The unread notifications a digest lists: kinds the user has on, newer than `after`, newest first. */
  async items(userId: string, after: string | null, limit: number): Promise<NotificationRow[]> {
    return (await this.db
      .selectFrom('notifications as n')
      .innerJoin('email_digest_optins as o', (join) => join.onRef('o.user_id', '=', 'n.user_id').onRef('o.kind', '=', 'n.kind'))
      .leftJoin('profiles as a', 'a.id', 'n.actor_id')
      .leftJoin('tracks as t', 't.id', 'n.track_id')
      .leftJoin('comments as c', 'c.id', 'n.comment_id')
      .leftJoin('releases as r', 'r.id', 'n.release_id')
      .leftJoin('remote_actors as ra', 'ra.uri', 'n.remote_actor_uri')
      .leftJoin('remote_replies as rr', 'rr.uri', 'n.remote_reply_uri')
      .select(NOTIFICATION_ROW_COLUMNS)
      .where('n.user_id', '=', userId)
      .where('n.read', '=', 0)
      .where('n.created_at', '>', after ?? '')
      .orderBy('n.created_at', 'desc')
      .orderBy('n.key', 'desc')
      .limit(limit)
      .execute()) as NotificationRow[];
  }

  /** Moves what the next digest covers past `coveredUntil` without sending one. */
  async cover(userId: string, coveredUntil: string): Promise<void> {
    await this.db.updateTable('email_digests').set({ covered_until: coveredUntil }).where('user_id', '=', userId).execute();
  }

  /** Records a digest sent at `at` covering notifications up to `coveredUntil`. */
  async markSent(userId: string, at: string, coveredUntil: string): Promise<void> {
    await this.db.updateTable('email_digests').set({ last_sent_at: at, covered_until: coveredUntil }).where('user_id', '=', userId).execute();
  }
}
