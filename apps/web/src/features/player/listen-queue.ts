import { OFFLINE_LISTEN_MAX_AGE_DAYS } from '@platter/shared/constants';
import { ApiError } from '../../lib/api-error';

/** A listen the server has not heard of yet: the play started at `playedAt` with no network. */
export interface QueuedListen {
  trackId: string;
  playedAt: string;
}

export const LISTEN_QUEUE_KEY = 'platter-listen-queue';
/** Plenty for weeks offline; beyond it the oldest go first. */
export const LISTEN_QUEUE_LIMIT = 500;
const MAX_AGE_MS = OFFLINE_LISTEN_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/** Whether a failed request never reached the server (offline, DNS, reset), so trying later makes sense. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : error instanceof TypeError;
}

export function readListenQueue(storage: Storage = localStorage): QueuedListen[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(LISTEN_QUEUE_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (item): item is QueuedListen =>
      typeof (item as QueuedListen | null)?.trackId === 'string' && typeof (item as QueuedListen).playedAt === 'string',
  );
}

function writeListenQueue(queue: readonly QueuedListen[], storage: Storage): void {
  if (queue.length === 0) storage.removeItem(LISTEN_QUEUE_KEY);
  else storage.setItem(LISTEN_QUEUE_KEY, JSON.stringify(queue));
}

export function enqueueListen(listen: QueuedListen, storage: Storage = localStorage): void {
  const queue = readListenQueue(storage);
  if (queue.some((item) => item.trackId === listen.trackId && item.playedAt === listen.playedAt)) return;
  writeListenQueue([...queue, listen].slice(-LISTEN_QUEUE_LIMIT), storage);
}

let flushing: Promise<number> | null = null;

/**
 * Sends the queued listens, oldest first, each with its `playedAt` (the server counts it at that
 * time, and a retry of one it already counted is not counted twice). Each is removed once the
 * server answered: counted, or refused for good (a 4xx: too old, track gone). A network failure or
 * a 5xx stops the run and keeps the rest for the next one. Listens too old for the server are
 * dropped unsent. One run at a time; a call during a run joins it. Resolves with how many were sent.
 */
export function flushListenQueue(
  send: (listen: QueuedListen) => Promise<unknown>,
  storage: Storage = localStorage,
  now: () => number = Date.now,
): Promise<number> {
  if (flushing) return flushing;
  const run = async () => {
    let sent = 0;
    for (;;) {
      const [next] = readListenQueue(storage);
      if (!next) break;
      const fresh = now() - Date.parse(next.playedAt) < MAX_AGE_MS;
      if (fresh) {
        try {
          await send(next);
          sent += 1;
        } catch (error) {
          const final = error instanceof ApiError && error.status >= 400 && error.status < 500;
          if (!final) break;
          console.error('queued listen refused', next, error);
        }
      }
      // Removed by value: another tab may have flushed or queued meanwhile.
      writeListenQueue(
        readListenQueue(storage).filter((item) => !(item.trackId === next.trackId && item.playedAt === next.playedAt)),
        storage,
      );
    }
    return sent;
  };
  // Cleared asynchronously, after the assignment, even when the run ends without awaiting.
  flushing = run().finally(() => {
    flushing = null;
  });
  return flushing;
}
