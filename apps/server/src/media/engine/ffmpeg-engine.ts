import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import {
  type AudioAnalysis,
  type MediaEngine,
  MediaEngineError,
  type MediaEngineInfo,
  type RenditionSpec,
  type RunOptions,
  isLosslessCodec,
} from './media-engine.js';

/** The bounds every run of the engine on an untrusted file is held to. */
export interface EngineLimits {
  /** Wall-clock time of one run; the process is killed past it. */
  timeoutMs: number;
  /** Address space of the process (prlimit --as), where util-linux's prlimit is found. */
  memoryBytes: number;
  /** Largest output file (ffmpeg's -fs); a rendition cannot grow past it. */
  outputBytes: number;
  /**
   * How much nicer than the server the process runs (added to the server's nice value, up to 19;
   * default ENGINE_NICENESS): decoding and encoding are batch work, so on a busy machine the
   * server's event loop gets the CPU first.
   */
  niceness?: number;
}

/** How much the engine's processes yield the CPU to the server (bench/upload-responsiveness.md). */
export const ENGINE_NICENESS = 10;

export const DEFAULT_LIMITS: EngineLimits = { timeoutMs: 10 * 60_000, memoryBytes: 1024 * 1024 * 1024, outputBytes: 300 * 1024 * 1024 };

/** What stays of a run's stderr for parsing and error messages: its last 64 KB. */
const STDERR_KEEP = 64 * 1024;
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path));

/**
 * ffmpeg as Platter's media engine. Each call is one `ffmpeg` process reading a local file:
 * `-nostdin`, the first audio stream only (cover art and other streams are left alone), killed
 * after `timeoutMs`, under an address-space limit, with `-fs` capping what it writes, at a lower
 * scheduling priority than the server (nice 10).
 */
export class FfmpegEngine implements MediaEngine {
  constructor(
    readonly info: MediaEngineInfo,
    private readonly limits: EngineLimits = DEFAULT_LIMITS,
  ) {}

  async analyse(file: string, options: RunOptions = {}): Promise<AudioAnalysis> {
    // The ebur128 filter measures integrated loudness (BS.1770-4 gating) and, with peak=true, the
    // 4× oversampled true peak; its summary and the input's stream line are all on stderr.
    const stderr = await this.run(['-i', file, '-map', '0:a:0', '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'], options);
    return parseAnalysis(stderr);
  }

  async encode(file: string, output: string, rendition: RenditionSpec, options: RunOptions = {}): Promise<void> {
    await this.run(
      [
        '-i', file,
        '-map', '0:a:0', '-vn', '-map_metadata', '-1',
        // MP3 carries 32, 44.1 and 48 kHz at these bitrates; anything else is resampled to 44.1 kHz.
        '-ar', '44100', '-ac', '2',
        '-c:a', 'libmp3lame', '-b:a', `${rendition.bitrateKbps}k`,
        '-fs', String(this.limits.outputBytes),
        '-f', 'mp3', '-y', output,
      ],
      options,
    );
  }

  private run(args: string[], { signal }: RunOptions): Promise<string> {
    const command = [this.info.path, '-nostdin', '-hide_banner', '-loglevel', 'info', ...args];
    const [file, ...rest] = PRLIMIT ? [PRLIMIT, `--as=${this.limits.memoryBytes}`, '--', ...command] : command;
    return new Promise((resolve, reject) => {
      const child = spawn(file as string, rest, { stdio: ['ignore', 'ignore', 'pipe'], timeout: this.limits.timeoutMs, killSignal: 'SIGKILL', signal });
      if (child.pid !== undefined) {
        try {
          os.setPriority(child.pid, Math.min(19, os.getPriority() + (this.limits.niceness ?? ENGINE_NICENESS)));
        } catch {
          // Gone already, or not allowed here: it runs at the server's priority.
        }
      }
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderr += chunk;
        if (stderr.length > 2 * STDERR_KEEP) stderr = stderr.slice(-STDERR_KEEP);
      });
      child.on('error', (error) => reject(signal?.aborted ? error : new MediaEngineError(`ffmpeg did not run: ${error.message}`)));
      child.on('close', (code, killed) => {
        if (code === 0) return resolve(stderr);
        if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
        const why = killed === 'SIGKILL' ? `was stopped after ${Math.round(this.limits.timeoutMs / 1000)} s or past its memory bound` : `exited with ${code ?? killed}`;
        reject(new MediaEngineError(`ffmpeg ${why}`, lastLines(stderr)));
      });
    });
  }
}

/** The input's first audio stream line, the container's bitrate, and the ebur128 summary, from ffmpeg's stderr. */
export function parseAnalysis(stderr: string): AudioAnalysis {
  // "    Stream #0:0: Audio: mp3, 44100 Hz, stereo, fltp, 128 kb/s" (the input's, before "Output #0").
  const input = stderr.split(/^Output #0/m)[0] ?? stderr;
  const stream = /Stream #\d+:\d+[^:]*: Audio: ([a-z0-9_]+)[^\n]*/.exec(input);
  if (!stream) throw new MediaEngineError('ffmpeg found no audio stream', lastLines(stderr));
  const line = stream[0];
  const streamRate = /, (\d+) kb\/s/.exec(line);
  const containerRate = /Duration: [^\n]*bitrate: (\d+) kb\/s/.exec(input);
  const sampleRate = /, (\d+) Hz/.exec(line);
  const layout = /Hz, ([^,]+),/.exec(line)?.[1]?.trim();
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  const lufs = integrated === undefined || integrated === '-inf' ? null : Number(integrated);
  const codec = stream[1] as string;
  return {
    codec,
    lossless: isLosslessCodec(codec),
    bitrateKbps: streamRate ? Number(streamRate[1]) : containerRate ? Number(containerRate[1]) : null,
    sampleRate: sampleRate ? Number(sampleRate[1]) : null,
    channels: channelCount(layout),
    // ebur128 answers -70 LUFS (its absolute gate) for silence.
    integratedLufs: lufs === null || lufs <= -70 ? null : lufs,
    truePeakDbtp: peak === undefined || peak === '-inf' ? null : Number(peak),
  };
}

function channelCount(layout: string | undefined): number | null {
  if (!layout) return null;
  if (layout === 'mono') return 1;
  if (layout === 'stereo') return 2;
  const surround = /^(\d+)\.(\d+)/.exec(layout);
  if (surround) return Number(surround[1]) + Number(surround[2]);
  const channels = /^(\d+) channels/.exec(layout);
  return channels ? Number(channels[1]) : null;
}

const lastLines = (text: string): string => text.trim().split('\n').slice(-5).join('\n');
