import { type Kysely, sql } from 'kysely';

/*
 * Deleting one's account.
 *
 * account_deletions: one row per account whose owner asked for it to be deleted, with when that
 * takes effect (the request plus ACCOUNT_DELETION_GRACE_DAYS). Signing in before then deletes the
 * row (cancels); from then on the `account-deletion-sweep` job purges the account in steps and
 * deletes this row in the same transaction as the `user` row, last. No foreign key to `user`: the
 * row must outlive the steps that go before the user row, so a purge a crash stopped is found and
 * finished by the next sweep.
 *
 * The indexes let each purge step find an account's rows by the account where no index did yet
 * (entries it added to others' playlists, its activity there, its reports, its uploads), so a
 * step over a huge account reads one range instead of a whole table.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('account_deletions')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX account_deletions_due_idx ON account_deletions (due_at)`.execute(db);
  await sql`CREATE INDEX playlist_tracks_added_by_idx ON playlist_tracks (added_by)`.execute(db);
  await sql`CREATE INDEX playlist_activity_user_idx ON playlist_activity (user_id)`.execute(db);
  await sql`CREATE INDEX reports_user_idx ON reports (user_id)`.execute(db);
  await sql`CREATE INDEX uploads_user_idx ON uploads (user_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of ['uploads_user_idx', 'reports_user_idx', 'playlist_activity_user_idx', 'playlist_tracks_added_by_idx']) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await db.schema.dropTable('account_deletions').execute();
}
