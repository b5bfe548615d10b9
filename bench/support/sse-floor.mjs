// The floor under Platter's live-event fan-out on this machine (bench/scale-out.bench.ts,
// BENCH_SETUPS=floor): the least a Node process can do for the same path. It holds
// `GET /api/events` streams (headers, then raw chunks on the socket); `PUT|DELETE
// /api/tracks/:id/like` is answered at once, and the `track.stats` frame is published on Redis; every
// floor process (the one answering included) writes the frame from Redis to all its streams, in one
// loop. No database, no session, no hub: what is left is Node's HTTP, one Redis hop and one socket
// write per stream, the part no server on this machine escapes.
//
//   node bench/support/sse-floor.mjs PORT REDIS_URL     prints "listening" when ready
import http from 'node:http';
import { Redis } from 'ioredis';

const [port, redisUrl] = [Number(process.argv[2]), process.argv[3]];
const channel = 'platter-bench-floor';
const publisher = new Redis(redisUrl);
const subscriber = new Redis(redisUrl);
const streams = new Set();

subscriber.on('message', (_channel, frame) => {
  const body = Buffer.from(frame);
  const chunk = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')]);
  for (const socket of streams) socket.write(chunk);
});
await subscriber.subscribe(channel);

const server = http.createServer((req, res) => {
  const like = /^\/api\/tracks\/([^/]+)\/like$/.exec(req.url ?? '');
  if (req.method === 'GET' && req.url === '/api/events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.write('retry: 3000\n\n');
    streams.add(res.socket);
    req.on('close', () => streams.delete(res.socket));
  } else if (like && (req.method === 'PUT' || req.method === 'DELETE')) {
    const trackId = like[1];
    const count = req.method === 'PUT' ? 1 : 0;
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ liked: count === 1, likes: count }));
    void publisher.publish(channel, `event: track.stats\ndata: ${JSON.stringify({ type: 'track.stats', trackId, likes: count, listens: 0 })}\n\n`);
  } else {
    res.writeHead(404).end();
  }
});
server.listen(port, '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  for (const socket of streams) socket.destroy();
  server.close();
  void publisher.quit();
  void subscriber.quit();
});
