import { useEffect, useRef } from 'react';
import { commandForKey } from '../player-commands';
import { useRunCommand } from './use-run-command';

/** The keyboard shortcuts of the player commands, on the whole window. */
export function usePlayerShortcuts() {
  const run = useRunCommand();
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  }, [run]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      runRef.current(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
