import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built server (`apps/server/dist/server.js`) as a real process of its own, for the tests and
 * benches that crash it (`kill -9`) or load it from outside: started in a process group of its own,
 * so `killGroup('SIGKILL')` takes down everything it started, and restartable on the same port and
 * data. Nothing here imports vitest, so bench/ uses it too.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const builtEntry = path.join(repoRoot, 'apps/server/dist/server.js');

/**
 * Brings `apps/server/dist` up to date with the sources: `tsc -b packages/shared apps/server`, the
 * server's own build and `npm test`'s first step (a no-op of a second or two when nothing changed,
 * about 30 s on this machine when everything did). Throws with tsc's output when the build fails.
 */
export function buildServer(): void {
  try {
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'packages/shared', 'apps/server'], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
  } catch (error) {
    const output = error instanceof Error && 'stdout' in error ? String((error as { stdout: unknown }).stdout) : String(error);
    throw new Error(`building the server (tsc -b packages/shared apps/server) failed, so there is no current apps/server/dist to start:\n${output}`, { cause: error });
  }
  if (!fs.existsSync(builtEntry)) throw new Error(`${builtEntry} is missing after the build: run \`npm run build -w @platter/shared && npm run build -w @platter/server\``);
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface BuiltServerOptions {
  port: number;
  dataDir: string;
  /** More environment: DATABASE_URL, TRUST_PROXY… (PLATTER_DEMO=0 and LOG_LEVEL=warn unless given). */
  env?: Record<string, string>;
}

/** One running built server. */
export class BuiltServer {
  readonly baseUrl: string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private log = '';
  private done = false;

  private constructor(
    readonly options: BuiltServerOptions,
    private readonly child: ChildProcess,
  ) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
    const keep = (chunk: Buffer) => {
      this.log += chunk.toString();
      if (this.log.length > 128 * 1024) this.log = this.log.slice(-64 * 1024);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.done = true;
        resolve({ code, signal });
      });
    });
  }

  /** Spawns the built server with only the given environment (a `.env` of the checkout is ignored) and waits for /api/health. */
  static async start(options: BuiltServerOptions): Promise<BuiltServer> {
    if (!fs.existsSync(builtEntry)) throw new Error(`${builtEntry} is missing: build the server first (buildServer(), or npm run build)`);
    const child = spawn(process.execPath, [builtEntry], {
      cwd: options.dataDir,
      // A process group of its own: killGroup() signals it and anything it started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? os.tmpdir(),
        DOTENV_CONFIG_PATH: path.join(options.dataDir, 'no.env'),
        DOTENV_CONFIG_QUIET: 'true',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        DATA_DIR: options.dataDir,
        WEB_DIST: path.join(options.dataDir, 'no-web'),
        BETTER_AUTH_SECRET: 'built-server-secret-built-server-secret-01',
        PLATTER_DEMO: '0',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
    });
    const server = new BuiltServer(options, child);
    try {
      await server.ready();
    } catch (error) {
      await server.killGroup('SIGKILL');
      throw error;
    }
    return server;
  }

  get pid(): number {
    return this.child.pid as number;
  }

  /** The end of what the process wrote, for failure messages. */
  output(): string {
    return this.log.trim().split('\n').slice(-60).join('\n');
  }

  private async ready(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.done) throw new Error(`the built server exited while starting; its output:\n${this.output()}`);
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
        await response.body?.cancel();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the built server was not healthy within ${timeoutMs} ms; its output:\n${this.output()}`);
  }

  /** Signals the whole process group (SIGKILL: a crash) and waits for the server to exit. */
  async killGroup(signal: NodeJS.Signals): Promise<void> {
    if (!this.done) {
      try {
        process.kill(-this.pid, signal);
      } catch {
        // already gone
      }
    }
    await this.exited;
  }

  /** SIGTERM (a graceful stop), SIGKILL to the group after 30 s. */
  async stop(): Promise<void> {
    if (this.done) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => void this.killGroup('SIGKILL'), 30_000);
    await this.exited;
    clearTimeout(timer);
  }
}
