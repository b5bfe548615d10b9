import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Real Platter processes for the scale-out suite and bench: each one is `node --import tsx
 * --conditions=source apps/server/src/server.ts` (no build needed, ~1.5 s to healthy), started with
 * the environment an operator would give it, on a free port of 127.0.0.1, with a DATA_DIR of its
 * own. Nothing here imports vitest, so the bench uses it too.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

/** The one BETTER_AUTH_SECRET every instance of a cluster shares (sessions and upload URLs). */
export const CLUSTER_SECRET = 'cluster-secret-cluster-secret-cluster-0123';

export interface ScaleOutServices {
  /** Admin URL for making fresh databases (TEST_DATABASE_URL). */
  adminDatabaseUrl: string;
  /** TEST_REDIS_URL, e.g. redis://127.0.0.1:6379/3. */
  redisUrl: string;
}

/**
 * The PostgreSQL and Redis the suite needs, from TEST_DATABASE_URL and TEST_REDIS_URL. Undefined
 * (with a printed reason) when either is unset locally; with CI=true a missing one throws instead,
 * so CI never passes by skipping.
 */
export function scaleOutServices(): ScaleOutServices | undefined {
  const adminDatabaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  const missing = [!adminDatabaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean);
  if (adminDatabaseUrl && redisUrl) return { adminDatabaseUrl, redisUrl };
  const reason = `the scale-out suite needs ${missing.join(' and ')} (postgres://postgres@127.0.0.1:5432/test, redis://127.0.0.1:6379)`;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`${reason}; CI=true, so this is a failure, not a skip`);
  console.log(`⚠ SKIPPED: ${reason}`);
  return undefined;
}

/** What `startS3Server()` (test/support/s3-server.ts) gives: a real S3-protocol server process on 127.0.0.1. */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** S3_BUCKET, S3_ENDPOINT, credentials, S3_FORCE_PATH_STYLE…: what an instance needs to use it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the S3-protocol server of test/support/s3-server.ts. Loaded at run time: a missing or
 * broken module fails the suite with a message saying so, not the typecheck of every test.
 */
