import type { Kysely } from 'kysely';

/*
 * The replay guard asks whether a user counted a track within ±10 s of a play. By (user, time) that
 * is every listen of the user in the window, each read from the table for its track; by (user,
 * track, time) it is one index range holding exactly the listens that stop the play. The guard is
 * that index's only reader, so it replaces the (user, time) one.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('listens_user_track_time_idx').on('listens').columns(['user_id', 'track_id', 'created_at']).execute();
  await db.schema.dropIndex('listens_user_time_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('listens_user_time_idx').on('listens').columns(['user_id', 'created_at']).execute();
  await db.schema.dropIndex('listens_user_track_time_idx').execute();
}
