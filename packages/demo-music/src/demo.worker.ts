/**
 * worker_threads entry of the demo generator. Receives `{ spec, sampleRate }`
 * messages and answers `{ key, mp3, peaks }` (the MP3 buffer is transferred) or
 * `{ key, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { WORKER_READY, renderDemoTrack, type DemoJob, type DemoJobResult } from './render-job.js';

const port = parentPort;
if (!port) throw new Error('demo.worker must run as a worker thread');

port.on('message', (job: DemoJob) => {
  renderDemoTrack(job.spec, job.sampleRate).then(
    ({ mp3, peaks }) => {
      const result: DemoJobResult = { key: job.spec.key, mp3, peaks };
      port.postMessage(result, [mp3.buffer as ArrayBuffer]);
    },
    (err: unknown) => {
      const result: DemoJobResult = { key: job.spec.key, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
      port.postMessage(result);
    },
  );
});

port.postMessage(WORKER_READY);
