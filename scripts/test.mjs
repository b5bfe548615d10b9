#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration on SQLite, integration on Postgres (TEST_DATABASE_URL),
// the Redis suites (TEST_REDIS_URL), the scale-out suite (several Platter processes on Postgres, Redis
// and an S3 server), browser journeys (Chromium). Locally a missing Postgres, Redis or Chromium is a
// printed skip; with CI=true it fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const npx = 'npx';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const results = [];

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-test-'));

/** Runs one suite with its output on this terminal; resolves to whether it passed. */
async function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━  ${command} ${args.join(' ')}`);
  const { ok, seconds } = await run(command, args, env, 'inherit');
  results.push({ name, status: ok ? 'passed' : 'failed', seconds });
  return ok;
}

function run(command, args, env, stdio) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio, env: { ...process.env, ...env } });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve({ ok: false, seconds: (Date.now() - started) / 1000 });
    });
    child.on('exit', (code) => resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

/**
 * Starts a suite that runs beside the next ones (each one process, so two of them share the two
 * cores rather than fight over them); its output goes to a file and is printed as one block by
 * `finish`, so the two suites' lines never interleave. Its time is its own, from start to exit.
 */
function stepBeside(name, command, args, env = {}) {
  const log = path.join(reports, `${results.length}-${name.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(log, 'w');
  const running = run(command, args, env, ['ignore', out, out]);
  console.log(`\n━━ ${name} ━━  ${command} ${args.join(' ')}  (beside what follows; its output comes when it ends)`);
  return {
    async finish() {
      const { ok, seconds } = await running;
      fs.closeSync(out);
      console.log(`\n━━ ${name} ━━  (ran beside the steps above, ${seconds.toFixed(0)} s)`);
      process.stdout.write(fs.readFileSync(log));
      results.push({ name, status: ok ? 'passed' : 'failed', seconds });
      return ok;
    },
  };
}

/**
 * A vitest step that also writes vitest's JSON report, so the summary at the very end can name each
 * failed test and its first error line: a CI log is often read from its tail only, and a failure
 * scrolled away thousands of lines above is otherwise lost.
 */
async function vitestStep(name, args) {
  const report = path.join(reports, `${results.length}.json`);
  const times = path.join(reports, `${results.length}-projects.json`);
  const ok = await step(
    name,
    npx,
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--reporter=./scripts/vitest-project-times.mjs'],
    { PLATTER_PROJECT_TIMES: times },
  );
  const result = results.at(-1);
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    result.failures = json.testResults.flatMap((file) => {
      const tests = file.assertionResults.filter((t) => t.status === 'failed');
      const where = path.relative(process.cwd(), file.name);
      if (tests.length === 0 && file.status === 'failed') return [`${where}: ${firstLine(file.message)}`];
      return tests.map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    });
  } catch {
    if (!ok) result.failures = ['(vitest wrote no JSON report; see its output above)'];
  }
  // Projects that ran side by side in this step, each with its own span (scripts/vitest-project-times.mjs).
  try {
    const spans = JSON.parse(fs.readFileSync(times, 'utf8'));
    if (spans.length > 1) result.projects = spans;
  } catch {
    // No spans (the run stopped before its end): the step's own time stands.
  }
  return ok;
}

function firstLine(text) {
  return (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
}

function skip(name, reason) {
  if (ci) {
    console.error(`\n✗ ${name}: ${reason}. CI=true, so this is a failure, not a skip.`);
    results.push({ name, status: 'failed', seconds: 0 });
  } else {
    console.log(`\n⚠ SKIPPED ${name}: ${reason}.`);
    results.push({ name, status: 'skipped', seconds: 0 });
  }
}

/** Whether a Redis server answers PING at this redis:// URL within two seconds. */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(/^\+PONG|^-NOAUTH/.test(data.toString())));
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
const redisProblem = !redisUrl
  ? 'TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)'
  : (await redisAnswers(redisUrl))
    ? undefined
    : `no Redis answers at ${redisUrl}`;

