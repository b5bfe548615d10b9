import { type Kysely, sql } from 'kysely';

/*
 * ListenBrainz scrobbling.
 *
 * listenbrainz_links: a listener's ListenBrainz account: the user token (sealed with the server's
 * secret, lib/secret-box.ts), the server (NULL: the configured default), the ListenBrainz user name
 * it validated as, and the last submission's outcome for the settings page.
 *
 * listenbrainz_pending: the outbox. The listens transaction copies each counted listen of a linked
 * listener here (one INSERT … SELECT per batch), so a listen to submit is never lost to a crash;
 * the `listenbrainz-submit` job sends a user's rows oldest first and deletes what ListenBrainz took.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('listenbrainz_links')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('server_url', 'text')
    .addColumn('lb_user_name', 'text', (c) => c.notNull())
    .addColumn('last_status', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_at', 'text')
    .addColumn('submitted_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('listenbrainz_pending')
    .addColumn('listen_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('track_id', 'text', (c) => c.notNull())
    .addColumn('listened_at', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX listenbrainz_pending_user_idx ON listenbrainz_pending (user_id, listened_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('listenbrainz_pending').execute();
  await db.schema.dropTable('listenbrainz_links').execute();
}
