import { z } from 'zod';

/* Remote control: a signed-in listener's open players see each other and one steers another, over the live event stream. */

export const REMOTE_COMMANDS = ['play', 'pause', 'next', 'previous', 'seek', 'volume'] as const;

const deviceId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'deviceId must be this player’s id (8–64 letters, digits, - or _)');

/** What a player says of itself: which track, where, playing or not, how loud. */
export const remoteStateSchema = z.object({
  trackId: z.string().max(100).nullable(),
  title: z.string().max(300).nullable(),
  artist: z.string().max(300).nullable(),
  positionSec: z.number().min(0).max(86_400),
  durationSec: z.number().min(0).max(86_400).nullable(),
  playing: z.boolean(),
  volume: z.number().min(0).max(1),
  /** The browser there waits for a tap on its page before it plays sound (autoplay policy). */
  blocked: z.boolean().optional(),
});
export type RemoteState = z.infer<typeof remoteStateSchema>;

/**
 * POST /api/me/remote: a player announces itself (`state`), asks the others to (`hello`), steers one
 * (`command`), or continues here what another plays: `takeover` asks whichever plays to stop, and
 * each that stopped answers the taker with a `handover` (where it stopped, its queue saved first).
 */
export const remoteMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('state'), deviceId, name: z.string().trim().min(1).max(100), state: remoteStateSchema }),
  z.object({ kind: z.literal('hello'), deviceId }),
  z.object({
    kind: z.literal('command'),
    deviceId,
    targetDeviceId: deviceId,
    command: z.enum(REMOTE_COMMANDS, { message: `command must be one of ${REMOTE_COMMANDS.join(', ')}` }),
    /** Seconds for seek, 0–1 for volume. */
    value: z.number().min(0).max(86_400).optional(),
  }),
  z.object({ kind: z.literal('takeover'), deviceId }),
  z.object({ kind: z.literal('handover'), deviceId, targetDeviceId: deviceId, state: remoteStateSchema }),
]);
export type RemoteMessage = z.infer<typeof remoteMessageSchema>;

/** Live events (only to the signed-in user's own streams). */
export type RemoteLiveEvent =
  | { type: 'remote.state'; deviceId: string; name: string; state: RemoteState; at: string }
  | { type: 'remote.hello'; deviceId: string }
  | { type: 'remote.command'; deviceId: string; targetDeviceId: string; command: (typeof REMOTE_COMMANDS)[number]; value?: number }
  | { type: 'remote.takeover'; deviceId: string }
  | { type: 'remote.handover'; deviceId: string; targetDeviceId: string; state: RemoteState };
