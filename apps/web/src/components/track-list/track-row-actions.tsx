import type { Track } from '@platter/shared';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What a track row offers beyond playing (the '...' menu, the like toggle) and what it knows about
 * the viewer (whether they like the track). Provided by app/, which composes the features that act
 * on tracks; a list rendered without a provider shows no menu, no liked marks and a plain like count.
 */
export type RenderTrackActions = (track: Track) => ReactNode;

export interface TrackRowActions {
  render: RenderTrackActions;
  isLiked: (trackId: string) => boolean;
  /**
   * Likes the track when the viewer does not, unlikes it otherwise (signed out, the provider answers
   * as the '...' sheet's Like does). Without it the heart is only a count.
   */
  toggleLike?: (track: Track) => void;
  /** The like being sent for this track (true: liking, false: unliking), else null: the count follows it until the server's arrives. */
  pendingLike?: (trackId: string) => boolean | null;
}

export const TrackRowActionsContext = createContext<TrackRowActions | null>(null);

export function TrackRowActionsProvider({ value, children }: { value: TrackRowActions; children: ReactNode }) {
  return <TrackRowActionsContext.Provider value={value}>{children}</TrackRowActionsContext.Provider>;
}

export function useTrackRowActions(): TrackRowActions | null {
  return useContext(TrackRowActionsContext);
}
