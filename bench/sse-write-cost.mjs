// What one live-event frame costs per stream on this machine, without the rest of the fan-out:
// BENCH_STREAMS SSE responses of a node:http server in this process, held by the C client
// (bench/support/sse-fanout.c, stopped with SIGSTOP while the server writes, so none of its
// reading is counted); then BENCH_EVENTS frames to all of them, alternately through `res.write`
// (what the events route did before 2026-11-28) and as one shared chunk by `socket.write` (what
// routes/event-stream-writer.ts does). Wall time and this process's CPU (user, system) until the
// writes, the next-tick ones included, are done.
//
//   node bench/sse-write-cost.mjs        # BENCH_STREAMS=5000 BENCH_EVENTS=20
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { sseFanoutBinary } from './support/sse-fanout-binary.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20);
const binary = sseFanoutBinary();

const streams = [];
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
  res.write('retry: 3000\n\n');
  streams.push(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = spawn(binary, [String(STREAMS), `127.0.0.1:${server.address().port}`], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: client.stdout })[Symbol.asyncIterator]();
const opened = (await lines.next()).value;
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');
const loadBefore = load();
const frame = 'event: track.stats\ndata: {"type":"track.stats","trackId":"0f6c1d4e-8a1b-4c2d-9e3f-5a6b7c8d9e0f","likes":1,"listens":0}\n\n';
const body = Buffer.from(frame);
const chunk = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')]);
const ways = {
  'res.write(frame)': () => {
    for (const res of streams) res.write(frame);
  },
  'socket.write(shared chunk)': () => {
    for (const res of streams) res.socket.write(chunk);
  },
};
const results = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
client.kill('SIGSTOP');
for (let i = 0; i < EVENTS; i++) {
  const order = i % 2 ? Object.keys(ways) : Object.keys(ways).reverse();
  for (const way of order) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    const cpu = process.cpuUsage();
    const start = performance.now();
    ways[way]();
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.cpuUsage(cpu);
    results[way].push([performance.now() - start, used.user / 1000, used.system / 1000]);
  }
}
client.kill('SIGCONT');
const median = (rows, k) => rows.map((r) => r[k]).sort((a, b) => a - b)[rows.length >> 1];
console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}; ${opened} streams, ${EVENTS} events each way, interleaved\n`);
console.log('| write | wall p50 (ms) | user CPU p50 (ms) | system CPU p50 (ms) | per stream, wall (µs) | load before → after |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [way, rows] of Object.entries(results)) {
  console.log(`| ${way} | ${median(rows, 0).toFixed(1)} | ${median(rows, 1).toFixed(1)} | ${median(rows, 2).toFixed(1)} | ${((median(rows, 0) * 1000) / STREAMS).toFixed(1)} | ${loadBefore} → ${load()} |`);
}
client.stdin.end('close\n');
server.closeAllConnections();
server.close();
