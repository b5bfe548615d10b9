import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from './support/redis.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

const redisUrl = testRedisUrl('the Redis rate-limit suite');

/** A client address as a proxy forwards it, new on every run: counters of earlier runs stay in Redis for the window. */
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** POST /api/contact (5 per 10 minutes per client address), optionally with an X-Forwarded-For. */
const contact = (t: TestApp, n: number, forwardedFor?: string) =>
  fetch(`${t.baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.baseUrl, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ name: 'Visitor', email: 'visitor@example.com', message: `Message ${n}` }),
  }).then((response) => response.status);

describe.skipIf(!redisUrl)(`rate limits counted in Redis, across two instances (${dialect})`, () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    // Two apps with databases of their own, as far apart as two processes but for the Redis they share.
    const env = { REDIS_URL: redisUrl as string, TRUST_PROXY: '127.0.0.1' };
    [one, two] = await Promise.all([startTestApp(env), startTestApp(env)]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('uses Redis for shared state', () => {
    expect(one.context.shared.kind).toBe('redis');
    expect(one.context.shared.rateLimitStore().redis).toBeDefined();
  });

  it('holds the contact form to 5 per 10 minutes per address, whichever instance each message reaches', async () => {
    const visitor = randomAddress();
    for (let n = 1; n <= 3; n++) expect(await contact(one, n, visitor), `message ${n} on instance 1`).toBe(201);
    for (let n = 4; n <= 5; n++) expect(await contact(two, n, visitor), `message ${n} on instance 2`).toBe(201);
    expect(await contact(one, 6, visitor), 'the 6th message, on instance 1').toBe(429);
    expect(await contact(two, 7, visitor), 'the 7th message, on instance 2').toBe(429);
    // Another client behind the same proxy has a limit of its own.
    expect(await contact(two, 1, randomAddress()), 'another address').toBe(201);
  });
});

describe(`TRUST_PROXY (${dialect})`, () => {
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const t = await startTestApp(env);
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('ignores X-Forwarded-For by default: every client on the connection shares one limit', async () => {
    const t = await start({});
    for (let n = 1; n <= 5; n++) expect(await contact(t, n, randomAddress()), `message ${n}`).toBe(201);
    expect(await contact(t, 6, randomAddress()), 'a 6th message claiming yet another address').toBe(429);
  });

  it.each([
    ['the proxy address', '127.0.0.1'],
    ['a hop count', '1'],
  ])('takes the client address from X-Forwarded-For when the proxy is trusted by %s', async (_, trustProxy) => {
    const t = await start({ TRUST_PROXY: trustProxy });
    const visitor = randomAddress();
    for (let n = 1; n <= 5; n++) expect(await contact(t, n, visitor), `message ${n}`).toBe(201);
    expect(await contact(t, 6, visitor), 'the same address again').toBe(429);
    expect(await contact(t, 1, randomAddress()), 'another address behind the proxy').toBe(201);
  });

  it('ignores X-Forwarded-For from a peer that is not the trusted proxy', async () => {
    const t = await start({ TRUST_PROXY: '10.9.9.9' });
    for (let n = 1; n <= 5; n++) expect(await contact(t, n, randomAddress()), `message ${n}`).toBe(201);
    expect(await contact(t, 6, randomAddress()), 'a 6th message claiming another address').toBe(429);
  });
});
