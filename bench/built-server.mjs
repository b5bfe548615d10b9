/**
 * The built Platter server on a free port with a throwaway data directory and 6 demo tracks, like
 * the e2e server (e2e/support/app-server.ts), for the browser benchmarks (lighthouse.mjs,
 * web-bundle.mjs). Needs `npm run build` first. WEB_DIST (the server's own setting) serves another
 * web build with the same server, to compare two builds side by side.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const DEMO_TRACKS = 6;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin}/api/health did not answer within 60 s`);
}

/** Starts the server and waits for its demo catalogue; `stop()` ends it and deletes the data (`dataDir`). */
export async function startPlatter({ name = 'bench', port: fixedPort } = {}) {
  const serverEntry = path.join(root, 'apps/server/dist/server.js');
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`apps/server/dist or ${webDist} is missing: run \`npm run build\` first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `platter-${name}-`));
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, [serverEntry], {
    cwd: dataDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
      PLATTER_DEMO_TRACKS: String(DEMO_TRACKS),
      DEMO_WORKERS: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(origin, child);
  // Let the demo catalogue finish, so its worker does not share the CPU with the measured runs.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const stats = await (await fetch(`${origin}/api/stats`)).json();
    if (stats.tracks >= DEMO_TRACKS) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, dataDir, stop };
}
