import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Addresses and identities shared by the Playwright config, the helper servers and the tests.
 * Ports are fixed (webServer needs to know them up front) but overridable for a busy machine.
 */
function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a TCP port, got ${raw}`);
  return value;
}

export const APP_PORT = port('E2E_APP_PORT', 8181);
export const OIDC_PORT = port('E2E_OIDC_PORT', 8182);
/** A second Platter for the journeys on S3 storage (an s3rver process beside it). */
export const S3_APP_PORT = port('E2E_S3_APP_PORT', 8183);

/** 127.0.0.1 everywhere (not localhost): cookies are per host, and the OIDC redirect must come back here. */
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const S3_APP_URL = `http://127.0.0.1:${S3_APP_PORT}`;
/** Where app-server.ts --s3 writes the bucket's endpoint, so a journey can tell the bucket's requests apart. */
export const S3_ENDPOINT_POINTER = path.join(os.tmpdir(), `platter-e2e-${S3_APP_PORT}.s3endpoint`);

/** How many demo tracks the server generates for the run. Enough for a list with wrap-around. */
export const DEMO_TRACKS = 6;

export const GOOGLE_CLIENT = { id: 'platter-e2e', secret: 'platter-e2e-secret' };

/** The person the mock OpenID Connect provider signs in (it has no login form). */
export const GOOGLE_USER = { sub: 'google-e2e', email: 'gina.e2e@example.com', name: 'Gina Google' };

/** Signs up with this email to act as an admin: the e2e server lists it in ADMIN_EMAILS. */
export const ADMIN_EMAIL = 'admin.e2e@example.com';

/**
 * Where the running e2e server keeps its data: app-server.ts writes the data directory's path
 * here, so a journey can place files the server reads per request (an .apk in downloads/).
 */
export const DATA_DIR_POINTER = path.join(os.tmpdir(), `platter-e2e-${APP_PORT}.datadir`);

/** The journeys' server's BETTER_AUTH_SECRET: a journey signs what Platter would sign with it (an email's unsubscribe link). */
export const APP_SECRET = 'e2e-secret-that-is-at-least-32-characters-long';
/**
 * Where the SMTP server beside the main e2e Platter (smtp-server in its own process, started by
 * app-server.ts) writes each message it receives as an .eml, so a journey can open its mail.
 */
export const MAIL_DIR = path.join(os.tmpdir(), `platter-e2e-${APP_PORT}-mail`);

/**
 * The Chromium the journeys drive: CHROMIUM_PATH if set, else Debian's old headless shell
 * (package chromium-headless-shell, the same Blink and V8 as the browser without its window
 * machinery; Playwright's own default for headless runs), else Debian's full Chromium in its new
 * headless mode. The shell ran six journey files in 0.63× the wall time and 0.57× the CPU of the
 * full browser, all passing (bench/ci-time.md, 2026-11-29).
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) || '/usr/bin/chromium';
