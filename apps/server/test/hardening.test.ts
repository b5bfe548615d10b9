import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DISPLAY_NAME_MAX_LENGTH } from '@platter/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES_ALLOWED } from '../src/routes/auth.routes.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Platter" /><title>Platter</title></head><body><div id="root"></div></body></html>`;

/** One request over node:http, exactly as given: fetch would normalise the path or refuse the Host header. */
function raw(baseUrl: string, method: string, rawPath: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<{ status: number; text: string; json: () => unknown }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, text, json: () => JSON.parse(text) });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Platter's error shape: `{ error, message }`, both words. */
function expectErrorShape(body: unknown): void {
  expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect((body as { message: string }).message.length).toBeGreaterThan(10);
}

/**
 * The defects an outside audit found, each at its root: one guard in front of every
 * route for addresses, bodies and origins; one schema for display names; replacer functions in
 * share pages; storage keys that cannot name a file are a 404; per-account sign-in backoff and a
 * sign-up that answers registered and new emails alike.
 */
describe(`hardening against hostile input (${dialect})`, () => {
  let t: TestApp;
  let webDist: string;
  let artist: Client;
  let admin: Client;
  let artistId: string;
  let trackId: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    t = await startTestApp({ WEB_DIST: webDist, ADMIN_EMAILS: 'root@hardening.test' });
    artist = new Client(t.baseUrl);
    artistId = (await artist.signUp('Dollar $` Artist')).id;
    await artist.json('PATCH', '/api/me/profile', { bio: "Bio with $& and $' and $$ inside" });
    trackId = ((await uploadTrack(artist, await makeMp3(1), { title: 'x $` y $& z' })) as { id: string }).id;
    admin = new Client(t.baseUrl);
    await admin.signUp('Root', 'root@hardening.test');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  describe('1. a NUL byte or broken UTF-8 anywhere in the address is a 400, never a 500', () => {
    const addresses = [
      '/api/tracks/%00',
      '/api/search?q=%00',
      '/api/tracks?q=a%00b',
      '/api/news?before=%00',
      '/api/admin/users?q=%00',
      '/api/profiles/%00',
      '/api/playlists/%00',
      '/api/tracks/%00/comments',
      '/media/demo/%00',
      '/track/%00',
      '/artist/%00',
      '/api/tracks/%ff',
      '/api/search?q=%c0%80',
      '/api/search?q=%ed%a0%80',
    ];
    for (const address of addresses) {
      it(`GET ${address}`, async () => {
        const response = await raw(t.baseUrl, 'GET', address, { cookie: admin.cookieHeader() });
        expect(response.status).toBe(400);
        expectErrorShape(response.json());
      });
    }

    it('refuses NUL inside JSON text and field names, before any database sees it', async () => {
      const comment = await artist.request('POST', `/api/tracks/${trackId}/comments`, { body: '{"text":"a\\u0000b"}', headers: { 'content-type': 'application/json' } });
      expect(comment.status).toBe(400);
      expectErrorShape(await comment.json());
      const key = await artist.request('POST', '/api/playlists', { body: '{"name":"ok","\\u0000":1}', headers: { 'content-type': 'application/json' } });
      expect(key.status).toBe(400);
      const comments = await artist.json<{ items: unknown[] }>('GET', `/api/tracks/${trackId}/comments`);
      expect(comments.body.items).toHaveLength(0);
    });
  });

  describe('2. share pages take `$` patterns as text', () => {
    it("keeps a track's `$` title in its og:title, with one </head>", async () => {
      const page = await raw(t.baseUrl, 'GET', `/track/${trackId}`);
      expect(page.status).toBe(200);
      expect(page.text.match(/<\/head>/g)).toHaveLength(1);
      expect(page.text).toContain('content="x $` y $&amp; z – Dollar $` Artist"');
      expect(page.text.length).toBeLessThan(INDEX.length + 3000);
    });

    it("keeps an artist's `$` name and bio", async () => {
      const page = await raw(t.baseUrl, 'GET', `/artist/${artistId}`);
      expect(page.text.match(/<\/head>/g)).toHaveLength(1);
      expect(page.text).toContain('<meta name="description" content="Bio with $&amp; and $&#39; and $$ inside" />');
    });
  });

  describe('3. a display name is bounded wherever it is written', () => {
    it(`refuses a sign-up name of more than ${DISPLAY_NAME_MAX_LENGTH} characters, and keeps nothing`, async () => {
      const client = new Client(t.baseUrl);
      const email = `long-${Date.now()}@hardening.test`;
      const response = await client.json<{ error: string; message: string }>('POST', '/api/auth/sign-up/email', { name: 'a'.repeat(100_000), email, password: 'correct-horse-battery' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(`Display name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);
      expectErrorShape(response.body);
      // Nothing was made: the same email then signs up with a proper name and gets a session.
      const again = await client.json<{ token: string | null; user: { name: string } }>('POST', '/api/auth/sign-up/email', { name: '  Fine Name  ', email, password: 'correct-horse-battery' });
      expect(again.status).toBe(200);
      expect(again.body.token).toEqual(expect.any(String));
      expect(again.body.user.name).toBe('Fine Name');
    });

    it('refuses a blank sign-up name and an over-long name through update-user', async () => {
      const client = new Client(t.baseUrl);
      const blank = await client.json('POST', '/api/auth/sign-up/email', { name: '   ', email: `blank-${Date.now()}@hardening.test`, password: 'correct-horse-battery' });
      expect(blank.status).toBe(400);
      await client.signUp('Short');
      const update = await client.json('POST', '/api/auth/update-user', { name: 'b'.repeat(DISPLAY_NAME_MAX_LENGTH + 1) });
      expect(update.status).toBe(400);
      const me = await client.json<{ user: { name: string } }>('GET', '/api/me');
      expect(me.body.user.name).toBe('Short');
    });
  });

  describe('5. traversal-shaped image paths are a 404', () => {
    for (const address of ['/media/images/..%2f..%2fplatter.db', '/media/images/%2e%2e/%2e%2e/platter.db', '/media/images/..%5cplatter.db', '/media/images/a%2f..%2f..%2fplatter.db', '/media/tracks/..%2f..%2fsecret']) {
      it(`GET ${address}`, async () => {
        const response = await raw(t.baseUrl, 'GET', address);
        expect(response.status).toBe(404);
        expectErrorShape(response.json());
      });
    }
  });

  describe('6. deeply nested JSON is a 400 on every route, better-auth included', () => {
    const nested = '['.repeat(20_000) + ']'.repeat(20_000);
    for (const route of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/playlists', '/api/contact']) {
      it(`POST ${route}`, async () => {
        const response = await artist.request('POST', route, { body: nested, headers: { 'content-type': 'application/json' } });
        expect(response.status).toBe(400);
        const body = (await response.json()) as { message: string };
        expectErrorShape(body);
        expect(body.message).toMatch(/nested more than/);
      });
    }

    it('still takes JSON nested a few levels', async () => {
      const response = await artist.request('POST', '/api/playlists', { body: JSON.stringify({ name: 'Fine' }), headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(201);
    });
  });

  describe('7. every write must come from Platter itself', () => {
    it('refuses a bodiless admin dismissal and a listen from another origin, with the cookie attached', async () => {
      const evil = { cookie: admin.cookieHeader(), origin: 'http://evil.example' };
      const dismiss = await raw(t.baseUrl, 'POST', '/api/admin/reports/any/dismiss', evil);
      expect(dismiss.status).toBe(403);
      expect(dismiss.json()).toMatchObject({ error: 'cross_origin' });
      const before = await artist.json<{ listens: number }>('GET', `/api/tracks/${trackId}`);
      const listen = await raw(t.baseUrl, 'POST', `/api/tracks/${trackId}/listens`, { cookie: artist.cookieHeader(), origin: 'http://evil.example' });
      expect(listen.status).toBe(403);
      const sibling = await raw(t.baseUrl, 'POST', `/api/tracks/${trackId}/listens`, { cookie: artist.cookieHeader(), origin: `http://${new URL(t.baseUrl).hostname}:1` });
      expect(sibling.status).toBe(403);
      const after = await artist.json<{ listens: number }>('GET', `/api/tracks/${trackId}`);
      expect(after.body.listens).toBe(before.body.listens);
    });

    it('refuses a write with neither Origin nor Sec-Fetch-Site, and one that says same-site or cross-site', async () => {
      const variants: Array<Record<string, string>> = [{}, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
      for (const headers of variants) {
        const response = await raw(t.baseUrl, 'PUT', `/api/tracks/${trackId}/like`, { cookie: artist.cookieHeader(), ...headers });
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expectErrorShape(response.json());
      }
    });

    it("takes a write with Platter's own Origin, or Sec-Fetch-Site: same-origin without one", async () => {
      const own = await raw(t.baseUrl, 'PUT', `/api/tracks/${trackId}/like`, { cookie: artist.cookieHeader(), origin: t.baseUrl });
      expect(own.status).toBe(200);
      const fetchMetadata = await raw(t.baseUrl, 'DELETE', `/api/tracks/${trackId}/like`, { cookie: artist.cookieHeader(), 'sec-fetch-site': 'same-origin' });
      expect(fetchMetadata.status).toBe(200);
    });

    it('leaves reads alone: a GET from anywhere is answered', async () => {
      const response = await raw(t.baseUrl, 'GET', `/api/tracks/${trackId}`, { origin: 'http://evil.example' });
      expect(response.status).toBe(200);
    });
  });

  describe('8. share pages never link to a host the request made up', () => {
    it('uses localhost, not a forged Host, for og:url when PUBLIC_URL is unset', async () => {
      const page = await raw(t.baseUrl, 'GET', `/track/${trackId}`, { host: 'evil.example' });
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('evil.example');
      expect(page.text).toContain(`content="http://localhost:${new URL(t.baseUrl).port}/track/${trackId}"`);
    });

    it("uses the request's host when it names this machine", async () => {
      const page = await raw(t.baseUrl, 'GET', `/track/${trackId}`);
      expect(page.text).toContain(`content="${t.baseUrl}/track/${trackId}"`);
    });
  });

  describe('9. sign-up and sign-in say nothing of which emails have accounts', () => {
    it('answers a sign-up for a registered email as for a new one, and signs in only with the right password', async () => {
      const email = `taken-${Date.now()}@hardening.test`;
      const first = new Client(t.baseUrl);
      const created = await first.json<{ token: string | null; user: Record<string, unknown> }>('POST', '/api/auth/sign-up/email', { name: 'Owner', email, password: 'correct-horse-battery' });
      expect(created.status).toBe(200);
      expect(created.body.token).toEqual(expect.any(String));

      const intruder = new Client(t.baseUrl);
      const again = await intruder.json<{ token: string | null; user: Record<string, unknown> }>('POST', '/api/auth/sign-up/email', { name: 'Intruder', email, password: 'another-password-1' });
      expect(again.status).toBe(200);
      expect(again.body.token).toBeNull();
      expect(Object.keys(again.body.user).sort()).toEqual(Object.keys(created.body.user).sort());
      expect(again.body.user.id).not.toBe(created.body.user.id);
      expect(intruder.lastSetCookies).toHaveLength(0);
      expect((await intruder.json('GET', '/api/me')).body).toBeNull();

      const owner = new Client(t.baseUrl);
      const back = await owner.json<{ token: string | null; user: { id: string } }>('POST', '/api/auth/sign-up/email', { name: 'Owner', email, password: 'correct-horse-battery' });
      expect(back.body.token).toEqual(expect.any(String));
      expect(back.body.user.id).toBe(created.body.user.id);
    });

    it(`holds an email back after ${SIGN_IN_FAILURES_ALLOWED} wrong passwords from any address, the right one included, and any email alike`, async () => {
      const email = `locked-${Date.now()}@hardening.test`;
      const owner = new Client(t.baseUrl);
      await owner.signUp('Locked', email);
      for (const target of [email, `nobody-${Date.now()}@hardening.test`]) {
        const attacker = new Client(t.baseUrl);
        for (let i = 0; i < SIGN_IN_FAILURES_ALLOWED; i++) {
          expect((await attacker.json('POST', '/api/auth/sign-in/email', { email: target, password: `guess-${i}-guess` })).status).toBe(401);
        }
        const held = await attacker.json<{ error: string; message: string }>('POST', '/api/auth/sign-in/email', { email: target.toUpperCase(), password: 'guess-x-guess' });
        expect(held.status).toBe(429);
        expect(held.body.error).toBe('sign_in_locked');
        expect(held.body.message).toMatch(/Try again in \d+ minutes?/);
      }
      // The right password waits too, and sign-up is no way around it.
      expect((await new Client(t.baseUrl).json('POST', '/api/auth/sign-in/email', { email, password: 'correct-horse-battery' })).status).toBe(429);
      const viaSignUp = await new Client(t.baseUrl).json<{ token: string | null }>('POST', '/api/auth/sign-up/email', { name: 'X', email, password: 'correct-horse-battery' });
      expect(viaSignUp.body.token).toBeNull();
      // Another account is not held back.
      const other = new Client(t.baseUrl);
      await other.signUp('Free', `free-${Date.now()}@hardening.test`);
    });

    it('answers better-auth errors in Platter shape', async () => {
      const response = await new Client(t.baseUrl).json('POST', '/api/auth/sign-in/email', { email: 'no-such@hardening.test', password: 'wrong-password-1' });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ error: 'invalid_email_or_password', message: 'Invalid email or password' });
    });
  });

  describe('10. text bodies must be UTF-8', () => {
    for (const contentType of ['application/json; charset=utf-16', 'application/json; charset=ISO-8859-1', 'application/json;charset="utf-16le"']) {
      it(`refuses ${contentType} with 415`, async () => {
        const response = await artist.request('POST', '/api/playlists', { body: Buffer.from(JSON.stringify({ name: 'Wide' }), 'utf16le'), headers: { 'content-type': contentType } });
        expect(response.status).toBe(415);
        expectErrorShape(await response.json());
      });
    }

    it('takes UTF-8 however it is spelled, or no charset', async () => {
      for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/json; charset=UTF8']) {
        const response = await artist.request('POST', '/api/playlists', { body: JSON.stringify({ name: 'Плейлист 🎧' }), headers: { 'content-type': contentType } });
        expect(response.status, contentType).toBe(201);
      }
    });
  });

  describe('found by the fuzzer: requests HTTP cannot read', () => {
    /** Writes bytes on a socket as they are and reads everything until the server closes it. */
    function exchange(request: string): Promise<{ head: string; body: string }> {
      const url = new URL(t.baseUrl);
      return new Promise((resolve, reject) => {
        const socket = net.connect(Number(url.port), url.hostname, () => socket.end(Buffer.from(request, 'latin1')));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const end = text.indexOf('\r\n\r\n');
          resolve({ head: text.slice(0, end), body: text.slice(end + 4) });
        });
      });
    }

    it('a raw byte that is not UTF-8 in the address is a 400 { error, message }; after HEAD, with no body', async () => {
      const get = await exchange('GET /downloads/\u00ff\u00fe HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(get.head).toMatch(/^HTTP\/1\.1 400 /);
      expectErrorShape(JSON.parse(get.body));
      const head = await exchange('HEAD /downloads/\u00ff\u00fe HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(head.head).toMatch(/^HTTP\/1\.1 400 /);
      expect(head.body).toBe('');
    });

    it('a Host header that is no host name, or none, is a 400 on the sign-in routes (it was a 500)', async () => {
      for (const request of ['GET /api/auth/get-session HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n', 'GET /api/auth/get-session HTTP/1.0\r\n\r\n']) {
        const answer = await exchange(request);
        expect(answer.head, request).toMatch(/^HTTP\/1\.1 400 /);
        expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_host' });
        expectErrorShape(JSON.parse(answer.body));
      }
    });

    it('a callbackURL that is no URL is a 400 (better-auth threw building its redirect: a 500); a path still redirects', async () => {
      // An HS256 JWT with a wrong signature: verify-email then redirects to callbackURL with the error.
      const token = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJlLW5vdC12YWxpZA';
      const anonymous = new Client(t.baseUrl);
      for (const callbackURL of ['NaN', '1e-308', 'x'.repeat(50)]) {
        const response = await anonymous.get(`/api/auth/verify-email?token=${token}&callbackURL=${callbackURL}`);
        expect(response.status, callbackURL).toBe(400);
        const body = await response.json();
        expect(body).toMatchObject({ error: 'invalid_callback_url' });
        expectErrorShape(body);
      }
      const redirected = await anonymous.get(`/api/auth/verify-email?token=${token}&callbackURL=%2Fhome`);
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toMatch(/^\/home\?error=/);
    });

    it('headers over 16 KB are a 431 { error, message }; after HEAD, with no body', async () => {
      const long = `X-Long: ${'x'.repeat(20_000)}\r\n`;
      const get = await exchange(`GET /api/health HTTP/1.1\r\nHost: x\r\n${long}\r\n`);
      expect(get.head).toMatch(/^HTTP\/1\.1 431 /);
      expectErrorShape(JSON.parse(get.body));
      const head = await exchange(`HEAD /api/health HTTP/1.1\r\nHost: x\r\n${long}\r\n`);
      expect(head.head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head.body).toBe('');
    });
  });
});
