// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { LISTEN_QUEUE_KEY, LISTEN_QUEUE_LIMIT, enqueueListen, flushListenQueue, isNetworkFailure, readListenQueue } from './listen-queue';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const now = () => NOW;

beforeEach(() => localStorage.clear());

describe('the queue of listens made offline', () => {
  it('keeps listens in order, persisted, without duplicates', () => {
    enqueueListen({ trackId: 'a', playedAt: at(10) });
    enqueueListen({ trackId: 'b', playedAt: at(5) });
    enqueueListen({ trackId: 'a', playedAt: at(10) });
    expect(readListenQueue()).toEqual([
      { trackId: 'a', playedAt: at(10) },
      { trackId: 'b', playedAt: at(5) },
    ]);
    expect(JSON.parse(localStorage.getItem(LISTEN_QUEUE_KEY) ?? '')).toHaveLength(2);
  });

  it('drops the oldest beyond the limit, and reads garbage as empty', () => {
    for (let i = 0; i < LISTEN_QUEUE_LIMIT + 3; i++) enqueueListen({ trackId: `t${i}`, playedAt: at(1) });
    const queue = readListenQueue();
    expect(queue).toHaveLength(LISTEN_QUEUE_LIMIT);
    expect(queue[0]?.trackId).toBe('t3');
    localStorage.setItem(LISTEN_QUEUE_KEY, '{not json');
    expect(readListenQueue()).toEqual([]);
    localStorage.setItem(LISTEN_QUEUE_KEY, JSON.stringify([{ trackId: 1 }, { trackId: 'x', playedAt: at(1) }]));
    expect(readListenQueue()).toEqual([{ trackId: 'x', playedAt: at(1) }]);
  });

  it('sends each with its playedAt, oldest first, and empties the queue', async () => {
    enqueueListen({ trackId: 'a', playedAt: at(10) });
    enqueueListen({ trackId: 'b', playedAt: at(5) });
    const send = vi.fn(() => Promise.resolve());
    await expect(flushListenQueue(send, localStorage, now)).resolves.toBe(2);
    expect(send.mock.calls).toEqual([[{ trackId: 'a', playedAt: at(10) }], [{ trackId: 'b', playedAt: at(5) }]]);
    expect(readListenQueue()).toEqual([]);
    expect(localStorage.getItem(LISTEN_QUEUE_KEY)).toBeNull();
  });

  it('stops at a network failure or a server error and keeps the rest for later', async () => {
    enqueueListen({ trackId: 'a', playedAt: at(10) });
    enqueueListen({ trackId: 'b', playedAt: at(5) });
    const offline = vi.fn(() => Promise.reject(new ApiError(0, 'network_error', 'Failed to fetch')));
    await expect(flushListenQueue(offline, localStorage, now)).resolves.toBe(0);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(readListenQueue()).toHaveLength(2);

    const serverDown = vi.fn(() => Promise.reject(new ApiError(503, 'unavailable', 'Try later')));
    await flushListenQueue(serverDown, localStorage, now);
    expect(readListenQueue()).toHaveLength(2);
  });

  it('drops a listen the server refuses for good, and one too old to send', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    enqueueListen({ trackId: 'old', playedAt: at(31 * 24 * 60) });
    enqueueListen({ trackId: 'gone', playedAt: at(10) });
    enqueueListen({ trackId: 'ok', playedAt: at(5) });
    const send = vi.fn(({ trackId }: { trackId: string }) =>
      trackId === 'gone' ? Promise.reject(new ApiError(404, 'not_found', 'Track not found')) : Promise.resolve(),
    );
    await expect(flushListenQueue(send, localStorage, now)).resolves.toBe(1);
    expect(send.mock.calls.map(([listen]) => listen.trackId)).toEqual(['gone', 'ok']);
    expect(readListenQueue()).toEqual([]);
  });

  it('runs one flush at a time: a second call joins the first', async () => {
    enqueueListen({ trackId: 'a', playedAt: at(1) });
    let release = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const first = flushListenQueue(send, localStorage, now);
    const second = flushListenQueue(send, localStorage, now);
    expect(second).toBe(first);
    release();
    await expect(first).resolves.toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('tells a network failure from an answer', () => {
    expect(isNetworkFailure(new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new ApiError(500, 'internal', 'x'))).toBe(false);
  });
});
