/**
 * The live hub's own cost on one instance, without the rest of the path (Redis, the like's
 * transaction, the subscribers' parsing): BENCH_STREAMS server-sent-event responses on real
 * loopback sockets (an http server and its clients in this process, the clients only discarding
 * what they read), then BENCH_EVENTS events emitted on the bus one at a time. Each figure is the
 * time `bus.emit` takes, which is the hub's whole synchronous work: choosing the streams,
 * serializing, and one `res.write` per stream (into the socket's buffer).
 *
 *   npx tsx --conditions=source bench/live-hub.bench.ts
 *   # BENCH_STREAMS=5000 BENCH_EVENTS=200 BENCH_PORT=8650
 *
 * It works with the hub before 2026-11-28 too (listeners given the event, serialized per stream by
 * the route) and after (given the frame made once): the listener below writes what the route of
 * each writes, so the same file measures both checkouts side by side.
 */
import http from 'node:http';
import os from 'node:os';
import type { LiveEvent } from '@platter/shared';
import { InMemoryEventBus } from '../apps/server/src/events/event-bus.js';
import { LiveHub } from '../apps/server/src/events/live-hub.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 8650);

const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bus = new InMemoryEventBus();
const hub = new LiveHub(bus);
let nextUser = 0;
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.write('retry: 3000\n\n');
  // Every stream signed in as a user of its own: a user event concerns one stream of STREAMS.
  const userId = `user-${nextUser++}`;
  hub.subscribe({
    userId,
    // The route of either version: the frame made by the hub, or the event serialized here.
    send: ((frame: string | LiveEvent) => res.write(typeof frame === 'string' ? frame : `event: ${frame.type}\ndata: ${JSON.stringify(frame)}\n\n`)) as never,
  });
});
await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const clients: http.ClientRequest[] = [];
for (let i = 0; i < STREAMS; i += 100) {
  await Promise.all(
    Array.from(
      { length: Math.min(100, STREAMS - i) },
      () =>
        new Promise<void>((resolve, reject) => {
          const request = http.get({ host: '127.0.0.1', port: PORT, path: '/', agent }, (response) => {
            response.on('data', () => undefined);
            response.once('data', () => resolve());
          });
          request.on('error', reject);
          clients.push(request);
        }),
    ),
  );
}

async function measure(label: string, emit: (i: number) => void): Promise<string> {
  const loadBefore = load();
  const took: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const start = performance.now();
    emit(i);
    took.push(performance.now() - start);
    // The clients read what was written before the next event.
    await pause(5);
  }
  took.sort((a, b) => a - b);
  return `| ${label} | ${quantile(took, 0.5).toFixed(3)} | ${quantile(took, 0.99).toFixed(3)} | ${((quantile(took, 0.5) * 1000) / STREAMS).toFixed(2)} | ${loadBefore} → ${load()} |`;
}

console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${load()}; ${hub.size} streams\n`);
console.log('| event | bus.emit p50 (ms) | p99 (ms) | p50 per stream (µs) | load before → after |');
console.log('| --- | --- | --- | --- | --- |');
console.log(await measure(`public (track.stats) to all ${STREAMS}`, (i) => bus.emit('track.stats', { trackId: 'bench-track', likes: i % 2, listens: i })));
console.log(await measure(`one user's (history.changed) among ${STREAMS}`, (i) => bus.emit('history.changed', { userId: `user-${i % STREAMS}` })));

for (const request of clients) request.destroy();
hub.close();
server.closeAllConnections();
server.close();
agent.destroy();
