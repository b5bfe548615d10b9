import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GENRES } from '@platter/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin.js';
import type { BackupManifest } from '../src/cli/backup-archive.js';
import { openDatabase } from '../src/db/database.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { BuiltServer, buildServer, freePort, repoRoot } from './support/built-server.js';
import { Client } from './support/http-client.js';
import { dialect, freshPostgresDatabase } from './support/test-app.js';

/**
 * Backup and restore, end to end on this run's engine, with the BUILT server and the BUILT command
 * line as real processes: a server on a fresh DATA_DIR (and, on PostgreSQL, a fresh database) takes a
 * load of anonymous listens and uploads from several clients; while it runs, `admin.js backup` runs
 * as a child process. Every write acknowledged before the backup was started (its whole answer
 * arrived) must be in it: `admin.js restore` puts the backup on a fresh DATA_DIR (and a fresh
 * database), and a server started there serves every such upload byte for byte and counts at least
 * every such listen (and no more than were acknowledged in all); its counters equal their rows (one
 * snapshot, not a torn copy); health, readiness, the track list, a track page's API, signing in
 * with a password and a session made before the backup all work. On SQLite the server runs without
 * BETTER_AUTH_SECRET, so the secret it generated in DATA_DIR must travel with the backup for that
 * session to stay valid. Then the refusals: a target that is not empty, a damaged file, a backup of
 * a newer schema; on PostgreSQL also a missing or too old pg_dump.
 */

const SECRET = 'built-server-secret-built-server-secret-01';
const PASSWORD = 'correct-horse-battery';
const LOAD_CLIENTS = 4;
/** The backup starts once this many listens and load uploads were acknowledged (or LOAD_CAP_MS passed). */
const LISTENS_BEFORE = 150;
const UPLOADS_BEFORE = 4;
const LOAD_CAP_MS = 20_000;

let addressCounter = 0;
/** A forwarded address per request (the server trusts 127.0.0.1 as its proxy): each anonymous listen counts, no per-address limit binds. */
const nextAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

interface Ack {
  at: number;
}
interface UploadAck extends Ack {
  trackId: string;
  url: string;
  bytes: Buffer;
}
interface ListenAck extends Ack {
  trackId: string;
}
interface Account {
  client: Client;
  userId: string;
  email: string;
}

/** `node apps/server/dist/cli/admin.js …` with only the given environment (a `.env` of the checkout is ignored). */
function adminProcess(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/cli/admin.js'), ...args], {
      cwd: os.tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? os.tmpdir(),
        DOTENV_CONFIG_PATH: path.join(os.tmpdir(), 'platter-no.env'),
        DOTENV_CONFIG_QUIET: 'true',
        PLATTER_DEMO: '0',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Every file under `dir` with its bytes, for "nothing was touched". */
function snapshotTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else files.set(child, fs.readFileSync(path.join(dir, child)).toString('base64'));
    }
  };
  if (fs.existsSync(dir)) walk('');
  return files;
}

