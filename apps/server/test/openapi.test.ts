import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_OPERATIONS, AUTH_PREFIX } from '../src/plugins/api-docs.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

interface Operation {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  'x-platter-access'?: string;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown>; required?: string[] } }> }>;
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

/**
 * Routes that are registered but not in the document, and why. Anything else registered must be
 * documented, so a route added without docs (or hidden without a reason here) fails this suite.
 */
const UNDOCUMENTED: Record<string, string> = {
  '/api/auth/*': 'the catch-all that serves better-auth: documented as each of its endpoints',
  '/': 'the landing page (HTML)',
  '/track/:id': 'a share page (HTML)',
  '/artist/:id': 'a share page (HTML)',
  '/playlist/:id': 'a share page (HTML)',
  '/embed/track/:id': 'the embed player page (HTML any site may frame)',
  '/embed/release/:id': 'the release embed player page (HTML any site may frame)',
  '/release/:id': 'a share page (HTML)',
  '/.well-known/assetlinks.json': 'Android’s verifier file',
  '/*': 'the web build’s files (@fastify/static)',
  '/.well-known/webfinger': 'WebFinger (RFC 7033): the fediverse’s protocol, answered by Fedify and checked by federation.test.ts',
  '/.well-known/nodeinfo': 'NodeInfo discovery: the fediverse’s protocol, answered by Fedify',
  '/nodeinfo/2.1': 'NodeInfo 2.1: the fediverse’s protocol, answered by Fedify',
  '/inbox': 'the shared ActivityPub inbox (HTTP-signed deliveries), answered by Fedify and checked by federation.test.ts',
  '/ap/actors/:identifier/inbox': 'an actor’s ActivityPub inbox, answered by Fedify',
  '/ap/actors/:identifier/outbox': 'an actor’s ActivityPub outbox, answered by Fedify',
  '/ap/actors/:identifier/followers': 'an actor’s ActivityPub followers collection, answered by Fedify',
  '/ap/actors/:identifier/featured': 'an actor’s ActivityPub featured collection, answered by Fedify',
  '/ap/notes/:id': "an artist's post, or a reply sent from here to another server (an ActivityPub Note), answered by Fedify and checked by federation.test.ts",
  '/rest/:method': 'the OpenSubsonic API: Subsonic’s own protocol (credentials in the query or form, XML or JSON in a 200 envelope), specified by Subsonic/OpenSubsonic and checked by subsonic.test.ts',
};
/** The document's own routes (@fastify/swagger-ui). */
const DOCS_ROUTE = /^\/api\/docs(\/|$)/;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCESS = new Set(['public', 'optional', 'signedIn', 'admin']);

