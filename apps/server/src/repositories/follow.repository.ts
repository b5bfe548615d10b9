import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Subscriptions: one follows row per (subscriber, artist), with both profiles' counters kept in step. */
export class FollowRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds the relation and bumps both counters, all or nothing; false when it already existed. */
  async subscribe(trx: Transaction<Database>, subscriberId: string, artistId: string, at: string): Promise<boolean> {
    const inserted = await trx
      .insertInto('follows')
      .values({ subscriber_id: subscriberId, artist_id: artistId, created_at: at })
      .onConflict((oc) => oc.columns(['subscriber_id', 'artist_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await moveCounters(trx, subscriberId, artistId, 1);
    return true;
  }

  /** Removes the relation and lowers both counters, all or nothing; false when there was none. */
  async unsubscribe(trx: Transaction<Database>, subscriberId: string, artistId: string): Promise<boolean> {
    const deleted = await trx.deleteFrom('follows').where('subscriber_id', '=', subscriberId).where('artist_id', '=', artistId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await moveCounters(trx, subscriberId, artistId, -1);
    return true;
  }

  async isSubscribed(subscriberId: string, artistId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('follows')
      .select('artist_id')
      .where('subscriber_id', '=', subscriberId)
      .where('artist_id', '=', artistId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The artists a user subscribes to, most recent first. */
  async artistIds(subscriberId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('follows')
      .select('artist_id')
      .where('subscriber_id', '=', subscriberId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => r.artist_id);
  }
}

/**
 * Moves the artist's subscriber counter and the subscriber's subscription counter by `by`, updating
 * the two profiles in the order of their ids: two subscriptions crossing (A to B while B to A)
 * would otherwise lock the same two rows in opposite orders, and PostgreSQL ends one of them as a
 * deadlock (a 500 for that listener).
 */
async function moveCounters(trx: Transaction<Database>, subscriberId: string, artistId: string, by: 1 | -1): Promise<void> {
  const subscribers = () => trx.updateTable('profiles').set((eb) => ({ subscribers_count: eb('subscribers_count', '+', by) })).where('id', '=', artistId).execute();
  const subscriptions = () =>
    trx.updateTable('profiles').set((eb) => ({ subscriptions_count: eb('subscriptions_count', '+', by) })).where('id', '=', subscriberId).execute();
  for (const update of artistId < subscriberId ? [subscribers, subscriptions] : [subscriptions, subscribers]) await update();
}
