/** Who performs an action. Services check permissions against it; the admin role comes from ADMIN_EMAILS. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** Whether the actor owns the thing or is an admin: the rule for deleting and moderating. */
export const ownsOrAdmin = (actor: Actor, ownerId: string): boolean => actor.isAdmin || actor.id === ownerId;

/** Whether the viewer may see a track: visible ones to everyone, hidden ones to their owner and admins. */
export const canSeeTrack = (track: { hidden: number; artist_id: string }, viewer: Actor | undefined): boolean =>
  !track.hidden || (viewer !== undefined && ownsOrAdmin(viewer, track.artist_id));
