/**
 * The media engine: what decodes, measures and encodes uploaded audio, always in a child process
 * with bounded time, memory and output. One implementation (ffmpeg); which binary runs it is
 * chosen once at start (create-media-engine.ts) and reported in the logs and /api/ready. Without
 * one, tracks play their originals and are not measured.
 */
export interface MediaEngine {
  readonly info: MediaEngineInfo;
  /** Codec, bitrate, channels, integrated loudness (EBU R128) and true peak of the file's first audio stream. */
  analyse(file: string, options?: RunOptions): Promise<AudioAnalysis>;
  /** Encodes the file's first audio stream as `rendition` into `output` (overwritten). */
  encode(file: string, output: string, rendition: RenditionSpec, options?: RunOptions): Promise<void>;
}

export interface MediaEngineInfo {
  name: 'ffmpeg';
  /** As the binary reports it, e.g. `5.1.9-0+deb12u1`. */
  version: string;
  /** FFMPEG_PATH, the machine's own (on PATH), or the build shipped in the npm registry package. */
  source: 'configured' | 'system' | 'bundled';
  path: string;
}

export interface AudioAnalysis {
  /** ffmpeg's codec name: mp3, aac, flac, vorbis, opus, pcm_s24le… */
  codec: string;
  lossless: boolean;
  /** The audio stream's bitrate (or the container's when the stream gives none); null when unknown. */
  bitrateKbps: number | null;
  sampleRate: number | null;
  channels: number | null;
  /** Integrated loudness in LUFS; null for a file too short or too quiet to measure (silence). */
  integratedLufs: number | null;
  /** True peak in dBTP; null when silent. */
  truePeakDbtp: number | null;
}

export interface RenditionSpec {
  /** MP3 at a constant bitrate: the one lossy format every browser, phone and Subsonic client plays. */
  codec: 'mp3';
  bitrateKbps: number;
}

export interface RunOptions {
  signal?: AbortSignal;
}

/** The engine's process failed, timed out, or went past a bound: the file is the cause, retrying will not help. */
export class MediaEngineError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'MediaEngineError';
  }
}

const LOSSLESS = new Set(['flac', 'alac', 'wavpack', 'ape', 'tta', 'mlp', 'truehd']);

export const isLosslessCodec = (codec: string): boolean => LOSSLESS.has(codec) || codec.startsWith('pcm_');