/** `/api/tracks/:id` → `/api/tracks/{id}`, and a trailing wildcard → `{path}`, as the document writes paths. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

describe(`the API document at /api/docs/json describes every operation (${dialect})`, () => {
  let t: TestApp;
  let webDist: string;
  const routes: RouteOptions[] = [];
  let doc: ApiDocument;
  const operations = new Map<string, Operation>();

  beforeAll(async () => {
    // A web build, so the page routes that exist only with one are registered too.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Platter</title></head><body></body></html>');
    fs.writeFileSync(path.join(webDist, 'landing.html'), '<!doctype html><html><head><title>Platter</title></head><body></body></html>');
    t = await startTestApp({ WEB_DIST: webDist }, { onRoute: (route) => routes.push(route) });
    const response = await fetch(`${t.baseUrl}/api/docs/json`);
    expect(response.status).toBe(200);
    doc = (await response.json()) as ApiDocument;
    for (const [url, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) operations.set(`${method.toUpperCase()} ${url}`, operation);
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** The operations better-auth serves through the catch-all, read from the running app's own instance. */
  const authOperations = () => {
    const out: string[] = [];
    for (const endpoint of Object.values(t.context.auth.api as Record<string, { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } }>)) {
      if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
      const methods = endpoint.options?.method ?? 'GET';
      for (const method of Array.isArray(methods) ? methods : [methods]) out.push(`${method} /api/auth${documentPath(endpoint.path)}`);
    }
    return out;
  };

  it('lists exactly the registered routes (each method) and better-auth’s endpoints, and nothing else', () => {
    const expected = new Set<string>(authOperations());
    const hidden = new Set<string>();
    for (const route of routes) {
      // Fastify adds a HEAD route beside each GET by itself; a route that means HEAD lists it with GET.
      if (route.method === 'HEAD') continue;
      const schema = route.schema as { hide?: boolean } | undefined;
      if (schema?.hide) {
        hidden.add(route.url);
        continue;
      }
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) expected.add(`${method} ${documentPath(route.url)}`);
    }
    expect([...operations.keys()].sort()).toEqual([...expected].sort());
    // Platter's word on better-auth's endpoints names none that better-auth does not serve.
    const served = new Set(authOperations());
    expect(Object.keys(AUTH_OPERATIONS).filter((key) => !served.has(key.replace(' ', ` ${AUTH_PREFIX}`)))).toEqual([]);
    // Every hidden route is a known one, hidden for a stated reason (or the document's own pages).
    expect([...hidden].filter((url) => !DOCS_ROUTE.test(url)).sort()).toEqual(Object.keys(UNDOCUMENTED).sort());
    for (const route of routes) {
      const schema = route.schema as { hide?: boolean } | undefined;
      if (!schema?.hide || DOCS_ROUTE.test(route.url) || route.url === '/*') continue;
      expect(route.config?.undocumented, `${route.url} says why it is not documented`).toMatch(/\w{3,}/);
    }
  });

  it('the session is a cookie security scheme named as better-auth names its session cookie', async () => {
    const cookieName = (await t.context.auth.$context).authCookies.sessionToken.name;
    expect(doc.components.securitySchemes?.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: cookieName });
    // And it is the cookie that signing in sets.
    const signUp = await fetch(`${t.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: t.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Doc Reader', email: 'reader@x.test', password: 'correct-horse-battery' }),
    });
    expect(signUp.headers.getSetCookie().some((line) => line.startsWith(`${cookieName}=`))).toBe(true);
  });

  it('every operation has a summary, declares its security and access, and its error answers with the { error, message } schema', () => {
    expect(operations.size).toBeGreaterThan(90);
    const problems: string[] = [];
    for (const [key, operation] of operations) {
      const method = key.split(' ')[0] as string;
      const access = operation['x-platter-access'];
      const statuses = Object.keys(operation.responses).map(Number);
      if (!operation.summary || operation.summary.trim().length < 8) problems.push(`${key}: no summary`);
      if (!access || !ACCESS.has(access)) problems.push(`${key}: no x-platter-access`);
      if (!Array.isArray(operation.security)) problems.push(`${key}: no security`);
      else if (access === 'public' && operation.security.length !== 0) problems.push(`${key}: public but security ${JSON.stringify(operation.security)}`);
      else if (access === 'optional' && !(operation.security.some((s) => Object.keys(s).length === 0) && operation.security.some((s) => 'session' in s))) problems.push(`${key}: optional session not declared`);
      else if ((access === 'signedIn' || access === 'admin') && JSON.stringify(operation.security) !== JSON.stringify([{ session: [] }])) problems.push(`${key}: session not required`);
      // The request guard refuses an unreadable address anywhere, and a mutation from another origin or in another charset.
      const required = [400, ...(MUTATING.has(method) ? [403, 415] : []), ...(access === 'signedIn' || access === 'admin' ? [401] : []), ...(access === 'admin' ? [403] : [])];
      for (const status of required) if (!statuses.includes(status)) problems.push(`${key}: no ${status}`);
      for (const status of statuses.filter((s) => s >= 400)) {
        const answer = operation.responses[status];
        const schema = answer?.content?.['application/json']?.schema;
        if (!answer?.description || answer.description === 'Default Response') problems.push(`${key}: ${status} not described`);
        if (!schema?.properties?.error || !schema.properties.message || !schema.required?.includes('error') || !schema.required.includes('message')) problems.push(`${key}: ${status} without the error schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a rate-limited route declares 429, and a route with a declared limit is one', () => {
    const limited = routes.filter((route) => route.url.startsWith('/api/') && (route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
    expect(limited.length).toBeGreaterThan(20);
    for (const route of limited) {
      if ((route.schema as { hide?: boolean } | undefined)?.hide) continue;
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        expect(Object.keys(operations.get(`${method} ${documentPath(route.url)}`)?.responses ?? {}), `${method} ${route.url}`).toContain('429');
      }
    }
  });

  it('what a route declares is what the document says: signed-in routes answer 401 signed out, public ones do not', async () => {
    // Two bodiless reads that need no ids: the document's word checked against the server.
    expect(operations.get('GET /api/me/likes')?.['x-platter-access']).toBe('signedIn');
    expect((await fetch(`${t.baseUrl}/api/me/likes`)).status).toBe(401);
    expect(operations.get('GET /api/admin/reports')?.['x-platter-access']).toBe('admin');
    expect((await fetch(`${t.baseUrl}/api/admin/reports`)).status).toBe(401);
    expect(operations.get('GET /api/charts/top')?.['x-platter-access']).toBe('public');
    expect((await fetch(`${t.baseUrl}/api/charts/top`)).status).toBe(200);
    // Every signed-in read without parameters: 401 signed out, exactly as its security says.
    const reads = [...operations].filter(([key, op]) => key.startsWith('GET ') && !key.includes('{') && (op['x-platter-access'] === 'signedIn' || op['x-platter-access'] === 'admin'));
    expect(reads.length).toBeGreaterThan(10);
    for (const [key] of reads) {
      const query = key === 'GET /api/auth/account-info' ? '?accountId=none' : '';
      expect((await fetch(`${t.baseUrl}${key.slice(4)}${query}`)).status, key).toBe(401);
    }
  });
});
