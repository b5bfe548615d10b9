/**
 * worker_threads entry that turns an audio file, sent in chunks, into waveform peaks. Decoding is
 * CPU-bound WebAssembly, so it runs here and never on the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { type StreamingDecoder, decoderFor } from './decoders.js';
import { PeakAccumulator } from '@platter/shared/waveform-peaks';
import type { WaveformReply, WaveformRequest } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('waveform.worker must run as a worker thread');
const reply = (message: WaveformReply) => port.postMessage(message);

let decoder: StreamingDecoder | undefined;
let peaks = new PeakAccumulator();
let failed = false;

async function handle(message: WaveformRequest): Promise<void> {
  switch (message.type) {
    case 'start':
      await decoder?.free();
      peaks = new PeakAccumulator();
      failed = false;
      decoder = await decoderFor(message.contentType, message.head, message.lateMoov);
      if (decoder) await decoder.ready;
      reply({ type: 'started', decodable: decoder !== undefined });
      return;
    case 'chunk':
      if (decoder && !failed) {
        try {
          const { channelData } = await decoder.decode(message.bytes);
          if (channelData.length > 0) peaks.push(channelData);
        } catch {
          // A damaged stretch ends decoding; what came before still makes a waveform.
          failed = true;
        }
      }
      reply({ type: 'ack' });
      return;
    case 'end':
      if (decoder?.flush && !failed) {
        try {
          const { channelData } = await decoder.flush();
          if (channelData.length > 0) peaks.push(channelData);
        } catch {
          // Nothing more to draw; what was decoded stands (an empty waveform ends 'unavailable').
        }
      }
      await decoder?.free();
      decoder = undefined;
      reply({ type: 'done', peaks: peaks.result(message.bars), frames: peaks.frames });
      return;
  }
}

// Messages are handled strictly in order.
let queue = Promise.resolve();
port.on('message', (message: WaveformRequest) => {
  queue = queue.then(() => handle(message)).catch((error: unknown) => reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
});
reply({ type: 'ready' });
