import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

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
