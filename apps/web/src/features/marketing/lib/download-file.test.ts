import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithProgress } from './download-file';

function streamOf(chunks: number[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });
}

function serve(chunks: number[], headers: Record<string, string>) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(streamOf(chunks), { headers })));
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchWithProgress', () => {
  it('reports whole percents from 0 to 100 from the bytes read against Content-Length', async () => {
    serve([250, 250, 250, 250], { 'Content-Length': '1000', 'Content-Type': 'application/vnd.android.package-archive' });
    const seen: number[] = [];
    const blob = await fetchWithProgress('/downloads/platter.apk', (percent) => seen.push(percent));
    expect(seen).toEqual([0, 25, 50, 75, 99, 100]);
    expect(blob.size).toBe(1000);
    expect(blob.type).toBe('application/vnd.android.package-archive');
  });

  it('uses the announced size when the response has no Content-Length', async () => {
    serve([100, 100], {});
    const seen: number[] = [];
    await fetchWithProgress('/x.apk', (percent) => seen.push(percent), { expectedSize: 400 });
    expect(seen).toEqual([0, 25, 50, 100]);
  });

  it('never claims 100% before the last byte, even when the size was understated', async () => {
    serve([300, 300], { 'Content-Length': '300' });
    const seen: number[] = [];
    await fetchWithProgress('/x.apk', (percent) => seen.push(percent));
    expect(seen).toEqual([0, 99, 100]);
  });

  it('fails on an error status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('missing', { status: 404 })));
    await expect(fetchWithProgress('/x.apk', () => {})).rejects.toThrow(/404/);
  });
});
