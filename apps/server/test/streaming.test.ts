import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

describe(`audio streaming (${dialect})`, () => {
  let t: TestApp;
  let client: Client;
  let mp3: Buffer;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp();
    client = new Client(t.baseUrl);
    await client.signUp('Streamer');
    mp3 = await makeMp3(2);
    url = (await uploadTrack(client, mp3, { title: 'Stream me' })).url;
  });
  afterAll(() => t.close());

  it('serves the whole file with type, length, ETag, Accept-Ranges and long-lived caching', async () => {
    const response = await new Client(t.baseUrl).get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(Number(response.headers.get('content-length'))).toBe(mp3.length);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(mp3)).toBe(true);
  });

  it('answers a range with 206 and the exact bytes', async () => {
    const response = await client.get(url, { range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${mp3.length}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(mp3.subarray(100, 200))).toBe(true);
  });

  it('answers open-ended and suffix ranges', async () => {
    const open = await client.get(url, { range: `bytes=${mp3.length - 10}-` });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes ${mp3.length - 10}-${mp3.length - 1}/${mp3.length}`);
    const suffix = await client.get(url, { range: 'bytes=-5' });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(mp3.subarray(mp3.length - 5))).toBe(true);
  });

  it('answers an unsatisfiable range with 416 and the size', async () => {
    const response = await client.get(url, { range: `bytes=${mp3.length + 10}-${mp3.length + 20}` });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${mp3.length}`);
  });

  it('revalidates with the ETag', async () => {
    const etag = (await client.request('HEAD', url)).headers.get('etag') ?? '';
    expect((await client.get(url, { 'if-none-match': etag })).status).toBe(304);
    // If-Range with a stale validator sends the whole file.
    expect((await client.get(url, { range: 'bytes=0-9', 'if-range': '"stale"' })).status).toBe(200);
  });

  it('lets the security headers allow its own audio', async () => {
    const page = await client.get('/api/health');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("media-src 'self'");
    expect((await client.get(url)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('404s media that is no track', async () => {
    expect((await client.get('/media/uploads/nobody/nothing')).status).toBe(404);
    expect((await client.get('/media/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('looks up no session for a public track, with or without a cookie, and still keeps a hidden one to its owner', async () => {
    const sessions = t.context.sessions;
    const original = sessions.user;
    let lookups = 0;
    sessions.user = (...args: Parameters<typeof original>) => {
      lookups++;
      return original.apply(sessions, args);
    };
    try {
      expect((await new Client(t.baseUrl).get(url, { range: 'bytes=0-99' })).status).toBe(206);
      expect((await client.get(url, { range: 'bytes=0-99' })).status).toBe(206);
      expect(lookups, 'session lookups for a public track').toBe(0);

      const hidden = await uploadTrack(client, mp3, { title: 'Hidden stream' });
      await t.context.database.db.updateTable('tracks').set({ hidden: 1 }).where('id', '=', hidden.id).execute();
      expect((await new Client(t.baseUrl).get(hidden.url)).status).toBe(404);
      const before = lookups;
      expect((await client.get(hidden.url, { range: 'bytes=0-99' })).status).toBe(206);
      expect(lookups - before, 'the owner of a hidden track is looked up').toBe(1);
    } finally {
      sessions.user = original;
    }
  });

  it('stops serving a track the moment it is deleted or hidden, though its media was just served', async () => {
    for (const how of ['deleted', 'hidden'] as const) {
      const track = await uploadTrack(client, mp3, { title: `Soon ${how}` });
      // Served (and so remembered) several times first.
      for (let i = 0; i < 3; i++) expect((await new Client(t.baseUrl).get(track.url, { range: 'bytes=0-9' })).status).toBe(206);
      if (how === 'deleted') expect((await client.request('DELETE', `/api/tracks/${track.id}`)).status).toBe(204);
      else await t.context.services.tracks.setHidden({ id: 'an-admin', isAdmin: true }, track.id, true);
      expect((await new Client(t.baseUrl).get(track.url, { range: 'bytes=0-9' })).status, how).toBe(404);
    }
  });

  it('answers a public track played a moment ago before the route, with the route\'s status, headers and bytes', async () => {
    const track = await uploadTrack(client, mp3, { title: 'Fast path' });
    const tracks = t.context.services.trackMedia;
    const original = tracks.mediaForKey;
    let routeCalls = 0;
    tracks.mediaForKey = (...args: Parameters<typeof original>) => {
      routeCalls++;
      return original.apply(tracks, args);
    };
    const hopByHop = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
    const headersOf = (entries: Iterable<[string, string]>) =>
      Object.fromEntries([...entries].filter(([name]) => !hopByHop.has(name.toLowerCase())).map(([name, value]) => [name.toLowerCase(), String(value)]));
    try {
      // The first requests go through the route; it remembers the track and the bytes get read into memory.
      let before = -1;
      for (let i = 0; i < 50 && before !== routeCalls; i++) {
        before = routeCalls;
        expect((await new Client(t.baseUrl).get(track.url, { range: 'bytes=0-9' })).status).toBe(206);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const variants: Array<{ name: string; method?: 'GET' | 'HEAD'; headers?: Record<string, string>; status: number; body?: Buffer }> = [
        { name: 'whole file', status: 200, body: mp3 },
        { name: 'range', headers: { range: 'bytes=1000-60999' }, status: 206, body: mp3.subarray(1000, 61000) },
        { name: 'suffix range', headers: { range: 'bytes=-5' }, status: 206, body: mp3.subarray(mp3.length - 5) },
        { name: 'HEAD of a range', method: 'HEAD', headers: { range: 'bytes=0-99' }, status: 206 },
        { name: 'HEAD', method: 'HEAD', status: 200 },
        { name: 'revalidation', headers: { 'if-none-match': (await client.request('HEAD', track.url)).headers.get('etag') ?? '' }, status: 304 },
        { name: 'stale If-Range', headers: { range: 'bytes=0-9', 'if-range': '"stale"' }, status: 200, body: mp3 },
      ];
      const calls = routeCalls;
      for (const variant of variants) {
        const fast = await new Client(t.baseUrl).request(variant.method ?? 'GET', track.url, { headers: variant.headers ?? {} });
        const viaRoute = await t.app.inject({ method: variant.method ?? 'GET', url: track.url, headers: variant.headers ?? {} });
        expect(fast.status, variant.name).toBe(variant.status);
        expect(viaRoute.statusCode, variant.name).toBe(variant.status);
        expect(headersOf(fast.headers.entries()), variant.name).toEqual(headersOf(Object.entries(viaRoute.headers) as Array<[string, string]>));
        const bytes = Buffer.from(await fast.arrayBuffer());
        if (variant.body) expect(bytes.equals(variant.body), variant.name).toBe(true);
        else expect(bytes.length, variant.name).toBe(0);
      }
      // Only the inject() calls reached the route: every request over HTTP was answered before it.
      expect(routeCalls - calls).toBe(variants.length);
    } finally {
      tracks.mediaForKey = original;
    }
  });
});
