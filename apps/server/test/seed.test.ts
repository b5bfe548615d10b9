import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_EMAIL_DOMAIN, SEED_PASSWORD, runSeed } from '../src/cli/seed.js';
import { COMMON_WORD } from '../src/cli/seed-data.js';
import { Client } from './support/http-client.js';
import { TEST_SECRET, type TestApp, dialect, startTestApp } from './support/test-app.js';

/**
 * `npm run seed`: the synthetic catalogue, written into the database a running Platter uses (SQLite
 * or PostgreSQL, as this run's engine), then read back through the API. Small here; the size the
 * issue asks for is measured in bench/seed.md.
 */
const quiet = () => {};
const SIZE = ['--tracks', '3000', '--users', '300'];

describe('seed: a synthetic catalogue at any size', () => {
  let app: TestApp;
  let env: NodeJS.ProcessEnv;
  const realEmail = `real-${Date.now()}@example.com`;

  beforeAll(async () => {
    app = await startTestApp();
    env = { NODE_ENV: 'test', DATA_DIR: app.config.dataDir, BETTER_AUTH_SECRET: TEST_SECRET, ...(app.config.databaseUrl ? { DATABASE_URL: app.config.databaseUrl } : {}) };
    await new Client(app.baseUrl).signUp('A Real Person', realEmail);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.context.database.db;
  const count = async (table: 'tracks' | 'user' | 'track_likes' | 'listens' | 'follows' | 'playlist_tracks') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses a database with real accounts, and leaves it as it was', async () => {
    const result = await runSeed(SIZE, env, quiet);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/holds 1 real account: seeding would delete it.*--force/);
    expect(await count('user')).toBe(1);
    expect(await count('tracks')).toBe(0);
  });

  it('rejects arguments it does not know, saying how to call it', async () => {
    expect(await runSeed(['--tracks', 'many'], env, quiet)).toMatchObject({ code: 2, output: expect.stringContaining('--tracks takes a whole number') });
    expect(await runSeed(['--colour', 'red'], env, quiet)).toMatchObject({ code: 2, output: expect.stringContaining('Usage: npm run seed') });
  });

  it('with --force, replaces everything with a catalogue whose counters equal the rows they count', async () => {
    const result = await runSeed([...SIZE, '--force'], env, quiet);
    expect(result.output).toContain('Seeded');
    expect(result.code).toBe(0);
    expect(await count('tracks')).toBe(3000);
    expect(await count('user')).toBe(300);
    expect(await db().selectFrom('user').select('id').where('email', '=', realEmail).executeTakeFirst()).toBeUndefined();
    expect(await count('track_likes')).toBeGreaterThan(2500);
    expect(await count('listens')).toBe(3000);

    const mismatches = await sql<{ what: string; n: number }>`
      SELECT 'likes' AS what, count(*) AS n FROM tracks t WHERE t.likes_count <> (SELECT count(*) FROM track_likes l WHERE l.track_id = t.id)
      UNION ALL SELECT 'listens', count(*) FROM tracks t WHERE t.listens_count <> (SELECT count(*) FROM listens l WHERE l.track_id = t.id)
      UNION ALL SELECT 'tracks', count(*) FROM profiles p WHERE p.tracks_count <> (SELECT count(*) FROM tracks t WHERE t.artist_id = p.id AND t.hidden = 0)
      UNION ALL SELECT 'subscribers', count(*) FROM profiles p WHERE p.subscribers_count <> (SELECT count(*) FROM follows f WHERE f.artist_id = p.id)
      UNION ALL SELECT 'subscriptions', count(*) FROM profiles p WHERE p.subscriptions_count <> (SELECT count(*) FROM follows f WHERE f.subscriber_id = p.id)
      UNION ALL SELECT 'playlist entries', count(*) FROM playlists p WHERE p.track_count <> (SELECT count(*) FROM playlist_tracks e WHERE e.playlist_id = p.id)
      UNION ALL SELECT 'playlist lengths', count(*) FROM playlists p WHERE abs(p.duration_seconds - coalesce((SELECT sum(t.duration) FROM playlist_tracks e JOIN tracks t ON t.id = e.track_id WHERE e.playlist_id = p.id AND t.hidden = 0), 0)) > 0.001
      UNION ALL SELECT 'playlist places', count(*) FROM playlist_tracks e WHERE e.position >= (SELECT p.track_count FROM playlists p WHERE p.id = e.playlist_id)
      UNION ALL SELECT 'listen artists', count(*) FROM listens l JOIN tracks t ON t.id = l.track_id WHERE l.artist_id <> t.artist_id`.execute(db());
    expect(mismatches.rows.map((r) => ({ what: r.what, n: Number(r.n) }))).toEqual(
      ['likes', 'listens', 'tracks', 'subscribers', 'subscriptions', 'playlist entries', 'playlist lengths', 'playlist places', 'listen artists'].map((what) => ({ what, n: 0 })),
    );
  });

  it.runIf(dialect === 'sqlite')("leaves SQLite's search indexes in one segment each", async () => {
    // FTS5 writes a segment whenever its pending terms pass `hashsize` (1 MB by default, which a
    // million tracks pass 16 times); at 4 KB, this small catalogue's load leaves many too.
    for (const table of ['tracks_search', 'artists_search']) await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}, rank) VALUES ('hashsize', 4096)`.execute(db());
    expect((await runSeed(SIZE, env, quiet)).code).toBe(0);
    for (const table of ['tracks_search', 'artists_search'] as const) expect(await app.context.repositories.searchIndex.segments(table)).toHaveLength(1);
  });

  it('is skewed as a real service is: a very large artist, a long playlist, a listener following many artists', async () => {
    const first = await db()
      .selectFrom('profiles')
      .innerJoin('user', 'user.id', 'profiles.id')
      .select(['tracks_count', 'subscriptions_count'])
      .where('email', '=', `user0@${SEED_EMAIL_DOMAIN}`)
      .executeTakeFirstOrThrow();
    expect(first.tracks_count).toBe(60); // 20,000 per million tracks
    expect(first.subscriptions_count).toBe(59); // 1,000, or every other artist of a smaller catalogue
    const longest = await db().selectFrom('playlists').select('track_count').orderBy('track_count', 'desc').executeTakeFirstOrThrow();
    expect(longest.track_count).toBe(3000); // 5,000, or every track of a smaller catalogue
    const cyrillic = await db().selectFrom('tracks').select('title').where('search_text', 'like', '%ночь%').executeTakeFirst();
    expect(cyrillic?.title).toBeDefined();
  });

  it('is served by Platter: totals, search, and sign-in as a seeded listener with their feed', async () => {
    const anonymous = new Client(app.baseUrl);
    const genres = await anonymous.json<{ total: number; genres: Array<{ count: number }> }>('GET', '/api/genres');
    expect(genres.body.total).toBe(3000);
    expect((await anonymous.json<{ tracks: number; users: number; artists: number }>('GET', '/api/stats')).body).toMatchObject({ tracks: 3000, users: 300, artists: 60 });

    const found = await anonymous.json<{ total: number; items: Array<{ title: string }> }>('GET', `/api/tracks?q=${COMMON_WORD}`);
    expect(found.status).toBe(200);
    expect(found.body.items.length).toBeGreaterThan(0);
    for (const item of found.body.items) expect(item.title.toLowerCase()).toContain(COMMON_WORD);
    // About a quarter of all titles hold the common word.
    const share = Number((await db().selectFrom('tracks').select((eb) => eb.fn.countAll<number>().as('n')).where('search_text', 'like', `%${COMMON_WORD}%`).executeTakeFirstOrThrow()).n) / 3000;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.3);

    const listener = new Client(app.baseUrl);
    const signIn = await listener.json('POST', '/api/auth/sign-in/email', { email: `user0@${SEED_EMAIL_DOMAIN}`, password: SEED_PASSWORD });
    expect(signIn.status).toBe(200);
    const news = await listener.json<{ items: unknown[] }>('GET', '/api/news');
    expect(news.status).toBe(200);
    expect(news.body.items.length).toBeGreaterThan(0);
  });

  it('gives the same catalogue for the same --seed, replacing an earlier seed without --force', async () => {
    const first = await db().selectFrom('tracks').select(['id', 'title']).orderBy('created_at').limit(5).execute();
    const result = await runSeed(SIZE, env, quiet);
    expect(result.code).toBe(0);
    expect(await count('tracks')).toBe(3000);
    expect(await db().selectFrom('tracks').select(['id', 'title']).orderBy('created_at').limit(5).execute()).toEqual(first);
  });
});

describe('seed as a command', () => {
  it('runs to the end as its own process (nothing it waits for at close lets the process exit early)', async () => {
    const { spawnSync } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-seed-cli-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/server/src/cli/seed.ts', '--tracks', '200', '--users', '20'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Seeded SQLite in .* Every seeded account signs in/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
