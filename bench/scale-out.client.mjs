// One of the bench's client processes (BENCH_CLIENT_PROCESSES > 1 in scale-out.bench.ts): holds its
// share of the live-events streams, so 10,000 subscribers are not all parsed by one event loop,
// whose queue would then be most of what is measured. Plain JavaScript, driven over IPC:
//   { open: { urls, first, count } }  opens streams first..first+count-1, round-robin over urls
//   { mark: true }                    remembers how many events each stream has
//   { collect: { trackId, likes } }   waits for each stream's first such track.stats after the mark
// and answers with arrival times as performance.timeOrigin + performance.now() (comparable across
// the processes of one machine).
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();
/** Per stream: its track.stats events as [at, trackId, likes], and a wake-up for a waiter. */
const streams = [];
let marks = [];

function open(url) {
  return new Promise((resolve, reject) => {
    const stream = { events: [], wake: undefined };
    const request = http.get(`${url}/api/events`, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET ${url}/api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let first = true;
      response.on('data', (chunk) => {
        if (first) {
          first = false;
          resolve(stream);
        }
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          if (data) {
            const event = JSON.parse(data.slice(6));
            if (event.type === 'track.stats') stream.events.push([now(), event.trackId, event.likes]);
          }
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        stream.wake?.();
      });
    });
    request.on('error', reject);
    stream.request = request;
  });
}

function arrival(stream, from, trackId, likes) {
  for (let i = from; i < stream.events.length; i++) {
    const [at, t, l] = stream.events[i];
    if (t === trackId && l === likes) return at;
  }
  return undefined;
}

async function collect(trackId, likes) {
  const deadline = Date.now() + 30_000;
  return Promise.all(
    streams.map(async (stream, i) => {
      for (;;) {
        const at = arrival(stream, marks[i] ?? 0, trackId, likes);
        if (at !== undefined) return at;
        if (Date.now() > deadline) throw new Error(`stream ${i}: no track.stats ${trackId} likes=${likes} within 30 s`);
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, 1000);
          stream.wake = () => {
            clearTimeout(timer);
            stream.wake = undefined;
            resolve();
          };
        });
      }
    }),
  );
}

process.on('message', async (message) => {
  try {
    if (message.open) {
      const { urls, first, count } = message.open;
      for (let i = 0; i < count; i += 50) {
        const batch = [];
        for (let k = i; k < Math.min(count, i + 50); k++) batch.push(open(urls[(first + k) % urls.length]));
        streams.push(...(await Promise.all(batch)));
      }
      process.send({ opened: streams.length });
    } else if (message.mark) {
      marks = streams.map((s) => s.events.length);
      process.send({ marked: true });
    } else if (message.collect) {
      process.send({ arrivals: await collect(message.collect.trackId, message.collect.likes) });
    } else if (message.close) {
      for (const stream of streams) stream.request.destroy();
      process.disconnect();
    }
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});
