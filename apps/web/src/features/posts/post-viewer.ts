/** Who looks at a post: what the card offers depends on it (signed out: read only). */
export interface PostViewer {
  /** The signed-in user's id; null when signed out. */
  id: string | null;
  isAdmin: boolean;
}

export const SIGNED_OUT_VIEWER: PostViewer = { id: null, isAdmin: false };
