import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('says whether Google sign-in is configured', async () => {
    expect((await client.json('GET', '/api/config')).body).toEqual({ googleSignIn: false, maxUploadMb: 200 });
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
        config: { publicUrl: undefined, google: undefined, env: 'production' },
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
