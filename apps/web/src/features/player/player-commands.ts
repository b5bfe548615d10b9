import type { ParseKeys } from 'i18next';
import { paths } from '../../config/paths';
import { playerActions, type PlayerAction, type PlayerState } from './player-reducer';

/** Seconds the arrow keys (and the media keys' seek actions) jump. */
export const SEEK_STEP = 5;

/** The window event the search tab listens for to focus its input (`/`). */
export const FOCUS_SEARCH_EVENT = 'platter:focus-search';

/** What a command may touch when it runs. */
export interface CommandContext {
  state: PlayerState;
  dispatch: (action: PlayerAction) => void;
  /** The current location as path + search, and a way to go elsewhere. */
  location: { pathname: string; search: string };
  navigate: (to: string) => void;
  openShortcuts: () => void;
}

export type CommandId =
  | 'togglePlay'
  | 'seekBack'
  | 'seekForward'
  | 'previous'
  | 'next'
  | 'toggleRepeat'
  | 'toggleFullScreen'
  | 'exitFullScreen'
  | 'focusSearch'
  | 'showShortcuts';

/**
 * A user command: one object used by its button, its keyboard shortcut, the media keys and the
 * shortcuts help dialog alike, so they can never drift apart. `label` may depend on the state
 * (Play vs Pause); `keys` is how the help dialog shows the shortcut (i18n keys in braces).
 */
export interface PlayerCommand {
  id: CommandId;
  label: (state: PlayerState) => ParseKeys;
  keys: readonly string[];
  perform: (context: CommandContext) => void;
  keyTest: (event: KeyboardEvent) => boolean;
}

const noModifier = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;
const plain = (event: KeyboardEvent) => noModifier(event) && !event.shiftKey;
const dispatching =
  (action: (state: PlayerState) => PlayerAction) =>
  ({ state, dispatch }: CommandContext) =>
    dispatch(action(state));

/**
 * The shortcuts: Space (or K) play/pause; ←/→ seek 5 s; Shift+←/Shift+→ (or Shift+P/Shift+N)
 * previous/next; R repeat; F full screen; Escape leaves it; / search; ? this list.
 */
export const playerCommands = {
  togglePlay: {
    id: 'togglePlay',
    label: (state) => (state.wantsToPlay ? 'player.pause' : 'player.play'),
    keys: ['{shortcuts.space}', 'K'],
    perform: dispatching(playerActions.togglePlay),
    keyTest: (event) => plain(event) && (event.code === 'Space' || event.key === ' ' || event.key === 'k'),
  },
  seekBack: {
    id: 'seekBack',
    label: () => 'player.seekBack',
    keys: ['←'],
    perform: dispatching((state) => playerActions.seek(state.position - SEEK_STEP)),
    keyTest: (event) => plain(event) && event.key === 'ArrowLeft',
  },
  seekForward: {
    id: 'seekForward',
    label: () => 'player.seekForward',
    keys: ['→'],
    perform: dispatching((state) => playerActions.seek(state.position + SEEK_STEP)),
    keyTest: (event) => plain(event) && event.key === 'ArrowRight',
  },
  previous: {
    id: 'previous',
    label: () => 'player.previous',
    keys: ['Shift + ←', 'Shift + P'],
    perform: dispatching(playerActions.previous),
    keyTest: (event) => noModifier(event) && event.shiftKey && (event.key === 'ArrowLeft' || event.key.toLowerCase() === 'p'),
  },
  next: {
    id: 'next',
    label: () => 'player.next',
    keys: ['Shift + →', 'Shift + N'],
    perform: dispatching(playerActions.next),
    keyTest: (event) => noModifier(event) && event.shiftKey && (event.key === 'ArrowRight' || event.key.toLowerCase() === 'n'),
  },
  toggleRepeat: {
    id: 'toggleRepeat',
    label: () => 'player.repeat',
    keys: ['R'],
    perform: dispatching(playerActions.toggleRepeat),
    keyTest: (event) => plain(event) && event.key === 'r',
  },
  toggleFullScreen: {
    id: 'toggleFullScreen',
    label: (state) => (state.fullScreen ? 'player.exitFullScreen' : 'player.fullScreen'),
    keys: ['F'],
    perform: dispatching(playerActions.toggleFullScreen),
    keyTest: (event) => plain(event) && event.key === 'f',
  },
  exitFullScreen: {
    id: 'exitFullScreen',
    label: () => 'player.exitFullScreen',
    keys: ['Esc'],
    perform: ({ state, dispatch }) => {
      if (state.fullScreen) dispatch(playerActions.toggleFullScreen());
    },
    keyTest: (event) => plain(event) && event.key === 'Escape',
  },
  focusSearch: {
    id: 'focusSearch',
    label: () => 'player.focusSearch',
    keys: ['/'],
    perform: ({ location, navigate }) => {
      const searchHref = paths.home.getHref('search');
      const onSearchTab = location.pathname === paths.home.path && new URLSearchParams(location.search).get('tab') === 'search';
      const focus = () => window.dispatchEvent(new CustomEvent(FOCUS_SEARCH_EVENT));
      if (onSearchTab) {
        focus();
        return;
      }
      navigate(searchHref);
      // Once the search tab has rendered (it may also focus its input by itself).
      setTimeout(focus, 50);
    },
    keyTest: (event) => noModifier(event) && event.key === '/',
  },
  showShortcuts: {
    id: 'showShortcuts',
    label: () => 'player.showShortcuts',
    keys: ['?'],
    perform: ({ openShortcuts }) => openShortcuts(),
    keyTest: (event) => noModifier(event) && event.key === '?',
  },
} satisfies Record<CommandId, PlayerCommand>;

/** In the order the help dialog lists them. */
export const commandList: readonly PlayerCommand[] = Object.values(playerCommands);

/** While one of these has focus, every key is the listener's typing. */
const TYPING_TARGETS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), dialog';
/** These act on Space and Enter themselves (a focused Play button must not toggle twice). */
const ACTIVATING_TARGETS = 'button, a[href], summary, [role="button"], [role="slider"], [role="option"]';

/** The command a key press means, unless the press belongs to what has focus. */
export function commandForKey(event: KeyboardEvent): PlayerCommand | null {
  const target = event.target;
  if (target instanceof Element) {
    if (target.closest(TYPING_TARGETS)) return null;
    if (target.closest(ACTIVATING_TARGETS) && (event.key === ' ' || event.key === 'Enter')) return null;
  }
  return commandList.find((command) => command.keyTest(event)) ?? null;
}
