import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { JobQueue } from '../jobs/job-queue.js';
import { durationMs } from './kv-store.js';

/**
 * Fedify's message queue over Platter's job queue (in-process, or pg-boss on PostgreSQL): each
 * Fedify task (a fan-out to followers, one delivery to one inbox, an inbox activity) is one
 * `federation` job. Retries are Fedify's own (`nativeRetrial` false): a failed delivery is queued
 * again with its back-off as the job's `startAfter`, so the job itself never retries.
 *
 * The `federation` job's handler (declared by the federation module) hands the task to
 * `Federation.processQueuedTask`, so `listen` has nothing to claim: it only waits for its signal.
 */
export class JobMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;

  constructor(private readonly jobs: Pick<JobQueue, 'send'>) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    const delay = durationMs(options?.delay);
    await this.jobs.send('federation', { message }, delay && delay > 0 ? { startAfter: new Date(Date.now() + delay) } : undefined);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    for (const message of messages) await this.enqueue(message, options);
  }

  listen(_handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    return new Promise((resolve) => {
      if (!options?.signal) return;
      if (options.signal.aborted) resolve();
      else options.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
}
