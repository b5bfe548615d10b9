import type { Track } from '@platter/shared';
import { loadContracts, type Contracts } from './contracts';

/**
 * Tracks kept in the browser's storage (the local history, the saved-for-offline list) are checked
 * with the shared trackSchema when read back, so a stored copy from an older version or a damaged
 * entry is dropped rather than breaking a screen. The schema is on the page only once something
 * stored has to be read: a first visit, with nothing stored, never loads zod (lib/contracts.ts).
 */
let trackSchema: Contracts['trackSchema'] | null = null;
let loading: Promise<void> | undefined;

/** Loads the schema (once); readers that found something stored wait for it. */
export function loadStoredTrackSchema(): Promise<void> {
  return (loading ??= loadContracts().then((contracts) => {
    trackSchema = contracts.trackSchema;
  }));
}

/** Whether stored tracks can be checked now (loadStoredTrackSchema has finished). */
export function canCheckStoredTracks(): boolean {
  return trackSchema !== null;
}

/** The track `value` holds if it fits the schema; throws if the schema is not loaded yet. */
export function storedTrack(value: unknown): Track | undefined {
  if (!trackSchema) throw new Error('stored tracks are read before loadStoredTrackSchema() has finished');
  const parsed = trackSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
