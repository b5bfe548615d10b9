import { type Kysely, sql } from 'kysely';
import { isPostgres } from './2026-11-21T02-00_search-index.js';

/*
 * The catalogue's totals as counters, so the genre tiles, the home list's page count and the
 * site's figures are one read of a few rows, not a count over a million tracks:
 *   genre:<Genre>  visible tracks of that genre (their sum is every visible track)
 *   artists        profiles with at least one visible track
 *   users          accounts
 * Kept by triggers, in the transaction that changes the rows they count, so every path keeps them
 * right: Platter's repositories, better-auth's own inserts into "user", and ON DELETE CASCADE
 * when an account goes. Filled once here from the rows already present.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SQLITE_TRIGGERS = [
  sql`CREATE TRIGGER counters_track_insert AFTER INSERT ON tracks WHEN new.hidden = 0 BEGIN
    INSERT INTO catalogue_counters (name, value) VALUES ('genre:' || new.genre, 1)
      ON CONFLICT (name) DO UPDATE SET value = value + 1;
  END`,
  sql`CREATE TRIGGER counters_track_delete AFTER DELETE ON tracks WHEN old.hidden = 0 BEGIN
    UPDATE catalogue_counters SET value = value - 1 WHERE name = 'genre:' || old.genre;
  END`,
  sql`CREATE TRIGGER counters_track_update AFTER UPDATE OF hidden, genre ON tracks BEGIN
    UPDATE catalogue_counters SET value = value - 1 WHERE old.hidden = 0 AND name = 'genre:' || old.genre;
    INSERT INTO catalogue_counters (name, value) SELECT 'genre:' || new.genre, 1 WHERE new.hidden = 0
      ON CONFLICT (name) DO UPDATE SET value = value + 1;
  END`,
  sql`CREATE TRIGGER counters_profile_insert AFTER INSERT ON profiles WHEN new.tracks_count > 0 BEGIN
    UPDATE catalogue_counters SET value = value + 1 WHERE name = 'artists';
  END`,
  sql`CREATE TRIGGER counters_profile_delete AFTER DELETE ON profiles WHEN old.tracks_count > 0 BEGIN
    UPDATE catalogue_counters SET value = value - 1 WHERE name = 'artists';
  END`,
  sql`CREATE TRIGGER counters_profile_update AFTER UPDATE OF tracks_count ON profiles
    WHEN (old.tracks_count > 0) <> (new.tracks_count > 0) BEGIN
    UPDATE catalogue_counters SET value = value + (CASE WHEN new.tracks_count > 0 THEN 1 ELSE -1 END) WHERE name = 'artists';
  END`,
  sql`CREATE TRIGGER counters_user_insert AFTER INSERT ON "user" BEGIN
    UPDATE catalogue_counters SET value = value + 1 WHERE name = 'users';
  END`,
  sql`CREATE TRIGGER counters_user_delete AFTER DELETE ON "user" BEGIN
    UPDATE catalogue_counters SET value = value - 1 WHERE name = 'users';
  END`,
];

const POSTGRES_FUNCTIONS = [
  sql`CREATE OR REPLACE FUNCTION platter_count_tracks() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.hidden = 0 THEN
      UPDATE catalogue_counters SET value = value - 1 WHERE name = 'genre:' || OLD.genre;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden = 0 THEN
      INSERT INTO catalogue_counters (name, value) VALUES ('genre:' || NEW.genre, 1)
        ON CONFLICT (name) DO UPDATE SET value = catalogue_counters.value + 1;
    END IF;
    RETURN NULL;
  END $$`,
  sql`CREATE OR REPLACE FUNCTION platter_count_artists() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    had boolean := TG_OP IN ('DELETE', 'UPDATE') AND OLD.tracks_count > 0;
    has boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.tracks_count > 0;
  BEGIN
    IF had <> has THEN
      UPDATE catalogue_counters SET value = value + (CASE WHEN has THEN 1 ELSE -1 END) WHERE name = 'artists';
    END IF;
    RETURN NULL;
  END $$`,
  sql`CREATE OR REPLACE FUNCTION platter_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE catalogue_counters SET value = value + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END) WHERE name = 'users';
    RETURN NULL;
  END $$`,
  sql`CREATE TRIGGER counters_tracks AFTER INSERT OR DELETE OR UPDATE OF hidden, genre ON tracks
    FOR EACH ROW EXECUTE FUNCTION platter_count_tracks()`,
  sql`CREATE TRIGGER counters_profiles AFTER INSERT OR DELETE OR UPDATE OF tracks_count ON profiles
    FOR EACH ROW EXECUTE FUNCTION platter_count_artists()`,
  sql`CREATE TRIGGER counters_users AFTER INSERT OR DELETE ON "user"
    FOR EACH ROW EXECUTE FUNCTION platter_count_users()`,
];

/** Sets every counter from the rows themselves (after a bulk load that ran without the triggers). */
export async function recountCatalogue(db: AnyDb): Promise<void> {
  await sql`DELETE FROM catalogue_counters`.execute(db);
  await sql`INSERT INTO catalogue_counters (name, value)
    SELECT 'genre:' || genre, count(*) FROM tracks WHERE hidden = 0 GROUP BY genre`.execute(db);
  await sql`INSERT INTO catalogue_counters (name, value) SELECT 'artists', count(*) FROM profiles WHERE tracks_count > 0`.execute(db);
  await sql`INSERT INTO catalogue_counters (name, value) SELECT 'users', count(*) FROM "user"`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const statement of isPostgres(db) ? POSTGRES_FUNCTIONS : SQLITE_TRIGGERS) await statement.execute(db);
  await recountCatalogue(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS counters_tracks ON tracks`.execute(db);
    await sql`DROP TRIGGER IF EXISTS counters_profiles ON profiles`.execute(db);
    await sql`DROP TRIGGER IF EXISTS counters_users ON "user"`.execute(db);
    await sql`DROP FUNCTION IF EXISTS platter_count_tracks, platter_count_artists, platter_count_users`.execute(db);
  } else {
    for (const name of ['track_insert', 'track_delete', 'track_update', 'profile_insert', 'profile_delete', 'profile_update', 'user_insert', 'user_delete']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`counters_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('catalogue_counters').ifExists().execute();
}
