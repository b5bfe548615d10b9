/** One unit of work of the demo generator: render a track and encode it, in whichever thread runs it. */
import type { DemoTrackSpec } from './catalogue.js';
import { encodeMp3 } from './encode.js';
import { renderTrack } from './synth.js';

export const DEFAULT_SAMPLE_RATE = 44100;

export interface DemoJob {
  spec: DemoTrackSpec;
  sampleRate: number;
}

export type DemoJobResult = { key: string; mp3: Uint8Array } | { key: string; error: string };

/** Sent once by a worker when its modules have loaded, so the pool can tell a broken worker from a slow one. */
export const WORKER_READY = 'demo-worker-ready';

export async function renderDemoMp3(spec: DemoTrackSpec, sampleRate: number): Promise<Uint8Array> {
  return encodeMp3(renderTrack(spec, sampleRate), sampleRate);
}
