import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { DEFAULT_LIMITS, type EngineLimits, FfmpegEngine } from './ffmpeg-engine.js';
import type { MediaEngine, MediaEngineInfo } from './media-engine.js';

const run = promisify(execFile);

export interface MediaEngineChoice {
  /** FFMPEG_PATH: this binary and no other (a missing one is an error at start). */
  ffmpegPath?: string;
  /** `auto` (default): the machine's ffmpeg, else the bundled build; `system`/`bundled` insist on one; `none` turns processing off. */
  mediaEngine?: 'auto' | 'system' | 'bundled' | 'none';
  limits?: EngineLimits;
}

/**
 * Chooses the media engine once, at start: FFMPEG_PATH when set; else the machine's `ffmpeg` (a
 * distribution build, kept up to date with the system); else the static ffmpeg shipped inside the
 * `@ffmpeg-installer` registry package, so a fresh `npm install` on a machine without ffmpeg still
 * measures and transcodes. Undefined when MEDIA_ENGINE=none or nothing runs: tracks then play their
 * originals, unmeasured.
 */
export async function createMediaEngine(choice: MediaEngineChoice = {}): Promise<MediaEngine | undefined> {
  const mode = choice.mediaEngine ?? 'auto';
  if (mode === 'none') return undefined;
  const limits = choice.limits ?? DEFAULT_LIMITS;
  if (choice.ffmpegPath) {
    const info = await describe(choice.ffmpegPath, 'configured');
    if (!info) throw new Error(`FFMPEG_PATH=${choice.ffmpegPath} does not run as ffmpeg`);
    return new FfmpegEngine(info, limits);
  }
  const system = mode === 'bundled' ? undefined : await describe('ffmpeg', 'system');
  if (system) return new FfmpegEngine(system, limits);
  if (mode === 'system') throw new Error('MEDIA_ENGINE=system but no ffmpeg is on PATH');
  const bundledPath = bundledFfmpegPath();
  const bundled = bundledPath ? await describe(bundledPath, 'bundled') : undefined;
  if (bundled) return new FfmpegEngine(bundled, limits);
  if (mode === 'bundled') throw new Error('MEDIA_ENGINE=bundled but the @ffmpeg-installer build is not installed for this platform');
  return undefined;
}

/** How the engine is reported in the start log and /api/ready. */
export const describeEngine = (engine: MediaEngine | undefined): string =>
  engine ? `${engine.info.name} ${engine.info.version} (${engine.info.source}: ${engine.info.path})` : 'none (tracks play their original files)';

/** The static build of the registry package for this platform, if npm installed it. */
export function bundledFfmpegPath(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return undefined;
  }
}

async function describe(path: string, source: MediaEngineInfo['source']): Promise<MediaEngineInfo | undefined> {
  try {
    const { stdout } = await run(path, ['-hide_banner', '-version'], { timeout: 10_000 });
    const version = /^ffmpeg version (\S+)/.exec(stdout)?.[1];
    return version ? { name: 'ffmpeg', version, source, path } : undefined;
  } catch {
    return undefined;
  }
}
