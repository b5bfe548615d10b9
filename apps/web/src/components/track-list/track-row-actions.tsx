import type { Track } from '@platter/shared';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What a track row offers beyond playing (the '...' menu). Provided by app/, which composes the
 * features that act on tracks; a list rendered without a provider shows no menu.
 */
export type RenderTrackActions = (track: Track) => ReactNode;

export const TrackRowActionsContext = createContext<RenderTrackActions | null>(null);

export function TrackRowActionsProvider({ render, children }: { render: RenderTrackActions; children: ReactNode }) {
  return <TrackRowActionsContext.Provider value={render}>{children}</TrackRowActionsContext.Provider>;
}

export function useTrackRowActions(): RenderTrackActions | null {
  return useContext(TrackRowActionsContext);
}
