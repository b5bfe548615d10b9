import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatterProcess, freePorts } from './scale-out/support/cluster.js';
import { dialect, startTestApp } from './support/test-app.js';

/**
 * SIGTERM to a real server process (server.ts on SQLite, its own DATA_DIR) while browsers hold
 * live-event streams and a keep-alive connection open and a request is half sent: the streams end
 * cleanly at once (so EventSource reconnects elsewhere), the half-sent request still gets its
 * answer, and the process exits 0. The process itself exits 1 if it misses SHUTDOWN_TIMEOUT_SECONDS,
 * and force-closed connections would end the streams with an error, not a clean end. A request
 * that never finishes loses its connection near the bound, and the process still exits 0.
 */
const BOUND_SECONDS = 8;

/** An SSE stream read chunk by chunk; `ended` says how it stopped: 'end' (closed by the server) or the error. */
async function openStream(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/events`);
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let received = '';
  let sawFirst!: () => void;
  const first = new Promise<void>((resolve) => (sawFirst = resolve));
  const ended = (async (): Promise<string> => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'end';
        received += Buffer.from(value).toString();
        if (received.includes('retry:')) sawFirst();
      }
    } catch (error) {
      return `error: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}`;
    }
  })();
  await first;
  return { ended };
}

describe.skipIf(dialect !== 'sqlite')('graceful shutdown of a real server process', () => {
  let server: PlatterProcess;
  beforeAll(async () => {
    const [port] = await freePorts(1);
    server = PlatterProcess.spawn('shutdown', port as number, { SHUTDOWN_TIMEOUT_SECONDS: String(BOUND_SECONDS), LOG_LEVEL: 'info' });
    await server.ready();
  });
  afterAll(async () => {
    await server.stop(5000);
    server.cleanUp();
  });

  it('ends live-event streams, finishes the request in flight and exits 0 within the bound', async () => {
    const streams = await Promise.all([openStream(server.baseUrl), openStream(server.baseUrl), openStream(server.baseUrl)]);

    // An idle keep-alive connection, as a browser keeps one after a request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ready = await new Promise<number>((resolve, reject) => {
      http.get(`${server.baseUrl}/api/ready`, { agent }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0))).on('error', reject);
    });
    expect(ready).toBe(200);

    // A sign-up whose body is half sent when the signal comes.
    const body = JSON.stringify({ name: 'Late Arrival', email: `late-${Date.now()}@example.com`, password: 'correct-horse-battery' });
    const inFlight = http.request(`${server.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: server.baseUrl },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 10));
    inFlight.flushHeaders();
    // Let the server receive the headers and start reading the body before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stopped = server.stop(30_000);
    // Every stream ends cleanly, while the request is still unfinished.
    expect(await Promise.all(streams.map((s) => s.ended))).toEqual(['end', 'end', 'end']);
    expect(server.exitStatus).toBeUndefined();

    inFlight.end(body.slice(10));
    const reply = await answered;
    expect(reply.status, reply.text).toBe(200);
    expect(reply.text).toContain('Late Arrival');

    const exit = await stopped;
    agent.destroy();
    expect(exit.killed, server.describe()).toBe(false);
    expect({ code: exit.code, signal: exit.signal }, server.describe()).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toContain('did not finish within');
    expect(server.output()).not.toContain('closing their connections');
  });
});

describe.skipIf(dialect !== 'sqlite')('shutdown of a real server process with a request that never finishes', () => {
  let server: PlatterProcess;
  beforeAll(async () => {
    const [port] = await freePorts(1);
    server = PlatterProcess.spawn('shutdown-stuck', port as number, { SHUTDOWN_TIMEOUT_SECONDS: '2', LOG_LEVEL: 'info' });
    await server.ready();
  });
  afterAll(async () => {
    await server.stop(5000);
    server.cleanUp();
  });

  it('closes the connection near the bound and still exits 0', async () => {
    const stream = await openStream(server.baseUrl);
    // Headers and a promise of 1000 bytes of body that never come.
    const stuck = http.request(`${server.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': 1000, origin: server.baseUrl },
    });
    const cut = new Promise<string>((resolve) => {
      stuck.on('error', (error) => resolve(`error: ${error.message}`));
      stuck.on('response', (res) => resolve(`response ${res.statusCode}`));
    });
    stuck.write('{"name":');
    stuck.flushHeaders();
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exit = await server.stop(30_000);
    expect(await stream.ended).toBe('end');
    expect(await cut).toMatch(/^error: /);
    expect(exit.killed, server.describe()).toBe(false);
    expect({ code: exit.code, signal: exit.signal }, server.describe()).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('closing their connections');
  });
});

describe(`live-event streams when the app closes (${dialect})`, () => {
  it('ends them when closing begins and leaves no listener on the hub', async () => {
    const t = await startTestApp();
    try {
      const stream = await openStream(t.baseUrl);
      expect(t.context.hub.size).toBe(1);
      const closing = t.app.close();
      expect(await stream.ended).toBe('end');
      expect(t.context.hub.size).toBe(0);
      // An event raised now reaches no ended stream (a write after the end would be an unhandled error).
      t.context.events.emit('track.stats', { trackId: 'x', likes: 1, listens: 1 });
      await closing;
    } finally {
      await t.close();
    }
  });
});
