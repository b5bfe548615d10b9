import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './support/http-client.js';
import { testRedisUrl } from './support/redis.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

const redisUrl = testRedisUrl('the signed-in devices suite across instances');
const PASSWORD = 'correct-horse-battery';

/**
 * Two instances over one database and one Redis, as Platter scales out: a session signed out on
 * one is refused at once by the other, and the other ends the live stream it opened.
 */
describe.skipIf(!redisUrl)(`signing a device out across two instances sharing Redis (${dialect})`, () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    one = await startTestApp({ REDIS_URL: redisUrl as string });
    // The second instance uses the first one's database: PostgreSQL's URL, or SQLite's data directory.
    two = await startTestApp({ REDIS_URL: redisUrl as string, ...(one.config.databaseUrl ? { DATABASE_URL: one.config.databaseUrl } : { DATA_DIR: one.config.dataDir }) });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('ends the phone’s session from the laptop on instance one: instance two refuses its cookie and ends its stream', async () => {
    const email = `both-${Math.random().toString(36).slice(2)}@x.test`;
    const laptop = new Client(one.baseUrl);
    await laptop.signUp('Lap', email, PASSWORD);
    const phone = new Client(two.baseUrl);
    expect((await phone.json('POST', '/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const stream = await openEventStream(two.baseUrl, phone.cookieHeader());
    try {
      expect((await phone.request('GET', '/api/me/sessions')).status).toBe(200);
      const { body } = await laptop.json<{ sessions: Array<{ id: string; current: boolean }> }>('GET', '/api/me/sessions');
      const phoneSession = body.sessions.find((s) => !s.current);
      expect((await laptop.request('DELETE', `/api/me/sessions/${phoneSession?.id}`)).status).toBe(204);
      expect((await phone.request('GET', '/api/me/sessions')).status).toBe(401);
      await stream.ended;
      expect(stream.isEnded).toBe(true);
    } finally {
      await stream.close();
    }
  });
});
