#!/usr/bin/env node
// Builds Platter (`npm run build`) unless the sources are the same as at the last successful build.
// Run by `npm install` / `npm ci` (the root `prepare` script), `npm start` and `npm test`, so a fresh
// clone is built once, during install, and `npm start` answers within seconds.
//
// "The same" is a SHA-256 over the build's inputs (file paths and contents, tests left out), kept in
// node_modules/.cache/platter/build.json next to the outputs it vouches for: a content hash, not
// modification times, so a checkout or a touch does not force a rebuild and an edit always does.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'node_modules/.cache/platter/build.json');

/** What the build reads. Directories are walked; test files do not change the build. */
const INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/demo-music/src',
  'packages/demo-music/package.json',
  'packages/demo-music/tsconfig.json',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/landing.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
];
/** What the build makes, and what `npm start` needs. */
const OUTPUTS = ['packages/shared/dist/index.js', 'packages/demo-music/dist/index.js', 'apps/server/dist/server.js', 'apps/web/dist/index.html'];

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name) || name === '__snapshots__';

function listFiles(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => !isTest(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => listFiles(path.join(relative, entry.name)));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(listFiles)) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Why a build is needed, or undefined when the last build still stands. */
export function staleReason(hash = sourceHash()) {
  const missing = OUTPUTS.find((output) => !fs.existsSync(path.join(root, output)));
  if (missing) return `${missing} is missing`;
  const stamp = readStamp();
  if (!stamp) return 'no record of a previous build';
  if (stamp.hash !== hash) return 'sources changed since the last build';
  return undefined;
}

/** Whether the build tools are installed (not with `npm ci --omit=dev`, where the build comes prebuilt or not at all). */
function haveBuildTools() {
  const require = createRequire(path.join(root, 'apps/web/package.json'));
  try {
    require.resolve('typescript/package.json');
    require.resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

/** Builds when needed; returns false when a needed build failed or could not run. */
export function buildIfStale({ log = console.log } = {}) {
  const started = Date.now();
  const hash = sourceHash();
  const reason = staleReason(hash);
  if (!reason) return true;
  if (!haveBuildTools()) {
    log(`Platter: not building (${reason}), since the build tools (typescript, vite) are not installed.`);
    return false;
  }
  log(`Platter: building, since ${reason}…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) return false;
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, JSON.stringify({ hash, builtAt: new Date().toISOString() }));
  log(`Platter: built in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const optional = process.argv.includes('--if-tools');
  const ok = buildIfStale();
  // During install a missing tool chain is no failure: `npm start` says what is missing.
  process.exit(ok || (optional && !haveBuildTools()) ? 0 : 1);
}
