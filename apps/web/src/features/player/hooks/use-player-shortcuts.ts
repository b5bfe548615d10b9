import { useEffect } from 'react';
import { commandForKey } from '../player-commands';
import { usePlayerStore } from '../player-store';

export function usePlayerShortcuts() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      usePlayerStore.getState().dispatch(command.action());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
