import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { Storage } from '../../storage/storage.js';
import type { AudioAnalysis, MediaEngine, RunOptions } from './media-engine.js';
import { RENDITIONS, type RenditionKind, plannedRenditions } from './renditions.js';

export interface ProcessedAudio {
  analysis: AudioAnalysis;
  /** The storage key of each rendition made (the others are served by the original). */
  renditions: Partial<Record<RenditionKind, string>>;
}

/** Where a track's renditions are stored: a new name each time, since media keys are cached as immutable. */
export const renditionKey = (trackId: string, kind: RenditionKind): string => `renditions/${trackId}/${kind}-${randomUUID().slice(0, 8)}.mp3`;

/**
 * Measures a stored file and makes the renditions it needs, each stored under a new key. The
 * engine reads a local copy in a temporary directory (an MP4 whose index comes last needs to
 * seek), removed afterwards whatever happens; a rendition stored before a later step failed is
 * deleted again, so a failed run leaves nothing behind.
 */
export async function processStoredAudio(engine: MediaEngine, storage: Storage, key: string, trackId: string, options: RunOptions = {}): Promise<ProcessedAudio> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'platter-audio-'));
  const stored: string[] = [];
  try {
    const source = path.join(dir, 'source');
    await pipeline(await storage.read(key), createWriteStream(source));
    const analysis = await engine.analyse(source, options);
    const renditions: ProcessedAudio['renditions'] = {};
    for (const kind of plannedRenditions(analysis)) {
      const output = path.join(dir, `${kind}.mp3`);
      await engine.encode(source, output, RENDITIONS[kind], options);
      const target = renditionKey(trackId, kind);
      await storage.put(target, createReadStream(output), { contentType: 'audio/mpeg' });
      stored.push(target);
      renditions[kind] = target;
    }
    return { analysis, renditions };
  } catch (error) {
    for (const target of stored) await storage.delete(target).catch(() => undefined);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
