import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { BadRequestError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { SubsonicRepository } from '../repositories/subsonic.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackWithArtist } from '../repositories/track-query.js';
import { orderByIds } from './engagement.service.js';

/** The most tracks a saved queue keeps. */
export const PLAY_QUEUE_MAX_TRACKS = 1000;

export interface PlayQueue {
  /** The visible tracks of the queue, in order (hidden or deleted ones are left out). */
  tracks: TrackWithArtist[];
  currentId: string | null;
  positionMs: number;
  changedBy: string;
  updatedAt: string;
}

export interface SavePlayQueue {
  trackIds: string[];
  currentId?: string;
  positionMs?: number;
  /** The device or app that saved it ("Symfonium", "Firefox on Linux"), shown as "Continue from …". */
  changedBy: string;
}

/**
 * A signed-in user's play queue kept on the server, one per user: what OpenSubsonic's
 * getPlayQueue / savePlayQueue read and write, and what the web player shares to continue on
 * another device. Tracks are kept as ids and read back through the visibility rule (hidden ones
 * drop out for everyone but the queue keeps its order).
 */
export class PlayQueueService {
  constructor(private readonly deps: { db: Kysely<Database>; repository: SubsonicRepository; tracks: Pick<TrackRowsRepository, 'getManyVisible'> }) {}

  async get(userId: string): Promise<PlayQueue | undefined> {
    const row = await this.deps.repository.playQueue(userId);
    if (!row) return undefined;
    const ids = parseIds(row.track_ids);
    const tracks = orderByIds(ids, await this.deps.tracks.getManyVisible(ids));
    const current = row.current_id && tracks.some((t) => t.id === row.current_id) ? row.current_id : null;
    return { tracks, currentId: current, positionMs: current ? row.position_ms : 0, changedBy: row.changed_by, updatedAt: row.updated_at };
  }

  /** Saves the queue (an empty one clears it). The current track must be one of the queue's. Returns when it was saved (null: cleared). */
  async save(userId: string, input: SavePlayQueue): Promise<string | null> {
    const { trackIds, currentId, positionMs = 0, changedBy } = input;
    if (trackIds.length > PLAY_QUEUE_MAX_TRACKS) throw new BadRequestError(`A saved queue holds at most ${PLAY_QUEUE_MAX_TRACKS} tracks.`, 'queue_too_long');
    if (trackIds.some((id) => id.length === 0 || id.length > 100)) throw new BadRequestError('A track id is empty or too long.', 'invalid_track_id');
    if (!Number.isSafeInteger(positionMs) || positionMs < 0) throw new BadRequestError('The position is a whole number of milliseconds, 0 or more.', 'invalid_position');
    if (currentId !== undefined && !trackIds.includes(currentId)) throw new BadRequestError('The current track must be one of the queue’s tracks.', 'current_not_in_queue');
    if (trackIds.length === 0) {
      await this.deps.repository.clearPlayQueue(userId);
      return null;
    }
    const at = nowIso();
    await this.deps.repository.savePlayQueue({
      user_id: userId,
      track_ids: JSON.stringify(trackIds),
      current_id: currentId ?? null,
      position_ms: positionMs,
      changed_by: changedBy.slice(0, 100) || 'unknown',
      updated_at: at,
    });
    return at;
  }
}

function parseIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
