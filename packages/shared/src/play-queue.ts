import { z } from 'zod';
import { trackSchema } from './schemas.js';

/* The play queue kept on the server, to continue on another device */

export const PLAY_QUEUE_MAX_TRACKS = 1000;

/** PUT /api/me/play-queue: this device's queue, current track and position. */
export const savePlayQueueSchema = z.object({
  trackIds: z.array(z.string().min(1).max(100)).max(PLAY_QUEUE_MAX_TRACKS, `A saved queue holds at most ${PLAY_QUEUE_MAX_TRACKS} tracks`),
  currentId: z.string().min(1).max(100).optional(),
  positionMs: z.number().int().min(0).max(86_400_000).optional(),
  /** This device as the other devices name it: "Chrome on Linux". */
  device: z.string().trim().min(1, 'Name the device').max(100),
});
export type SavePlayQueue = z.infer<typeof savePlayQueueSchema>;

export const savedPlayQueueSchema = z.object({ updatedAt: z.string().nullable() });

/** GET /api/me/play-queue: the last saved queue (by any device or Subsonic app), or null. */
export const playQueueStateSchema = z.object({
  queue: z
    .object({
      tracks: z.array(trackSchema),
      currentId: z.string().nullable(),
      positionMs: z.number().int(),
      changedBy: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type PlayQueueState = z.infer<typeof playQueueStateSchema>;
