import type { Track } from '@platter/shared';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What a track row offers beyond playing (the '...' menu) and what it knows about the viewer
 * (whether they like the track). Provided by app/, which composes the features that act on
 * tracks; a list rendered without a provider shows no menu and no liked marks.
 */
export type RenderTrackActions = (track: Track) => ReactNode;

export interface TrackRowActions {
  render: RenderTrackActions;
  isLiked: (trackId: string) => boolean;
}

export const TrackRowActionsContext = createContext<TrackRowActions | null>(null);

export function TrackRowActionsProvider({ value, children }: { value: TrackRowActions; children: ReactNode }) {
  return <TrackRowActionsContext.Provider value={value}>{children}</TrackRowActionsContext.Provider>;
}

export function useTrackRowActions(): TrackRowActions | null {
  return useContext(TrackRowActionsContext);
}
