import { afterEach, describe, expect, it, vi } from 'vitest';
import { InProcessJobQueue } from './in-process.job-queue.js';

type TestJobs = { work: { n: number }; other: { n: number } };

describe('in-process job queue (the embedded default)', () => {
  const queues: InProcessJobQueue<TestJobs>[] = [];
  const logs: string[] = [];
  const make = (drainMs = 1000) => {
    const queue = new InProcessJobQueue<TestJobs>({ drainMs, log: (message) => logs.push(message) });
    queues.push(queue);
    return queue;
  };
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.close()));
    logs.length = 0;
  });

  it('holds a job sent with startAfter until that time, once per key, and counts it as waiting meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const queue = make();
      const ran: number[] = [];
      await queue.register('work', async ({ n }) => void ran.push(n));
      await queue.start();
      const at = new Date(Date.now() + 3_000);
      await queue.send('work', { n: 1 }, { singletonKey: 'at-3s', startAfter: at });
      await queue.send('work', { n: 2 }, { singletonKey: 'at-3s', startAfter: at });
      await queue.send('work', { n: 3 }, { startAfter: new Date(Date.now() - 1_000) });
      await vi.advanceTimersByTimeAsync(0);
      expect(ran).toEqual([3]);
      expect(await queue.depth()).toEqual([{ name: 'work', waiting: 1, active: 0 }]);
      await vi.advanceTimersByTimeAsync(2_999);
      expect(ran).toEqual([3]);
      await vi.advanceTimersByTimeAsync(1);
      expect(ran).toEqual([3, 1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the waiting jobs whose payload holds a value at a path, and only those', async () => {
    const queue = make();
    const ran: number[] = [];
    await queue.register('work', async ({ n }) => void ran.push(n));
    for (const n of [1, 2, 1, 3]) await queue.send('work', { n });
    // Numbers are not text: a path's value is compared as the text it is.
    expect(await queue.forget('work', ['n'], '1')).toBe(0);
    const texts = new InProcessJobQueue<{ mail: { message: { to: string } } }>({ drainMs: 1000, log: () => {} });
    const sent: string[] = [];
    await texts.register('mail', async ({ message }) => void sent.push(message.to));
    for (const to of ['ann@x.test', 'bob@x.test', 'ann@x.test']) await texts.send('mail', { message: { to } });
    expect(await texts.forget('mail', ['message', 'to'], 'ann@x.test')).toBe(2);
    expect(await texts.forget('mail', ['message', 'to'], 'ann@x.test')).toBe(0);
    await texts.start();
    await texts.idle();
    expect(sent).toEqual(['bob@x.test']);
    await texts.close();
    await queue.start();
    await queue.idle();
    expect(ran).toEqual([1, 2, 1, 3]);
  });

  it('runs one job at a time per queue, in order, and waits for the start', async () => {
    const queue = make();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    await queue.register('work', async ({ n }) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`work ${n}`);
      running -= 1;
    });
    for (let n = 0; n < 5; n++) await queue.send('work', { n });
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual([]);
    await queue.start();
    await queue.idle();
    expect(log).toEqual(['work 0', 'work 1', 'work 2', 'work 3', 'work 4']);
    expect(most).toBe(1);
  });

  it('tells its depth per queue: waiting (retries waiting out their delay included) and running', async () => {
    const queue = make();
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await queue.register('work', async ({ n }) => {
      if (n === 0) await gate;
      else throw new Error('fails, retried later');
    }, { retryDelaySeconds: 3600 });
    await queue.register('other', async () => undefined);
    expect(await queue.depth()).toEqual([
      { name: 'work', waiting: 0, active: 0 },
      { name: 'other', waiting: 0, active: 0 },
    ]);
    for (let n = 0; n < 3; n++) await queue.send('work', { n });
    await queue.start();
    expect(await queue.depth()).toContainEqual({ name: 'work', waiting: 2, active: 1 });
    release();
    // Both failures wait out an hour's retry delay: still waiting, none running.
    await vi.waitFor(async () => expect(await queue.depth()).toContainEqual({ name: 'work', waiting: 2, active: 0 }));
  });

  it('keeps a singleton key waiting at most once, and a once key until its job is done', async () => {
    const queue = make();
    const seen: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    await queue.register('work', async ({ n }) => {
      seen.push(n);
      if (n === 0) await gate;
    });
    await queue.start();
    await queue.send('work', { n: 0 }, { onceKey: 'a' });
    await new Promise((r) => setTimeout(r, 5));
    // Job 0 (once key a) runs: a is taken until it ends.
    await queue.send('work', { n: 1 }, { onceKey: 'a' });
    await queue.send('work', { n: 2 }, { singletonKey: 'b' });
    await queue.send('work', { n: 3 }, { singletonKey: 'b' });
    await queue.send('work', { n: 4 });
    await queue.send('work', { n: 5 });
    release();
    await queue.idle();
    expect(seen).toEqual([0, 2, 4, 5]);
    // Done: the once key is free again.
    await queue.send('work', { n: 6 }, { onceKey: 'a' });
    await queue.idle();
    expect(seen).toEqual([0, 2, 4, 5, 6]);
  });

  it('retries a failed job with backoff and tells the handler which attempt is its last', async () => {
    const queue = make();
    const attempts: Array<{ attempt: number; lastAttempt: boolean; at: number }> = [];
    const started = Date.now();
    await queue.register(
      'work',
      async (_data, run) => {
        attempts.push({ attempt: run.attempt, lastAttempt: run.lastAttempt, at: Date.now() - started });
        throw new Error('file not there yet');
      },
      { retryLimit: 2, retryDelaySeconds: 0.02 },
    );
    await queue.start();
    await queue.send('work', { n: 1 });
    await expect.poll(() => attempts.length, { timeout: 2000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(attempts.map(({ attempt, lastAttempt }) => ({ attempt, lastAttempt }))).toEqual([
      { attempt: 0, lastAttempt: false },
      { attempt: 1, lastAttempt: false },
      { attempt: 2, lastAttempt: true },
    ]);
    // The first retry waits 20–40 ms, the second 40–80 ms.
    expect((attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0)).toBeGreaterThanOrEqual(19);
    expect((attempts[2]?.at ?? 0) - (attempts[1]?.at ?? 0)).toBeGreaterThanOrEqual(39);
    expect(logs.at(-1)).toMatch(/failed \(attempt 3, for good\)/);
  });

  it('queues do not wait for each other', async () => {
    const queue = make();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    await queue.register('work', async () => {
      await gate;
      order.push('slow work');
    });
    await queue.register('other', async () => {
      order.push('other');
    });
    await queue.start();
    await queue.send('work', { n: 1 });
    await queue.send('other', { n: 1 });
    await expect.poll(() => order).toEqual(['other']);
    release();
    await queue.idle();
    expect(order).toEqual(['other', 'slow work']);
  });

  it('stop() stops claiming, aborts the running handler and waits for it, within the bound', async () => {
    const queue = make(2000);
    const ran: number[] = [];
    await queue.register('work', async ({ n }, run) => {
      ran.push(n);
      await new Promise((resolve) => run.signal.addEventListener('abort', resolve));
      await new Promise((r) => setTimeout(r, 20));
    });
    await queue.start();
    await queue.send('work', { n: 1 });
    await queue.send('work', { n: 2 });
    await expect.poll(() => ran).toEqual([1]);
    const started = Date.now();
    await queue.stop();
    expect(Date.now() - started).toBeLessThan(500);
    expect(ran).toEqual([1]);
  });

  it('stop() gives up on a handler that ignores its signal after the drain bound', async () => {
    const queue = make(100);
    await queue.register('work', () => new Promise(() => undefined));
    await queue.start();
    await queue.send('work', { n: 1 });
    await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await queue.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(logs.at(-1)).toMatch(/still running after 100 ms/);
  });

  it('schedules a job every n minutes, from the start', async () => {
    const queue = make();
    await expect(queue.schedule('work', { everyMinutes: 1, data: { n: 1 } })).rejects.toThrow(/not registered/);
    const runs: number[] = [];
    await queue.register('work', async ({ n }) => {
      runs.push(n);
    });
    vi.useFakeTimers();
    try {
      await queue.schedule('work', { everyMinutes: 10, data: { n: 7 } });
      await queue.start();
      await vi.advanceTimersByTimeAsync(9 * 60_000);
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runs).toEqual([7]);
      await vi.advanceTimersByTimeAsync(20 * 60_000);
      expect(runs).toEqual([7, 7, 7]);
      await queue.stop();
      await vi.advanceTimersByTimeAsync(20 * 60_000);
      expect(runs).toEqual([7, 7, 7]);
    } finally {
      vi.useRealTimers();
    }
  });
});
