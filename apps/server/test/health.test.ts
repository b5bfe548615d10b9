import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEB_APP_PAGES } from '../src/app.js';
import { createAuth } from '../src/auth/auth.js';
import { Client } from './support/http-client.js';
import { TEST_SECRET, type TestApp, dialect, startTestApp } from './support/test-app.js';

describe(`system endpoints (${dialect})`, () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await startTestApp();
    client = new Client(t.baseUrl);
  });
  afterAll(() => t.close());

  it('answers health', async () => {
    expect(await client.json('GET', '/api/health')).toEqual({ status: 200, body: { ok: true } });
  });

  it('describes the API in OpenAPI', async () => {
    const { status, body } = await client.json<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/genres', '/api/tracks', '/api/tracks/{id}', '/api/get-upload-url']),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await client.json<{ error: string; message: string }>('GET', '/api/nope');
    expect(status).toBe(404);
    expect(body.error).toBe('not_found');
    expect(body.message).toContain('/api/nope');
  });

  it("sends helmet's security headers on answers and errors alike", async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const headers = Object.fromEntries((await client.get(url)).headers);
      expect(headers, url).toMatchObject({
        'content-security-policy': expect.stringContaining("default-src 'self';") as string,
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // No federation here (no PUBLIC_URL): audio only from this origin.
      expect(headers['content-security-policy']).toContain("media-src 'self' blob:;");
    }
  });

  it('answers ready when the database and storage answer', async () => {
    expect(await client.json('GET', '/api/ready')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', storage: 'ok' }, mediaEngine: expect.stringMatching(/^ffmpeg \S+ \((system|bundled): \S+\)$/) },
    });
  });

  it('answers 503 naming what is down', async () => {
    const spy = vi.spyOn(t.context.storage, 'check').mockRejectedValue(new Error('disk gone'));
    try {
      expect(await client.json('GET', '/api/ready')).toEqual({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'ok', storage: 'down: disk gone' }, mediaEngine: expect.any(String) },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('says whether Google sign-in is configured and whether sign-in waits for email verification', async () => {
    expect((await client.json('GET', '/api/config')).body).toEqual({ googleSignIn: false, maxUploadMb: 200, emailVerificationRequired: false, federation: false });
  });
});

describe(`better-auth on the embedded default (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('does not warn "Base URL is not set" when PUBLIC_URL is unset (the origin comes from each request on purpose)', async () => {
    const warnings: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    try {
      const auth = createAuth({
        config: { publicUrl: undefined, google: undefined, env: 'production', requireEmailVerification: false },
        secret: TEST_SECRET,
        db: t.context.database.db,
        dialect: t.context.database.dialect,
        profiles: t.context.services.profiles,
      });
      await auth.$context;
    } finally {
      spy.mockRestore();
    }
    expect(warnings.filter((w) => w.includes('Base URL'))).toEqual([]);
  });
});

describe(`readiness with Redis unreachable (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the shared state starts anyway and keeps reconnecting.
    t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('answers 503 naming Redis, while liveness stays 200', async () => {
    const client = new Client(t.baseUrl);
    const { status, body } = await client.json<{ status: string; checks: Record<string, string> }>('GET', '/api/ready');
    expect(status).toBe(503);
    expect(body.status).toBe('unavailable');
    expect(body.checks).toMatchObject({ database: 'ok', storage: 'ok' });
    expect(body.checks.redis).toMatch(/^down: /);
    expect((await client.json('GET', '/api/health')).status).toBe(200);
  });
});

describe(`the web app's pages and nothing else (${dialect})`, () => {
  let t: TestApp;
  let webDist: string;
  const INDEX = '<!doctype html><html><head><title>Platter</title></head><body><div id="root"></div></body></html>';
  const HOME = '<!doctype html><html><head><title>Platter</title></head><body><div id="home-shell"></div><div id="root"></div></body></html>';
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDist, 'home.html'), HOME);
    fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
    t = await startTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the app at its own pages, deep links included', async () => {
    for (const url of ['/home/ArtistDashboard', '/about', '/contact', '/auth/popup?provider=google', '/platter-started']) {
      const response = await fetch(`${t.baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(await response.text(), url).toBe(INDEX);
    }
    // /home, any tab: its prerendered first frame (apps/web/scripts/prerender-home.mjs), not cached stale.
    for (const url of ['/home', '/home?tab=search&q=x', '/HOME/']) {
      const response = await fetch(`${t.baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      // A signed-out visitor's catalogue also carries its first answers (share.test.ts checks them).
      expect((await response.text()).replace(/<script type="application\/json" id="initial-data">[^<]*<\/script>/, ''), url).toBe(HOME);
    }
    // Share links: the app, with a 404 status when the id is unknown.
    for (const url of ['/track/nope', '/artist/nope', '/playlist/nope']) expect(await (await fetch(`${t.baseUrl}${url}`)).text(), url).toBe(INDEX);
    expect(await (await fetch(`${t.baseUrl}/robots.txt`)).text()).toContain('User-agent');
  });

  it('answers 404 without the app for any other path', async () => {
    for (const url of ['/healthz', '/metrics', '/api/unknown', '/.env', '/wp-admin', '/wp-login.php', '/home/nope', '/track', '/track/a/b', '/assets/missing.js']) {
      const response = await fetch(`${t.baseUrl}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('<div id="root">');
    }
  });

  it("gives a browser that mistyped an address the app's own not-found page, with a 404 status", async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const url of ['/no-such-page', '/home/nope', '/wp-admin']) {
      const response = await fetch(`${t.baseUrl}${url}`, { headers: browser });
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toBe(INDEX);
    }
    // Never for the API, media or built assets, whoever asks.
    for (const url of ['/api/unknown', '/media/nope', '/assets/missing.js']) {
      const response = await fetch(`${t.baseUrl}${url}`, { headers: browser });
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('<div id="root">');
    }
  });

  it('lists exactly the pages of the web router', () => {
    // apps/web/src/config/paths.ts is where the web app names its URLs.
    const source = fs.readFileSync(path.join(import.meta.dirname, '../../web/src/config/paths.ts'), 'utf8');
    const webPaths = [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]);
    expect([...WEB_APP_PAGES].sort()).toEqual([...new Set(webPaths)].sort());
  });
});

describe(`readiness during shutdown (${dialect})`, () => {
  it('answers 503 once the app has begun to close', async () => {
    const t = await startTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      const closing = t.app.close();
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      await closing;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'shutting down' });
    } finally {
      await t.close();
    }
  });
});
