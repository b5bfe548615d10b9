import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PlayerCommand } from '../player-commands';
import { usePlayerStore } from '../player-store';
import { usePlayerUi } from '../player-ui-store';

/** Runs a command with the current state, the router and the dialogs; the same for buttons and keys. */
export function useRunCommand(): (command: PlayerCommand) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (command: PlayerCommand) => {
      const store = usePlayerStore.getState();
      command.perform({
        state: store,
        dispatch: store.dispatch,
        location,
        navigate: (to) => void navigate(to),
        openShortcuts: () => usePlayerUi.getState().setShortcutsOpen(true),
        upNextOpen: usePlayerUi.getState().upNextOpen,
        closeUpNext: () => usePlayerUi.getState().setUpNextOpen(false),
      });
    },
    [navigate, location],
  );
}
