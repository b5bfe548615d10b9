import { timingSafeEqual } from 'node:crypto';

/** Who performs an action. Services check permissions against it; the admin role comes from ADMIN_EMAILS. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** Whether the actor owns the thing or is an admin: the rule for deleting and moderating. */
export const ownsOrAdmin = (actor: Actor, ownerId: string): boolean => actor.isAdmin || actor.id === ownerId;

/** What the access rule reads of a track row (visibility columns: migration track-visibility). */
export interface TrackAccess {
  hidden: number;
  artist_id: string;
  moderated?: number;
  /** Its owner is suspended: no secret link opens it. */
  suspended?: number;
  visibility?: string;
  secret?: string | null;
}

/** Whether `given` is the track's unlisted secret (compared in constant time). */
export function secretMatches(track: Pick<TrackAccess, 'secret'>, given: string | undefined): boolean {
  if (!given || !track.secret) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(track.secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the viewer may see a track: visible (public, not moderated) ones to everyone; moderated
 * and private ones to their owner and admins; unlisted ones also to whoever presents the secret.
 */
export const canSeeTrack = (track: TrackAccess, viewer: Actor | undefined, secret?: string): boolean =>
  !track.hidden ||
  (viewer !== undefined && ownsOrAdmin(viewer, track.artist_id)) ||
  (!track.moderated && !track.suspended && track.visibility === 'unlisted' && secretMatches(track, secret));
