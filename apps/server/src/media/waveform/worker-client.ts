import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '@platter/shared/spawn-worker';
import type { WaveformReply, WaveformRequest } from './protocol.js';

/** One request at a time to the waveform worker; each message gets exactly one reply. */
export class WorkerClient {
  private waiting: { resolve: (reply: WaveformReply) => void; reject: (error: Error) => void } | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WaveformReply) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (reply.type === 'error') waiting?.reject(new Error(reply.message));
      else waiting?.resolve(reply);
    });
    worker.on('error', (error) => {
      this.waiting?.reject(error);
      this.waiting = undefined;
    });
    worker.on('exit', () => {
      this.waiting?.reject(new Error('waveform worker exited'));
      this.waiting = undefined;
    });
    worker.unref();
  }

  static start(): Promise<WorkerClient> {
    const worker = spawnWorker(import.meta.url, 'waveform.worker');
    return new Promise((resolve, reject) => {
      worker.once('message', (reply: WaveformReply) => (reply.type === 'ready' ? resolve(new WorkerClient(worker)) : reject(new Error('bad worker start'))));
      worker.once('error', reject);
    });
  }

  request(message: WaveformRequest): Promise<WaveformReply> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      const transfer = message.type === 'chunk' ? [message.bytes.buffer as ArrayBuffer] : [];
      this.worker.postMessage(message, transfer);
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}
