import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import type { TestApp } from './test-app.js';

/**
 * Where a value still sits in the database: every column of every table the database's own
 * catalogue lists (SQLite: sqlite_master and table_info, FTS5 tables and their shadow tables
 * included; PostgreSQL: information_schema's text, varchar, uuid and json columns of every schema
 * but the system's, pg-boss's included), compared as text containing the value.
 */
export async function placesHolding(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', value: string): Promise<string[]> {
  const pattern = `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const found: string[] = [];
  if (dialect === 'sqlite') {
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db);
    for (const { name } of tables.rows) {
      const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(db);
      for (const column of columns.rows) {
        const hit = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(name)} WHERE CAST(${sql.ref(column.name)} AS TEXT) LIKE ${pattern} ESCAPE '\\'`.execute(db);
        if (Number(hit.rows[0]?.n ?? 0) > 0) found.push(`${name}.${column.name}`);
      }
    }
    return found;
  }
  const columns = await sql<{ table_schema: string; table_name: string; column_name: string }>`
    SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
      AND c.data_type IN ('text', 'character varying', 'character', 'uuid', 'json', 'jsonb')`.execute(db);
  for (const c of columns.rows) {
    const hit = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(`${c.table_schema}.${c.table_name}`)} WHERE ${sql.ref(c.column_name)}::text LIKE ${pattern}`.execute(db);
    if (Number(hit.rows[0]?.n ?? 0) > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return found;
}

/** Every stored object's key: the files under DATA_DIR/media (directories too, as `dir/`), or the bucket's listing. */
export async function storedKeys(t: TestApp): Promise<string[]> {
  const s3 = t.config.s3;
  if (!s3) {
    const root = path.join(t.config.dataDir, 'media');
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/') + (entry.isDirectory() ? '/' : ''))
      .filter((key) => !key.startsWith('.tmp'));
  }
  const client = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: s3.forcePathStyle, ...(s3.credentials ? { credentials: s3.credentials } : {}) });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return keys;
}

/**
 * Every counter Platter keeps, against a recount of the rows it counts: one line per row that
 * disagrees ("tracks.likes_count <id>: 3 ≠ 2"), so an empty list means every counter is right.
 */
export async function counterMismatches(db: Kysely<Database>): Promise<string[]> {
  const checks: Array<{ name: string; query: ReturnType<typeof sql<{ id: string; kept: number | string; counted: number | string }>> }> = [
    { name: 'tracks.likes_count', query: sql`SELECT id, likes_count AS kept, (SELECT count(*) FROM track_likes l WHERE l.track_id = tracks.id) AS counted FROM tracks` },
    { name: 'tracks.listens_count', query: sql`SELECT id, listens_count AS kept, (SELECT count(*) FROM listens l WHERE l.track_id = tracks.id) AS counted FROM tracks` },
    { name: 'tracks.reposts_count', query: sql`SELECT id, reposts_count AS kept, (SELECT count(*) FROM posts p WHERE p.track_id = tracks.id AND p.kind = 'repost') AS counted FROM tracks` },
    { name: 'posts.likes_count', query: sql`SELECT id, likes_count AS kept, (SELECT count(*) FROM post_likes l WHERE l.post_id = posts.id) AS counted FROM posts` },
    { name: 'releases.likes_count', query: sql`SELECT id, likes_count AS kept, (SELECT count(*) FROM release_likes l WHERE l.release_id = releases.id) AS counted FROM releases` },
    { name: 'releases.reposts_count', query: sql`SELECT id, reposts_count AS kept, (SELECT count(*) FROM posts p WHERE p.release_id = releases.id AND p.kind = 'repost') AS counted FROM releases` },
    { name: 'releases.track_count', query: sql`SELECT id, track_count AS kept, (SELECT count(*) FROM tracks t WHERE t.release_id = releases.id AND t.hidden = 0) AS counted FROM releases` },
    {
      name: 'releases.duration_seconds',
      query: sql`SELECT id, duration_seconds AS kept, (SELECT coalesce(sum(coalesce(t.duration, 0)), 0) FROM tracks t WHERE t.release_id = releases.id AND t.hidden = 0) AS counted FROM releases`,
    },
    { name: 'profiles.subscribers_count', query: sql`SELECT id, subscribers_count AS kept, (SELECT count(*) FROM follows f WHERE f.artist_id = profiles.id) AS counted FROM profiles` },
    { name: 'profiles.subscriptions_count', query: sql`SELECT id, subscriptions_count AS kept, (SELECT count(*) FROM follows f WHERE f.subscriber_id = profiles.id) AS counted FROM profiles` },
    { name: 'profiles.tracks_count', query: sql`SELECT id, tracks_count AS kept, (SELECT count(*) FROM tracks t WHERE t.artist_id = profiles.id AND t.hidden = 0) AS counted FROM profiles` },
    { name: 'playlists.track_count', query: sql`SELECT id, track_count AS kept, (SELECT count(*) FROM playlist_tracks e WHERE e.playlist_id = playlists.id) AS counted FROM playlists` },
    {
      name: 'playlists.duration_seconds',
      query: sql`SELECT id, duration_seconds AS kept, (SELECT coalesce(sum(coalesce(t.duration, 0)), 0) FROM playlist_tracks e JOIN tracks t ON t.id = e.track_id WHERE e.playlist_id = playlists.id AND t.hidden = 0) AS counted FROM playlists`,
    },
    { name: 'catalogue_counters.users', query: sql`SELECT name AS id, value AS kept, (SELECT count(*) FROM "user") AS counted FROM catalogue_counters WHERE name = 'users'` },
    { name: 'catalogue_counters.artists', query: sql`SELECT name AS id, value AS kept, (SELECT count(*) FROM profiles WHERE tracks_count > 0) AS counted FROM catalogue_counters WHERE name = 'artists'` },
    {
      name: 'catalogue_counters.genre',
      query: sql`SELECT name AS id, value AS kept, (SELECT count(*) FROM tracks t WHERE 'genre:' || t.genre = catalogue_counters.name AND t.hidden = 0) AS counted FROM catalogue_counters WHERE name LIKE 'genre:%'`,
    },
  ];
  const wrong: string[] = [];
  for (const check of checks) {
    for (const row of (await check.query.execute(db)).rows) {
      if (Math.abs(Number(row.kept) - Number(row.counted)) > 1e-6) wrong.push(`${check.name} ${row.id}: ${row.kept} ≠ ${row.counted}`);
    }
  }
  // Places in a playlist are 0…n−1 with no gap.
  const gaps = await sql<{ id: string }>`SELECT playlist_id AS id FROM playlist_tracks GROUP BY playlist_id HAVING max(position) <> count(*) - 1 OR min(position) <> 0`.execute(db);
  for (const row of gaps.rows) wrong.push(`playlist_tracks.position ${row.id}: not 0…n−1`);
  return wrong;
}
