/** Who performs an action. Services check permissions against it; the admin role comes from ADMIN_EMAILS. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** Whether the actor owns the thing or is an admin: the rule for deleting and moderating. */
export const ownsOrAdmin = (actor: Actor, ownerId: string): boolean => actor.isAdmin || actor.id === ownerId;
