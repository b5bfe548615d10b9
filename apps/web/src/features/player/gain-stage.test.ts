import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGainStage, isForeignMedia, probeSameOriginMedia, type StageContext } from './gain-stage';

describe('which media the gain stage may route', () => {
  // A real server standing in for Platter's /media: one file answered here, one redirected to a bucket.
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/media/here.mp3') response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': '0' }).end();
      else if (request.url === '/media/bucket.mp3') response.writeHead(307, { location: 'http://127.0.0.1:9/bucket/x.mp3' }).end();
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a same-origin file answered here may be routed; one that /media redirects elsewhere may not', async () => {
    expect(await probeSameOriginMedia('/media/here.mp3', origin)).toBe(true);
    expect(await probeSameOriginMedia('/media/bucket.mp3', origin)).toBe(false);
  });

  it('another origin’s URL is never routed (without asking it); a blob: URL made here is', async () => {
    expect(await probeSameOriginMedia('http://cdn.example/media/a.mp3', origin)).toBe(false);
    expect(isForeignMedia('http://cdn.example/media/a.mp3', origin)).toBe(true);
    expect(isForeignMedia(`blob:${origin}/4f1c`, origin)).toBe(false);
    expect(isForeignMedia('/media/a.mp3', origin)).toBe(false);
  });

  it('a routed element asks another origin for its next file with CORS, so it never plays silently', async () => {
    const element = { crossOrigin: null as string | null, currentSrc: '', src: '/media/here.mp3', paused: true } as unknown as HTMLMediaElement;
    const node = { gain: { value: 1, cancelScheduledValues() {}, setTargetAtTime() {} }, connect: (to: unknown) => to };
    const context = {
      state: 'running',
      currentTime: 0,
      destination: {},
      resume: () => Promise.resolve(),
      close: () => Promise.resolve(),
      createGain: () => node,
      createBiquadFilter: () => ({ ...node, frequency: { value: 0 }, Q: { value: 0 } }),
      createMediaElementSource: () => ({ connect: () => node }),
    } as unknown as StageContext;
    let routed = 0;
    const stage = createGainStage([element], () => (routed += 1), { createContext: () => context, origin });
    stage.beforeLoad(element, 'http://cdn.example/a.mp3');
    expect(element.crossOrigin).toBeNull();
    stage.activate();
    await expect.poll(() => routed).toBe(1);
    expect(stage.routed(element)).toBe(true);
    stage.beforeLoad(element, '/media/next.mp3');
    expect(element.crossOrigin).toBeNull();
    stage.beforeLoad(element, 'http://cdn.example/a.mp3');
    expect(element.crossOrigin).toBe('anonymous');
    expect(stage.setLevel(element, 1.5)).toBe(true);
    expect(node.gain.value).toBe(1.5);
  });
});
