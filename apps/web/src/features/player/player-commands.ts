import type { ParseKeys } from 'i18next';
import { playerActions, type PlayerAction, type PlayerState } from './player-reducer';

/**
 * A user command, shared by its button and its keyboard shortcut so they can never drift apart.
 * `label` may depend on the state (Play vs Pause).
 */
export interface PlayerCommand {
  id: 'togglePlay' | 'previous' | 'next' | 'toggleRepeat' | 'toggleFullScreen';
  label: (state: PlayerState) => ParseKeys;
  action: () => PlayerAction;
  keyTest: (event: KeyboardEvent) => boolean;
}

const plain = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;

export const playerCommands = {
  togglePlay: {
    id: 'togglePlay',
    label: (state) => (state.wantsToPlay ? 'player.pause' : 'player.play'),
    action: playerActions.togglePlay,
    keyTest: (event) => plain(event) && !event.shiftKey && (event.code === 'Space' || event.key === 'k'),
  },
  previous: {
    id: 'previous',
    label: () => 'player.previous',
    action: playerActions.previous,
    keyTest: (event) => plain(event) && event.shiftKey && event.key.toLowerCase() === 'p',
  },
  next: {
    id: 'next',
    label: () => 'player.next',
    action: playerActions.next,
    keyTest: (event) => plain(event) && event.shiftKey && event.key.toLowerCase() === 'n',
  },
  toggleRepeat: {
    id: 'toggleRepeat',
    label: () => 'player.repeat',
    action: playerActions.toggleRepeat,
    keyTest: (event) => plain(event) && !event.shiftKey && event.key === 'r',
  },
  toggleFullScreen: {
    id: 'toggleFullScreen',
    label: (state) => (state.fullScreen ? 'player.exitFullScreen' : 'player.fullScreen'),
    action: playerActions.toggleFullScreen,
    keyTest: (event) => plain(event) && !event.shiftKey && event.key === 'f',
  },
} satisfies Record<PlayerCommand['id'], PlayerCommand>;

const TYPING_TARGETS = 'input, textarea, select, button, a, [contenteditable="true"], [role="slider"]';

/** The command a key press means, unless the press belongs to a control that has focus. */
export function commandForKey(event: KeyboardEvent): PlayerCommand | null {
  const target = event.target;
  if (target instanceof Element && target.closest(TYPING_TARGETS)) return null;
  return Object.values(playerCommands).find((command) => command.keyTest(event)) ?? null;
}
