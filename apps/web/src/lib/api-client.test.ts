import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, withQuery } from './api-client';
import { ApiError } from './api-error';

afterEach(() => vi.unstubAllGlobals());

const respond = (body: string, status: number, statusText = '') =>
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(body, { status, statusText }))));

describe('withQuery', () => {
  it('adds only defined, non-empty params', () => {
    expect(withQuery('/api/tracks', { genre: 'Rap', q: '', page: 2, artistId: undefined, x: null })).toBe(
      '/api/tracks?genre=Rap&page=2',
    );
    expect(withQuery('/api/tracks', {})).toBe('/api/tracks');
  });
});

describe('apiRequest', () => {
  it('parses the body with the schema it picks', async () => {
    respond('{"items":[],"total":0,"page":1,"pageSize":9,"extra":1}', 200);
    await expect(apiRequest('/api/tracks', { schema: (c) => c.trackListSchema })).resolves.toEqual({ items: [], total: 0, page: 1, pageSize: 9 });
  });

  it('parses the body with a schema of its own', async () => {
    respond('{"ok":true,"extra":1}', 200);
    await expect(apiRequest('/api/health', { schema: () => z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: true });
  });

  it("throws an ApiError carrying the server's error code and message", async () => {
    respond('{"error":"not_found","message":"Track not found"}', 404);
    const error = await apiRequest('/api/tracks/x', { schema: () => z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Track not found' });
  });

  it('still throws an ApiError when the error body is not JSON', async () => {
    respond('<html>bad gateway</html>', 502, 'Bad Gateway');
    await expect(apiRequest('/api/x', { schema: () => z.unknown() })).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Bad Gateway',
    });
  });

  it('sends JSON with a content type', async () => {
    respond('{}', 201);
    await apiRequest('/api/tracks', { method: 'POST', json: { a: 1 }, schema: () => z.object({}) });
    const [, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/api/x', { schema: () => z.unknown() })).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