// Lint (one eslint process) beside the type checks (one tsc at a time): one core each.
const lint = stepBeside('lint', npx, ['eslint', '.']);
if (await step('typecheck', npx, ['tsc', '-b', 'packages/shared', 'packages/demo-music', 'apps/server'])) {
  await step('typecheck demo-music tests', npx, ['tsc', '-p', 'packages/demo-music/tsconfig.test.json']);
  await step('typecheck server tests', npx, ['tsc', '-p', 'apps/server/test']);
  await step('typecheck web', npx, ['tsc', '-p', 'apps/web', '--noEmit']);
  await step('typecheck e2e', npx, ['tsc', '-p', 'e2e', '--noEmit']);
}
await lint.finish();
// Test files that need Redis skip themselves without it; the runner names the skip (a failure in CI).
if (redisProblem) skip('Redis suites (live events, rate limits, jobs)', redisProblem);
// The unit and integration projects run side by side in one pool of three workers (vitest.config.ts).
if (process.env.TEST_DATABASE_URL) {
  await vitestStep('unit + integration (SQLite, PostgreSQL)', ['--project', 'unit', '--project', 'integration:sqlite', '--project', 'integration:postgres']);
} else {
  await vitestStep('unit + integration (SQLite)', ['--project', 'unit', '--project', 'integration:sqlite']);
  skip('integration (PostgreSQL)', 'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)');
}

if (!process.env.TEST_DATABASE_URL) {
  skip('scale-out (two instances)', 'TEST_DATABASE_URL is not set');
} else if (redisProblem) {
  skip('scale-out (two instances)', redisProblem);
} else {
  await vitestStep('scale-out (two instances)', ['--project', 'scale-out']);
}

// The journeys' Chromium, chosen as e2e/support/env.ts chooses it (this script is plain JavaScript and
// cannot import that file): Debian's old headless shell (~0.6× the full browser's CPU), else the browser.
const chromium = process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) || '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  // Built already by `npm install` (the prepare script) unless the sources changed since.
  if (await step('build', 'node', ['scripts/build-if-stale.mjs'])) {
    await journeys(chromium);
  }
} else {
  skip('browser journeys (Chromium)', `no Chromium at ${chromium} (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)`);
}

/**
 * The journey files split between E2E_SHARDS Playwright runs side by side (2 unless set), each with
 * its own servers (Platter, Platter on S3, the OIDC provider, the federation pair) on ports of its
 * own, 100 apart, and its own output folder: one browser at a time leaves a fast machine's cores
 * idle 40 % of the time (bench/ci-time.md). The files are dealt longest first to the run with the
 * least so far, by each file's measured seconds (e2e/journey-seconds.json; a file not measured yet
 * counts as the median).
 */
async function journeys(chromium) {
  const count = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
  const config = ['playwright', 'test', '-c', 'e2e/playwright.config.ts'];
  if (count === 1) return step('browser journeys (Chromium)', npx, config, { CHROMIUM_PATH: chromium });
  const measured = JSON.parse(fs.readFileSync('e2e/journey-seconds.json', 'utf8')).files;
  const known = Object.values(measured).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (file) => measured[file] ?? median;
  const files = fs.readdirSync('e2e/tests').filter((file) => file.endsWith('.spec.ts'));
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.files.push(`e2e/tests/${file}`);
    lightest.seconds += weight(file);
  }
  const run = (shard, index) => {
    const base = 8181 + 100 * index;
    const env = {
      CHROMIUM_PATH: chromium,
      E2E_APP_PORT: String(base),
      E2E_OIDC_PORT: String(base + 1),
      E2E_S3_APP_PORT: String(base + 2),
      E2E_FEDI_A_PORT: String(base + 10),
      E2E_FEDI_B_PORT: String(base + 11),
    };
    const args = [...config, '--output', `e2e/test-results/shard-${index + 1}`, ...shard.files];
    const name = `browser journeys ${index + 1}/${count} (Chromium, ${shard.files.length} files, ~${shard.seconds} s measured)`;
    return index === 0 ? { name, args, env } : stepBeside(name, npx, args, env);
  };
  const [first, ...beside] = shards.map(run);
  await step(first.name, npx, first.args, first.env);
  for (const other of beside) await other.finish();
}

console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`${r.status.padEnd(8)} ${r.name}${r.seconds ? ` (${r.seconds.toFixed(0)} s)` : ''}`);
  for (const p of r.projects ?? []) {
    console.log(`           ${p.project}: ${p.seconds.toFixed(0)} s from its first file to its last (${p.files} files, ${p.fileSeconds.toFixed(0)} s of file time)`);
  }
  const failures = r.failures ?? [];
  for (const failure of failures.slice(0, 15)) console.log(`           ✗ ${failure}`);
  if (failures.length > 15) console.log(`           … and ${failures.length - 15} more failed tests (listed in the output above)`);
}
const count = (s) => results.filter((r) => r.status === s).length;
console.log(`suites: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, in ${(process.uptime() / 60).toFixed(1)} min`);
process.exit(count('failed') > 0 ? 1 : 0);
