import { type Kysely, sql } from 'kysely';

/*
 * Collaborative playlists.
 *
 * playlists.invite_token: the owner's invite link (`/playlist/:id?invite=<token>`), NULL when the
 * link is off. It is kept as it is (not hashed) so the owner can copy the link again; it is compared
 * in constant time, and it only opens the playlist whose rows sit beside it in the same database.
 *
 * playlist_collaborators: who joined through the link. They go with the playlist or with their
 * account (an account's deletion removes its memberships).
 *
 * playlist_tracks.added_by: who added the entry; NULL once that account is deleted (the entry
 * stays). Existing entries were all added by their playlist's owner.
 *
 * playlist_activity: what members did (added, removed, moved, reordered, joined, left), newest first
 * per playlist; the person is NULL once their account is deleted.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playlists').addColumn('invite_token', 'text').execute();
  await db.schema
    .alterTable('playlist_tracks')
    .addColumn('added_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .execute();
  await sql`UPDATE playlist_tracks SET added_by = (SELECT user_id FROM playlists WHERE playlists.id = playlist_tracks.playlist_id)`.execute(db);

  await db.schema
    .createTable('playlist_collaborators')
    .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_collaborators_pk', ['playlist_id', 'user_id'])
    .execute();
  await db.schema.createIndex('playlist_collaborators_user_idx').on('playlist_collaborators').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('playlist_activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('track_id', 'text')
    .addColumn('position', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('playlist_activity_playlist_idx').on('playlist_activity').columns(['playlist_id', 'created_at', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('playlist_activity').execute();
  await db.schema.dropTable('playlist_collaborators').execute();
  await db.schema.alterTable('playlist_tracks').dropColumn('added_by').execute();
  await db.schema.alterTable('playlists').dropColumn('invite_token').execute();
}
