/** One unit of work of the demo generator: render a track and encode it, in whichever thread runs it. */
import { WAVEFORM_BARS } from '@platter/shared/constants';
import { PeakAccumulator } from '@platter/shared/waveform-peaks';
import type { DemoTrackSpec } from './catalogue.js';
import { encodeMp3 } from './encode.js';
import { renderTrack } from './synth.js';

/**
 * 32 kHz (MPEG-1's lower rate): LAME's 128 kbps lowpass sits near 16 kHz anyway, and synthesis and
 * encoding cost about 27 % less than at 44.1 kHz, which keeps the whole catalogue within 90 s of a
 * first start on two idle cores while its covers are drawn (bench/first-start.md).
 */
export const DEFAULT_SAMPLE_RATE = 32000;

export interface DemoJob {
  spec: DemoTrackSpec;
  sampleRate: number;
}

export type DemoJobResult = { key: string; mp3: Uint8Array; peaks: number[] } | { key: string; error: string };

/** Sent once by a worker when its modules have loaded, so the pool can tell a broken worker from a slow one. */
export const WORKER_READY = 'demo-worker-ready';

/**
 * The track's MP3 and its waveform peaks, taken from the rendered samples themselves: the demo
 * catalogue's waveforms are ready with the tracks, and the waveform queue decodes none of them.
 */
export async function renderDemoTrack(spec: DemoTrackSpec, sampleRate: number): Promise<{ mp3: Uint8Array; peaks: number[] }> {
  const channels = renderTrack(spec, sampleRate);
  const peaks = new PeakAccumulator();
  peaks.push(channels);
  return { mp3: await encodeMp3(channels, sampleRate), peaks: peaks.result(WAVEFORM_BARS) };
}
