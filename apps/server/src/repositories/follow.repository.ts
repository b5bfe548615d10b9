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
    await trx.updateTable('profiles').set((eb) => ({ subscribers_count: eb('subscribers_count', '+', 1) })).where('id', '=', artistId).execute();
    await trx
      .updateTable('profiles')
      .set((eb) => ({ subscriptions_count: eb('subscriptions_count', '+', 1) }))
      .where('id', '=', subscriberId)
      .execute();
    return true;
  }

  /** Removes the relation and lowers both counters, all or nothing; false when there was none. */
  async unsubscribe(trx: Transaction<Database>, subscriberId: string, artistId: string): Promise<boolean> {
    const deleted = await trx.deleteFrom('follows').where('subscriber_id', '=', subscriberId).where('artist_id', '=', artistId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await trx.updateTable('profiles').set((eb) => ({ subscribers_count: eb('subscribers_count', '-', 1) })).where('id', '=', artistId).execute();
    await trx
      .updateTable('profiles')
      .set((eb) => ({ subscriptions_count: eb('subscriptions_count', '-', 1) }))
      .where('id', '=', subscriberId)
      .execute();
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
