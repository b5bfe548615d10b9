import type { LateMoov } from './decoders.js';

/** Messages between the waveform service and its worker thread: one job at a time, chunk by chunk. */
export type WaveformRequest =
  /** lateMoov: an MP4's moov box that comes after its audio, read ahead (see mp4-moov.ts). */
  | { type: 'start'; contentType: string; head: Uint8Array; lateMoov?: LateMoov }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end'; bars: number };

export type WaveformReply =
  | { type: 'ready' }
  /** The previous message was handled: send the next (backpressure). */
  | { type: 'ack' }
  /** decodable false: no decoder for this format. */
  | { type: 'started'; decodable: boolean }
  | { type: 'done'; peaks: number[]; frames: number }
  | { type: 'error'; message: string };