export async function startS3(): Promise<S3Server> {
  const specifier = '../../support/s3-server.js';
  let module: { startS3Server?: () => Promise<S3Server> };
  try {
    module = (await import(/* @vite-ignore */ specifier)) as typeof module;
  } catch (error) {
    throw new Error(`apps/server/test/support/s3-server.ts could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof module.startS3Server !== 'function') throw new Error('apps/server/test/support/s3-server.ts exports no startS3Server()');
  return module.startS3Server();
}

export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new empty PostgreSQL database named platter_cluster_*, made from the admin URL. */
export async function freshDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `platter_cluster_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // Every instance has exited by now, so FORCE only ends connections a crashed one left behind.
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Listens on `port` of 127.0.0.1 (0: one the OS picks), or undefined where it is taken. */
function holdPort(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => (port !== 0 && error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Ports nobody listens on right now (held open together, so the n ports differ): ones the OS picks,
 * or the first free ones of SCALE_OUT_PORTS (`8600-8698`) where a shared machine gives each user a range.
 */
export async function freePorts(n: number): Promise<number[]> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.SCALE_OUT_PORTS ?? '');
  const servers: net.Server[] = [];
  if (range) {
    for (let port = Number(range[1]); port <= Number(range[2]) && servers.length < n; port++) {
      const server = await holdPort(port);
      if (server) servers.push(server);
    }
    if (servers.length < n) {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
      throw new Error(`SCALE_OUT_PORTS=${process.env.SCALE_OUT_PORTS}: fewer than ${n} free ports`);
    }
  } else {
    servers.push(...((await Promise.all(Array.from({ length: n }, () => holdPort(0)))) as net.Server[]));
  }
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One running Platter process. */
export class PlatterProcess {
  readonly baseUrl: string;
  /** Resolves when the process has exited, however that happened. */
  readonly exited: Promise<Exit>;
  private exit: Exit | undefined;
  private log = '';

  private constructor(
    readonly name: string,
    readonly port: number,
    readonly dataDir: string,
    private readonly child: ChildProcess,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    const keep = (chunk: Buffer) => {
      this.log += chunk.toString();
      // The last 64 KB is plenty to explain a failure.
      if (this.log.length > 128 * 1024) this.log = this.log.slice(-64 * 1024);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
  }

  /**
   * Spawns `server.ts` with exactly `env` (plus PATH and HOME) on its own port and DATA_DIR and
   * returns at once; `ready()` waits for /api/health. A `.env` file in the checkout is ignored.
   * `options.dataDir` reuses a DATA_DIR (a restart after a crash); `options.builtRoot` runs the
   * built `apps/server/dist/server.js` of that checkout instead of the sources; `options.nodeArgs`
   * go to node first (`--cpu-prof`, which NODE_OPTIONS refuses).
   */
  static spawn(
    name: string,
    port: number,
    env: Record<string, string>,
    options: { dataDir?: string; builtRoot?: string; nodeArgs?: string[] } = {},
  ): PlatterProcess {
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `platter-${name}-`));
    const entry = options.builtRoot ? [path.join(options.builtRoot, 'apps/server/dist/server.js')] : ['--import', 'tsx', '--conditions=source', serverEntry];
    const args = [...(options.nodeArgs ?? []), ...entry];
    const child = spawn(process.execPath, args, {
      cwd: options.builtRoot ?? repoRoot,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? os.tmpdir(),
        // server.ts loads dotenv: point it at a file that does not exist, so only `env` counts.
        DOTENV_CONFIG_PATH: path.join(dataDir, 'no.env'),
        DOTENV_CONFIG_QUIET: 'true',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'warn',
        PLATTER_DEMO: '0',
        BETTER_AUTH_SECRET: CLUSTER_SECRET,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new PlatterProcess(name, port, dataDir, child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the process has exited, and how. */
  get exitStatus(): Exit | undefined {
    return this.exit;
  }

  /** What the process wrote to stdout and stderr (its last 64 KB or more). */
  output(): string {
    return this.log;
  }

  /** A failure message naming this instance, with how it exited and the end of its output. */
  describe(): string {
    const status = this.exit ? `exited (code ${this.exit.code}, signal ${this.exit.signal})` : 'running';
    const tail = this.log.trim().split('\n').slice(-80).join('\n');
    return `${this.name} (${this.baseUrl}, pid ${this.pid}) ${status}; its output:\n${tail || '(nothing)'}`;
  }

  /** Waits until GET /api/health answers 200; throws with the process's output if it exits or times out. */
  async ready(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exit) throw new Error(`Platter ${this.describe()}`);
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
        await response.body?.cancel();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Platter ${this.name} was not healthy within ${timeoutMs} ms: ${this.describe()}`);
  }

  /**
   * Sends SIGTERM and waits for the exit; after `killAfterMs` it sends SIGKILL (so a hung shutdown
   * never hangs the suite) and says so. Returns how it exited and how long it took.
   */
  async stop(killAfterMs = 30_000): Promise<Exit & { ms: number; killed: boolean }> {
    const started = performance.now();
    if (this.exit) return { ...this.exit, ms: 0, killed: false };
    this.child.kill('SIGTERM');
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      this.child.kill('SIGKILL');
    }, killAfterMs);
    const exit = await this.exited;
    clearTimeout(timer);
    return { ...exit, ms: performance.now() - started, killed };
  }

  /** Sends `signal` (SIGKILL: a crash) and waits for the exit. */
  async kill(signal: NodeJS.Signals): Promise<Exit> {
    if (!this.exit) this.child.kill(signal);
    return this.exited;
  }

  /** Removes the DATA_DIR (after the process has exited). */
  cleanUp(): void {
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * Spawns `count` instances in the same tick (so they race through start-up and migrations
 * together), then waits for every one to be healthy. When one fails, the others are stopped and
 * the error carries every instance's output.
 */
export async function startInstances(count: number, env: Record<string, string>, namePrefix = 'instance'): Promise<PlatterProcess[]> {
  const ports = await freePorts(count);
  const instances = ports.map((port, i) => PlatterProcess.spawn(`${namePrefix}-${i + 1}`, port, env));
  const results = await Promise.allSettled(instances.map((instance) => instance.ready()));
  if (results.some((r) => r.status === 'rejected')) {
    await Promise.all(instances.map((instance) => instance.stop(5000)));
    const report = instances.map((instance) => instance.describe()).join('\n\n');
    for (const instance of instances) instance.cleanUp();
    throw new Error(`${count} instances started at the same moment, not all became healthy:\n\n${report}`);
  }
  return instances;
}

export interface Cluster {
  instances: PlatterProcess[];
  database: FreshDatabase;
  /** The environment every instance got (DATABASE_URL, REDIS_URL, S3_*, …), for starting more. */
  env: Record<string, string>;
  /** Every instance's state and the end of its output, for failure messages. */
  describe(): string;
  /** Stops every instance still running, drops the database and removes the data directories. */
  close(): Promise<void>;
}

/**
 * `count` Platter instances started at the same moment on one fresh empty PostgreSQL database,
 * with the given shared environment (REDIS_URL, S3_*, …).
 */
export async function startCluster(options: { count: number; adminDatabaseUrl: string; env: Record<string, string> }): Promise<Cluster> {
  const database = await freshDatabase(options.adminDatabaseUrl);
  const env = { DATABASE_URL: database.url, ...options.env };
  let instances: PlatterProcess[];
  try {
    instances = await startInstances(options.count, env);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    instances,
    database,
    env,
    describe: () => instances.map((instance) => instance.describe()).join('\n\n'),
    async close() {
      await Promise.all(instances.map((instance) => instance.stop()));
      for (const instance of instances) instance.cleanUp();
      await database.drop();
    },
  };
}
