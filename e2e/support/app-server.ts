/**
 * Starts the built Platter server for the browser run (a webServer of playwright.config.ts),
 * on a fresh data directory that is deleted when the server stops (E2E_KEEP_DATA=1 keeps it).
 * With --s3, a second Platter on S3_APP_PORT keeps its media in a bucket of a real S3-protocol
 * server process (s3rver, started here and stopped with it), without the demo catalogue. Without
 * it, the server's email goes to a real SMTP server process (smtp-server) writing to MAIL_DIR.
 *
 *   node --import tsx e2e/support/app-server.ts [--s3]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startS3Server } from '../../apps/server/test/support/s3-server.js';
import { startSmtpServer } from '../../apps/server/test/support/smtp-server.js';
import { ADMIN_EMAIL, APP_PORT, APP_SECRET, DATA_DIR_POINTER, DEMO_TRACKS, GOOGLE_CLIENT, MAIL_DIR, OIDC_ISSUER, S3_APP_PORT, S3_ENDPOINT_POINTER } from './env.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');

for (const built of [serverEntry, webIndex]) {
  if (!fs.existsSync(built)) {
    console.error(`e2e: ${path.relative(root, built)} is missing. Run \`npm run build\` first.`);
    process.exit(1);
  }
}

const onS3 = process.argv.includes('--s3');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-e2e-'));
const keepData = process.env.E2E_KEEP_DATA === '1';
const s3 = onS3 ? await startS3Server({ bucket: 'platter-e2e' }) : undefined;
// The main server's email goes to a real SMTP server process, whose messages the journeys open (MAIL_DIR).
if (!onS3) fs.rmSync(MAIL_DIR, { recursive: true, force: true });
const smtp = onS3 ? undefined : await startSmtpServer({ directory: MAIL_DIR });
if (s3) fs.writeFileSync(S3_ENDPOINT_POINTER, s3.endpoint);
else fs.writeFileSync(DATA_DIR_POINTER, dataDir);
console.error(`e2e: Platter data in ${dataDir}${keepData ? ' (kept)' : ''}${s3 ? `, media in the bucket at ${s3.endpoint}` : ''}`);

const child = spawn(process.execPath, [serverEntry], {
  // Run from the data directory, so a developer's .env at the repository root cannot leak in.
  cwd: dataDir,
  stdio: 'inherit',
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(s3 ? S3_APP_PORT : APP_PORT),
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: APP_SECRET,
    PLATTER_DEMO: s3 ? '0' : '1',
    ...s3?.env,
    ...smtp?.env,
    PLATTER_DEMO_TRACKS: String(DEMO_TRACKS),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    OIDC_ISSUER,
    ADMIN_EMAILS: ADMIN_EMAIL,
    // Account deletion takes effect at once, so the journey sees its outcome (account-deletion.spec.ts).
    ACCOUNT_DELETION_GRACE_DAYS: '0',
  },
});

async function cleanUp() {
  await s3?.stop();
  await smtp?.stop();
  if (smtp && !keepData) fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
}

child.on('exit', (code, signal) => {
  void cleanUp().finally(() => process.exit(code ?? (signal ? 0 : 1)));
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