describe(`backup under load, restore onto a fresh ${dialect === 'postgres' ? 'database' : 'data directory'}`, () => {
  const dirs: string[] = [];
  const databases: Array<{ url: string; drop(): Promise<void> }> = [];
  const servers: BuiltServer[] = [];
  let sourceDir: string;
  let sourceDb: { url: string } | undefined;
  let backupDir: string;
  let restoredDir: string;
  let restoredDb: { url: string } | undefined;
  let manifest: BackupManifest;

  const tempDir = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `platter-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const freshDatabase = async () => {
    const db = await freshPostgresDatabase();
    databases.push(db);
    return db;
  };
  /** The server's (and the command line's) configuration for a data directory and database. */
  const envFor = (dataDir: string, db: { url: string } | undefined): Record<string, string> =>
    db ? { DATA_DIR: dataDir, DATABASE_URL: db.url, BETTER_AUTH_SECRET: SECRET } : { DATA_DIR: dataDir };
  const startServer = async (dataDir: string, db: { url: string } | undefined) => {
    // On SQLite without BETTER_AUTH_SECRET: the server makes its own and keeps it in DATA_DIR.
    const server = await BuiltServer.start({ port: await freePort(), dataDir, env: { TRUST_PROXY: '127.0.0.1', ...(db ? { DATABASE_URL: db.url } : { BETTER_AUTH_SECRET: '' }) } });
    servers.push(server);
    return server;
  };

  beforeAll(() => {
    buildServer();
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.killGroup('SIGKILL');
    for (const db of databases) await db.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before the backup started, and the restored server works', async () => {
    const began = performance.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${((performance.now() - began) / 1000).toFixed(1)} s`);
    sourceDir = tempDir('backup-source');
    sourceDb = dialect === 'postgres' ? await freshDatabase() : undefined;
    const source = await startServer(sourceDir, sourceDb);
    const audio = await Promise.all([1, 1.5].map((seconds) => makeMp3(seconds)));

    const send = async (client: Client, method: string, url: string, init: { json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}) => {
      const response = await client.request(method, url, {
        json: init.json,
        body: init.body ? new Uint8Array(init.body) : undefined,
        headers: { 'x-forwarded-for': nextAddress(), ...init.headers },
      });
      const text = await response.text();
      const body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return body as never;
    };
    const upload = async (account: Account, bytes: Buffer, title: string): Promise<UploadAck> => {
      const { uploadURL, fileUrl } = await send(account.client, 'POST', '/api/get-upload-url', { json: { fileName: `${title}.mp3`, fileType: 'audio/mpeg', fileSize: bytes.length } });
      await send(account.client, 'PUT', uploadURL, { body: bytes, headers: { 'content-type': 'audio/mpeg' } });
      const track: { id: string; url: string } = await send(account.client, 'POST', '/api/tracks', { json: { title, genre: GENRES[title.length % GENRES.length], url: fileUrl } });
      return { trackId: track.id, url: track.url, bytes, at: performance.now() };
    };

    phase('started');
    const accounts: Account[] = [];
    for (let i = 0; i < LOAD_CLIENTS; i++) {
      const client = new Client(source.baseUrl);
      const email = `backup-${i}-${Math.random().toString(36).slice(2)}@example.com`;
      const user: { user: { id: string } } = await send(client, 'POST', '/api/auth/sign-up/email', { json: { name: `Backed Up ${i}`, email, password: PASSWORD } });
      accounts.push({ client, userId: user.user.id, email });
    }
    const uploads: UploadAck[] = [];
    for (const [i, account] of accounts.entries()) uploads.push(await upload(account, audio[i % audio.length] as Buffer, `Seed ${i}`));
    const comment: { id: string; text: string } = await send(accounts[0]!.client, 'POST', `/api/tracks/${uploads[0]!.trackId}/comments`, { json: { text: 'kept by the backup', positionSec: 1 } });

    // The load: each client listens (anonymously, from an address of its own each time, so every
    // listen counts) and now and then uploads, until the backup has finished.
    phase('seeded');
    const listens: ListenAck[] = [];
    const anonymous = new Client(source.baseUrl);
    let stop = false;
    const loadUploads = () => uploads.length - accounts.length;
    const load = accounts.map(async (account, i) => {
      let n = 0;
      while (!stop) {
        n++;
        if (n % 12 === 0) {
          uploads.push(await upload(account, audio[(i + n) % audio.length] as Buffer, `Load ${i}-${n}`));
        } else {
          const trackId = uploads[(i * 7 + n) % uploads.length]!.trackId;
          const result: { counted: boolean } = await send(anonymous, 'POST', `/api/tracks/${trackId}/listens`, { json: {} });
          expect(result.counted).toBe(true);
          listens.push({ trackId, at: performance.now() });
        }
      }
    });
    const loadDone = Promise.all(load);
    const loadStarted = performance.now();
    while ((listens.length < LISTENS_BEFORE || loadUploads() < UPLOADS_BEFORE) && performance.now() - loadStarted < LOAD_CAP_MS) {
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 20)), loadDone]);
    }

    phase('loaded');
    backupDir = path.join(tempDir('backup'), 'nightly');
    const backupStarted = performance.now();
    const backedUp = await adminProcess(['backup', '--to', backupDir], envFor(sourceDir, sourceDb));
    const backupEnded = performance.now();
    stop = true;
    await loadDone;
    expect(backedUp.output).toContain('Backup written to');
    expect(backedUp.code, backedUp.output).toBe(0);

    const before = <T extends Ack>(acks: T[]) => acks.filter((a) => a.at < backupStarted);
    const uploadsBefore = before(uploads);
    const listensBefore = before(listens);
    const writesDuring = [...uploads, ...listens].filter((a) => a.at >= backupStarted && a.at < backupEnded).length;
    // The load did run before and while the backup ran (else this would check nothing of it).
    expect(listensBefore.length).toBeGreaterThanOrEqual(LISTENS_BEFORE);
    expect(uploadsBefore.length - accounts.length).toBeGreaterThanOrEqual(UPLOADS_BEFORE);
    expect(writesDuring).toBeGreaterThan(0);

    manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ format: 'platter-backup', engine: dialect, media: { storage: 'local' }, databaseDoneAt: expect.any(String) });
    expect(manifest.schema.level).toBe(manifest.schema.migrations.at(-1));
    expect(manifest.secret.source).toBe(dialect === 'postgres' ? 'environment' : 'data-dir');
    await source.stop();
    phase('backed up');

    // Restore onto a fresh DATA_DIR (and a fresh database), as a process too.
    restoredDir = path.join(tempDir('restored'), 'data');
    restoredDb = dialect === 'postgres' ? await freshDatabase() : undefined;
    const restored = await adminProcess(['restore', '--from', backupDir], envFor(restoredDir, restoredDb));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).not.toContain('Warning');

    phase('restored');
    // One snapshot: every counter equals its rows, and the listens lie between what was acknowledged before and in all.
    const handle = openDatabase({ dataDir: restoredDir, databaseUrl: restoredDb?.url, poolSize: 1 });
    let storedListens: Map<string, number>;
    try {
      const wrong = await sql<{ id: string }>`SELECT t.id FROM tracks t WHERE t.listens_count <> (SELECT count(*) FROM listens l WHERE l.track_id = t.id)`.execute(handle.db);
      expect(wrong.rows).toEqual([]);
      const rows = await handle.db.selectFrom('tracks').select(['id', 'listens_count']).execute();
      storedListens = new Map(rows.map((r) => [r.id, Number(r.listens_count)]));
    } finally {
      await handle.close();
    }
    const countBy = (acks: ListenAck[]) => acks.reduce((m, a) => m.set(a.trackId, (m.get(a.trackId) ?? 0) + 1), new Map<string, number>());
    const ackedBefore = countBy(listensBefore);
    const ackedAll = countBy(listens);
    const wrongListens: string[] = [];
    for (const { trackId } of uploads) {
      const stored = storedListens.get(trackId);
      const acked = ackedBefore.get(trackId) ?? 0;
      if (stored === undefined ? acked > 0 : stored < acked || stored > (ackedAll.get(trackId) ?? 0)) {
        wrongListens.push(`${trackId}: ${acked} acknowledged before the backup, ${ackedAll.get(trackId) ?? 0} in all, ${stored ?? 'no track'} restored`);
      }
    }
    expect(wrongListens).toEqual([]);

    // A server on the restored data: every upload acknowledged before the backup is there and plays byte for byte.
    const server = await startServer(restoredDir, restoredDb);
    phase('restarted');
    const visitor = new Client(server.baseUrl);
    const problems: string[] = [];
    for (const up of uploadsBefore) {
      const track = await visitor.json<{ id: string; listens: number }>('GET', `/api/tracks/${up.trackId}`);
      if (track.status !== 200) problems.push(`track ${up.trackId}: ${track.status}`);
      else if (track.body.listens < (ackedBefore.get(up.trackId) ?? 0)) problems.push(`track ${up.trackId}: ${track.body.listens} listens served`);
      const media = await visitor.request('GET', up.url);
      const bytes = Buffer.from(await media.arrayBuffer());
      if (media.status !== 200 || !bytes.equals(up.bytes)) problems.push(`upload ${up.trackId}: GET ${up.url} gave ${media.status} and ${bytes.length} of ${up.bytes.length} bytes`);
    }
    expect(problems).toEqual([]);

    // Smoke checks.
    expect((await visitor.json('GET', '/api/health')).status).toBe(200);
    expect((await visitor.json('GET', '/api/ready')).status).toBe(200);
    const list = await visitor.json<{ items: Array<{ id: string }>; total: number }>('GET', '/api/tracks?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.body.items.map((t) => t.id)).toEqual(expect.arrayContaining(uploadsBefore.map((u) => u.trackId)));
    const page = await visitor.json<{ title: string }>('GET', `/api/tracks/${uploads[0]!.trackId}`);
    expect(page).toMatchObject({ status: 200, body: { title: 'Seed 0' } });
    const comments = await visitor.json<{ items: Array<{ id: string; text: string }> }>('GET', `/api/tracks/${uploads[0]!.trackId}/comments`);
    expect(comments.status).toBe(200);
    expect(comments.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: comment.id, text: comment.text })]));
    // An existing user signs in with their password.
    const returning = new Client(server.baseUrl);
    expect((await returning.json('POST', '/api/auth/sign-in/email', { email: accounts[1]!.email, password: PASSWORD })).status).toBe(200);
    expect((await returning.json<{ user: { id: string } }>('GET', '/api/me')).body.user.id).toBe(accounts[1]!.userId);
    // A session made before the backup still holds: the secret that signed it came along.
    const resumed = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: accounts[2]!.client.cookieHeader() } });
    expect(((await resumed.json()) as { user?: { id: string } } | null)?.user?.id).toBe(accounts[2]!.userId);
    // And it takes writes.
    const listen = await fetch(`${server.baseUrl}/api/tracks/${uploads[0]!.trackId}/listens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': nextAddress() },
      body: '{}',
    });
    expect(listen.status).toBe(200);
    await server.stop();
    phase('checked');
    console.log(phases.join(', '));
    console.log(
      `backup under load (${dialect}): ${listensBefore.length} listens and ${uploadsBefore.length} uploads acknowledged before the backup, ` +
        `${writesDuring} writes while it ran (${((backupEnded - backupStarted) / 1000).toFixed(1)} s), ${listens.length} listens and ${uploads.length} uploads in all; ` +
        `${manifest.files.length} files in the backup`,
    );
  }, 120_000);

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const before = snapshotTree(restoredDir);
    const again = await runAdminCommand(['restore', '--from', backupDir], { ...envFor(restoredDir, restoredDb), PLATTER_DEMO: '0' }, () => {});
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/^DATA_DIR \(.*\) is not empty \(.*\): restore writes only into a fresh data directory/);
    expect(snapshotTree(restoredDir)).toEqual(before);
    if (restoredDb) {
      // A fresh DATA_DIR, but the database already holds Platter's tables.
      const freshDir = path.join(tempDir('restore-again'), 'data');
      const onFullDatabase = await runAdminCommand(['restore', '--from', backupDir], { ...envFor(freshDir, restoredDb), PLATTER_DEMO: '0' }, () => {});
      expect(onFullDatabase.code).toBe(1);
      expect(onFullDatabase.output).toMatch(/^The database \w+ at DATABASE_URL is not empty \(it holds \d+ tables.*restore writes only into an empty database/s);
      expect(fs.existsSync(freshDir)).toBe(false);
    }
    // A backup never goes into a directory holding anything either.
    const intoFull = await runAdminCommand(['backup', '--to', backupDir], { ...envFor(sourceDir, sourceDb), PLATTER_DEMO: '0' }, () => {});
    expect(intoFull).toMatchObject({ code: 1, output: expect.stringMatching(/is not empty .*a backup goes into a new or empty directory/) });
  });

  it('refuses a backup with a damaged file, before writing anything', async () => {
    const damaged = path.join(tempDir('damaged'), 'backup');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const media = manifest.files.find((f) => f.path.startsWith('data/media/') && !path.basename(f.path).startsWith('.'));
    expect(media, 'a media file in the backup').toBeDefined();
    const file = path.join(damaged, media!.path);
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    fs.writeFileSync(file, bytes);

    const target = path.join(tempDir('restore-damaged'), 'data');
    const targetDb = dialect === 'postgres' ? await freshDatabase() : undefined;
    const result = await runAdminCommand(['restore', '--from', damaged], { ...envFor(target, targetDb), PLATTER_DEMO: '0' }, () => {});
    expect(result.code).toBe(1);
    expect(result.output).toContain(`The backup is damaged: ${media!.path} does not match manifest.json`);
    expect(result.output).toContain('Nothing was restored');
    expect(fs.existsSync(target)).toBe(false);
    if (targetDb) {
      const handle = openDatabase({ dataDir: target, databaseUrl: targetDb.url, poolSize: 1 });
      try {
        const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`.execute(handle.db);
        expect(tables.rows[0]?.n).toBe(0);
      } finally {
        await handle.close();
      }
    }

    // A missing manifest (an unfinished backup) and one from a newer schema are refused too.
    const unfinished = tempDir('unfinished');
    expect(await runAdminCommand(['restore', '--from', unfinished], { ...envFor(target, targetDb), PLATTER_DEMO: '0' }, () => {})).toMatchObject({
      code: 1,
      output: expect.stringContaining('is not a Platter backup, or its backup did not finish'),
    });
    const newer = tempDir('newer');
    const future = { ...manifest, schema: { level: '2099-01-01T00-00_from-the-future', migrations: [...manifest.schema.migrations, '2099-01-01T00-00_from-the-future'] } };
    fs.writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(future));
    expect(await runAdminCommand(['restore', '--from', newer], { ...envFor(target, targetDb), PLATTER_DEMO: '0' }, () => {})).toMatchObject({
      code: 1,
      output: expect.stringContaining('This backup was made by a newer Platter'),
    });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('on S3 names the bucket instead of copying it; a restore under another secret warns', async () => {
    // The backup reads no object (the bucket need not even be reachable): it only names it.
    const to = path.join(tempDir('s3-backup'), 'backup');
    const s3 = { S3_BUCKET: 'platter-media-test', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: '1' };
    const made = await runAdminCommand(['backup', '--to', to], { ...envFor(restoredDir, restoredDb), ...s3, PLATTER_DEMO: '0' }, () => {});
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('media     in S3 bucket "platter-media-test", NOT copied: keep versioning (or replication) on for that bucket');
    const written = JSON.parse(fs.readFileSync(path.join(to, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(written.media).toMatchObject({ storage: 's3', bucket: 'platter-media-test', endpoint: 'http://127.0.0.1:9' });

    const target = path.join(tempDir('restore-other-secret'), 'data');
    const targetDb = dialect === 'postgres' ? await freshDatabase() : undefined;
    const other = 'another-secret-another-secret-another-secret';
    const restored = await runAdminCommand(['restore', '--from', to], { ...envFor(target, targetDb), ...s3, BETTER_AUTH_SECRET: other, PLATTER_DEMO: '0' }, () => {});
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('media     in the S3 bucket "platter-media-test" (not in the backup)');
    expect(restored.output).toMatch(
      dialect === 'postgres'
        ? /Warning: BETTER_AUTH_SECRET here differs from the backed-up instance's: set the same value before starting, or every session/
        : /Warning: BETTER_AUTH_SECRET is set here, so Platter will use it instead of the secret the backup restored into .*: unset it, or every session/,
    );
  });

  it.runIf(dialect === 'postgres')('says when pg_dump is missing or older than the server, with the command to run instead', async () => {
    const env = { ...envFor(sourceDir, sourceDb), PLATTER_DEMO: '0' };
    const to = path.join(tempDir('no-pg-dump'), 'backup');
    const missing = await runAdminCommand(['backup', '--to', to, '--pg-bin', path.join(to, 'no-such-bin')], env, () => {});
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('pg_dump was not found in');
    expect(missing.output).toContain('pg_dump --format=custom --no-owner --file=');
    expect(fs.existsSync(to)).toBe(false);

    const oldBin = tempDir('old-pg-bin');
    fs.writeFileSync(path.join(oldBin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    const old = await runAdminCommand(['backup', '--to', to, '--pg-bin', oldBin], env, () => {});
    expect(old.code).toBe(1);
    expect(old.output).toMatch(/pg_dump is version 9\.6\.24, older than the PostgreSQL [\d.]+ server: pg_dump must be of the server's major version \(\d+\) or newer/);
    expect(old.output).toContain('pg_dump --format=custom --no-owner --file=');
    expect(fs.existsSync(to)).toBe(false);
  });
});
