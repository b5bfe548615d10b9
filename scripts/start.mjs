#!/usr/bin/env node
// `npm start`: the server from apps/server/dist, built first only when the sources changed since the
// last build (scripts/build-if-stale.mjs; `npm install` already built a fresh clone). Runs the server in
// this process, so signals reach it directly. `--no-build` starts what is built as it is (benchmarks,
// or a checkout where builds are taken in turn).
import { buildIfStale, staleReason } from './build-if-stale.mjs';

if (process.argv.includes('--no-build')) {
  const reason = staleReason();
  if (reason) console.warn(`Platter: starting the existing build, although ${reason}.`);
} else if (!buildIfStale()) {
  console.error('Platter cannot start: the build failed or could not run (see above). Run `npm install`, then `npm start` again.');
  process.exit(1);
}
await import('../apps/server/dist/server.js');
