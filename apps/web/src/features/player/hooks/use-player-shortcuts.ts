import { useEffect, useRef } from 'react';
import { commandForKey } from '../player-commands';
import { usePlayerStore } from '../player-store';
import { usePlayerUi } from '../player-ui-store';
import { useRunCommand } from './use-run-command';

/**
 * The keyboard shortcuts of the player commands, on the whole window. It listens in the bubble
 * phase, after every dialog, panel and field had its say, and takes only what none of them did
 * (see `commandForKey`): a key it does not take is left untouched, not prevented.
 */
export function usePlayerShortcuts() {
  const run = useRunCommand();
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  }, [run]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(event, { state: usePlayerStore.getState(), upNextOpen: usePlayerUi.getState().upNextOpen });
      if (!command) return;
      event.preventDefault();
      runRef.current(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
