import type { TrackCatalogueRepository } from './track-catalogue.repository.js';
import type { TrackLifecycleRepository } from './track-lifecycle.repository.js';
import type { TrackRowsRepository } from './track-rows.repository.js';

/** A class's public methods and fields alone (its private ones would make an intersection `never`). */
type PublicOf<T> = { [K in keyof T]: T[K] };

/**
 * Every part of the track repository as one object: the catalogue, the rows and the lifecycle.
 * Services take the part (or the few methods) they use; this whole is for tests and for wiring that
 * has not moved to the parts yet.
 */
export type TrackRepository = PublicOf<TrackCatalogueRepository> & PublicOf<TrackRowsRepository> & PublicOf<TrackLifecycleRepository>;

/**
 * The parts' methods in one object, each bound to its part (so a call runs on the part's own
 * instance). Two parts naming a method alike would leave one of them unreachable, so that fails
 * at start instead.
 */
export function allTrackParts(parts: { catalogue: TrackCatalogueRepository; rows: TrackRowsRepository; lifecycle: TrackLifecycleRepository }): TrackRepository {
  const whole: Record<string, unknown> = {};
  for (const part of [parts.catalogue, parts.rows, parts.lifecycle]) {
    for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(part))) {
      const method: unknown = (part as unknown as Record<string, unknown>)[name];
      if (name === 'constructor' || typeof method !== 'function') continue;
      if (name in whole) throw new Error(`Two track repository parts both define ${name}()`);
      whole[name] = method.bind(part);
    }
  }
  return whole as TrackRepository;
}
