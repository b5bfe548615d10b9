import http, { type ServerResponse } from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStreamWriter } from './event-stream-writer.js';

/** An SSE server on loopback whose responses the test holds, as the events route does. */
async function streamServer() {
  const responses: ServerResponse[] = [];
  let arrived: (() => void) | undefined;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
    res.write('retry: 3000\n\n');
    responses.push(res);
    arrived?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const waitFor = async (count: number) => {
    while (responses.length < count) await new Promise<void>((resolve) => (arrived = resolve));
  };
  return { server, port, responses, waitFor };
}

/** A client reading one stream through node:http (which decodes the chunks); its text so far. */
function openStream(port: number) {
  const stream = { text: '', response: undefined as http.IncomingMessage | undefined };
  const request = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
    stream.response = response;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (stream.text += chunk));
  });
  return { stream, request };
}

const frame = (n: number) => `event: track.stats\ndata: {"type":"track.stats","trackId":"t","likes":${n},"listens":0}\n\n`;

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('EventStreamWriter', () => {
  it('delivers each frame as one HTTP chunk, in order, to every stream', async () => {
    const { server, port, responses, waitFor } = await streamServer();
    servers.push(server);
    const clients = Array.from({ length: 3 }, () => openStream(port));
    await waitFor(3);
    const writer = new EventStreamWriter();
    for (const n of [1, 2, 3]) for (const res of responses) writer.send(res, frame(n));
    await writer.idle();
    const expected = `retry: 3000\n\n${frame(1)}${frame(2)}${frame(3)}`;
    await until(() => clients.every(({ stream }) => stream.text.length >= expected.length));
    for (const { stream } of clients) {
      expect(stream.response?.headers['transfer-encoding']).toBe('chunked');
      expect(stream.text).toBe(expected);
    }
  });

  it('writes nothing until the current turn is over, then slices the streams over several turns', async () => {
    const { server, port, responses, waitFor } = await streamServer();
    servers.push(server);
    const count = 300;
    for (let i = 0; i < count; i++) openStream(port);
    await waitFor(count);
    // Let the headers and the retry line go out first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = responses.map((res) => res.socket!.bytesWritten);
    const written = () => responses.filter((res, i) => res.socket!.bytesWritten > before[i]!).length;
    const writer = new EventStreamWriter();
    for (const res of responses) writer.send(res, frame(1));
    // What caused the event (a like's answer) is written in this turn: the frames are not yet.
    await Promise.resolve();
    expect(written()).toBe(0);
    // One turn writes one slice, not all 300.
    await new Promise((resolve) => setImmediate(resolve));
    expect(written()).toBeGreaterThan(0);
    expect(written()).toBeLessThan(count);
    await writer.idle();
    expect(written()).toBe(count);
  });

  it('skips a stream that ended while its frame waited', async () => {
    const { server, port, responses, waitFor } = await streamServer();
    servers.push(server);
    const { stream } = openStream(port);
    await waitFor(1);
    const writer = new EventStreamWriter();
    writer.send(responses[0]!, frame(1));
    responses[0]!.end();
    await writer.idle();
    await until(() => stream.response?.complete === true);
    expect(stream.text).toBe('retry: 3000\n\n');
  });

  it('sends the frame as it is to an HTTP/1.0 client (no chunks)', async () => {
    const { server, port, responses, waitFor } = await streamServer();
    servers.push(server);
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.0\r\n\r\n'));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    await waitFor(1);
    const writer = new EventStreamWriter();
    writer.send(responses[0]!, frame(7));
    await writer.idle();
    await until(() => received.includes('"likes":7'));
    expect(received.endsWith(`retry: 3000\n\n${frame(7)}`)).toBe(true);
    socket.destroy();
  });
});
