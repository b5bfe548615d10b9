import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, withQuery } from './api-client';
import { ApiError } from './api-error';
import { ContractError } from './contracts';

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
  it('parses the body with the contract it names', async () => {
    respond('{"items":[],"total":0,"page":1,"pageSize":9,"extra":1}', 200);
    await expect(apiRequest('/api/tracks', { schema: 'trackListSchema' })).resolves.toEqual({ items: [], total: 0, page: 1, pageSize: 9 });
  });

  it('parses the body with a contract the web describes itself', async () => {
    respond('{"id":"m1","extra":1}', 201);
    await expect(apiRequest('/api/contact', { method: 'POST', json: {}, schema: 'contactMessageSentSchema' })).resolves.toEqual({ id: 'm1' });
  });

  it('rejects an answer that does not fit its contract, naming the field', async () => {
    respond('{"items":"nope","total":0,"page":1,"pageSize":9}', 200);
    const error = await apiRequest('/api/tracks', { schema: 'trackListSchema' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toMatch(/trackListSchema.*items/);
  });

  it('reads a signed-out /api/me as null', async () => {
    respond('null', 200);
    await expect(apiRequest('/api/me', { schema: 'meOrNullSchema' })).resolves.toBeNull();
  });

  it("throws an ApiError carrying the server's error code and message", async () => {
    respond('{"error":"not_found","message":"Track not found"}', 404);
    const error = await apiRequest('/api/tracks/x', { schema: 'unreadAnswerSchema' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Track not found' });
  });

  it('still throws an ApiError when the error body is not JSON', async () => {
    respond('<html>bad gateway</html>', 502, 'Bad Gateway');
    await expect(apiRequest('/api/x', { schema: 'unreadAnswerSchema' })).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Bad Gateway',
    });
  });

  it('sends JSON with a content type', async () => {
    respond('{}', 201);
    await apiRequest('/api/tracks', { method: 'POST', json: { a: 1 }, schema: 'unreadAnswerSchema' });
    const [, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/api/x', { schema: 'unreadAnswerSchema' })).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
