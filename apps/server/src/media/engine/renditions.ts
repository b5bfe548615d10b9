import { RENDITION_HIGH_KBPS, RENDITION_SAVER_KBPS } from '@platter/shared/constants';
import type { AudioAnalysis, RenditionSpec } from './media-engine.js';

export type RenditionKind = 'high' | 'saver';

export const RENDITIONS: Record<RenditionKind, RenditionSpec> = {
  high: { codec: 'mp3', bitrateKbps: RENDITION_HIGH_KBPS },
  saver: { codec: 'mp3', bitrateKbps: RENDITION_SAVER_KBPS },
};

/**
 * Which renditions a file needs. A lossless file gets both. A lossy one is never re-encoded at or
 * above its own bitrate (that adds bytes, not quality): it gets a rendition only where the
 * rendition is smaller than the original. A file whose bitrate is unknown is treated as large.
 */
export function plannedRenditions(analysis: Pick<AudioAnalysis, 'lossless' | 'bitrateKbps'>): RenditionKind[] {
  const { lossless, bitrateKbps } = analysis;
  return (Object.keys(RENDITIONS) as RenditionKind[]).filter(
    (kind) => lossless || bitrateKbps === null || bitrateKbps > RENDITIONS[kind].bitrateKbps,
  );
}
