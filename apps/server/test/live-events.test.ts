import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

describe(`live updates over server-sent events (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('tells a listening client about a new track', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${t.baseUrl}/api/events`, { signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) throw new Error('no body');

    const artist = new Client(t.baseUrl);
    await artist.signUp('Live Artist');
    const created = await uploadTrack(artist, await makeMp3(1), { title: 'Fresh off the press', genre: 'Dance' });

    let received = '';
    const complete = () => {
      const start = received.indexOf('event: track.created');
      return start >= 0 && received.indexOf('\n\n', start) >= 0;
    };
    while (!complete()) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value;
    }
    controller.abort();
    const block = received.slice(received.indexOf('event: track.created'));
    const data = JSON.parse(block.split('\n').find((line) => line.startsWith('data: '))?.slice(6) ?? '{}');
    expect(data.track).toMatchObject({ id: created.id, title: 'Fresh off the press', genre: 'Dance', artist: 'Live Artist' });
  });
});
