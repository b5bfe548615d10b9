import type { Kysely } from 'kysely';

/*
 * The fediverse (ActivityPub through Fedify, apps/server/src/federation):
 * - fedify_kv: Fedify's key–value store (caches, inbox idempotence, delivery state); `key` is the
 *   JSON of Fedify's key array, `value` JSON, `expires_at` ISO or null (read as absent once past).
 * - federation_actors: one row per local profile that has been seen by the fediverse: its handle
 *   (`@handle@host`, unique, WebFinger-safe) and its two key pairs as JWK (RSA for draft-cavage
 *   HTTP Signatures, Ed25519 for RFC 9421 and Object Integrity Proofs), made once; `enabled` 0 is the
 *   artist's "off" switch (the actor then answers 404 and nothing is delivered).
 * - remote_actors: what Platter knows of a remote actor (name, links, avatar, inboxes).
 * - remote_followers: remote actors following a local artist (counted in subscribers_count).
 * - remote_likes / remote_reposts / remote_replies: a remote actor's Like, Announce and reply on a
 *   local track (counted in the track's likes_count and reposts_count like local ones).
 * - federated_tracks: the tracks delivered as Create(Audio), with the hash of what was sent, so an
 *   edit sends Update only when the object changed and a removal knows whom to send Delete from.
 * - remote_following: a local user following a remote actor (accepted once its Accept arrives).
 * - remote_tracks: Audio objects remote artists delivered to this instance (News, playback).
 * - federation_blocks: instances an admin blocked (their deliveries are refused).
 * - notifications.remote_actor_uri / remote_reply_uri: a notification from a remote actor (a
 *   follow, like, repost or reply from another server), shown with its name, avatar and link.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('fedify_kv')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createTable('federation_actors')
    .addColumn('profile_id', 'text', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    .addColumn('rsa_public', 'text', (c) => c.notNull())
    .addColumn('rsa_private', 'text', (c) => c.notNull())
    .addColumn('ed_public', 'text', (c) => c.notNull())
    .addColumn('ed_private', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remote_actors')
    .addColumn('uri', 'text', (c) => c.primaryKey())
    .addColumn('handle', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('icon_url', 'text')
    .addColumn('inbox', 'text', (c) => c.notNull())
    .addColumn('shared_inbox', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remote_followers')
    .addColumn('artist_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('actor_uri', 'text', (c) => c.notNull().references('remote_actors.uri').onDelete('cascade'))
    .addColumn('follow_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_followers_pk', ['artist_id', 'actor_uri'])
    .execute();
  for (const table of ['remote_likes', 'remote_reposts']) {
    await db.schema
      .createTable(table)
      .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
      .addColumn('actor_uri', 'text', (c) => c.notNull().references('remote_actors.uri').onDelete('cascade'))
      .addColumn('activity_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['track_id', 'actor_uri'])
      .execute();
  }
  await db.schema
    .createTable('remote_replies')
    .addColumn('uri', 'text', (c) => c.primaryKey())
    .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('actor_uri', 'text', (c) => c.notNull().references('remote_actors.uri').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remote_replies_track').on('remote_replies').columns(['track_id', 'created_at']).execute();
  await db.schema
    .createTable('federated_tracks')
    .addColumn('track_id', 'text', (c) => c.primaryKey())
    .addColumn('artist_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remote_following')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('actor_uri', 'text', (c) => c.notNull().references('remote_actors.uri').onDelete('cascade'))
    .addColumn('follow_id', 'text', (c) => c.notNull())
    .addColumn('accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_following_pk', ['user_id', 'actor_uri'])
    .execute();
  await db.schema
    .createTable('remote_tracks')
    .addColumn('uri', 'text', (c) => c.primaryKey())
    .addColumn('actor_uri', 'text', (c) => c.notNull().references('remote_actors.uri').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('audio_url', 'text')
    .addColumn('media_type', 'text')
    .addColumn('duration', 'real')
    .addColumn('image_url', 'text')
    .addColumn('page_url', 'text')
    .addColumn('published', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remote_tracks_actor').on('remote_tracks').columns(['actor_uri', 'published']).execute();
  await db.schema
    .createTable('federation_blocks')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('notifications').addColumn('remote_actor_uri', 'text', (c) => c.references('remote_actors.uri').onDelete('cascade')).execute();
  await db.schema.alterTable('notifications').addColumn('remote_reply_uri', 'text', (c) => c.references('remote_replies.uri').onDelete('cascade')).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('remote_reply_uri').execute();
  await db.schema.alterTable('notifications').dropColumn('remote_actor_uri').execute();
  for (const table of [
    'federation_blocks',
    'remote_tracks',
    'remote_following',
    'federated_tracks',
    'remote_replies',
    'remote_reposts',
    'remote_likes',
    'remote_followers',
    'remote_actors',
    'federation_actors',
    'fedify_kv',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
