import type { ParseKeys } from 'i18next';
import { paths } from '../../config/paths';
import { currentEntry, playerActions, type PlayerAction, type PlayerState } from './player-reducer';

/** Seconds the arrow keys (and the media keys' seek actions) jump. */
export const SEEK_STEP = 5;
/** How much ↑/↓ (and a notch of the mouse wheel on the volume slider) change the volume. */
export const VOLUME_STEP = 0.05;

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
  /** The player's Up Next panel: Escape closes it before anything else of the player. */
  upNextOpen: boolean;
  closeUpNext: () => void;
}

export type CommandId =
  | 'togglePlay'
  | 'seekBack'
  | 'seekForward'
  | 'previous'
  | 'next'
  | 'toggleRepeat'
  | 'toggleShuffle'
  | 'volumeUp'
  | 'volumeDown'
  | 'toggleMute'
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
  /**
   * Whether the key is the player's to take right now; when not, the key goes on to the page
   * untouched (not prevented). Without it, a matching key always is.
   */
  applies?: (context: Pick<CommandContext, 'state' | 'upNextOpen'>) => boolean;
}

const noModifier = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;
const plain = (event: KeyboardEvent) => noModifier(event) && !event.shiftKey;
const dispatching =
  (action: (state: PlayerState) => PlayerAction) =>
  ({ state, dispatch }: CommandContext) =>
    dispatch(action(state));

const hasTrack = ({ state }: Pick<CommandContext, 'state'>) => currentEntry(state) !== null;
/** Rounded to whole percent, so that steps land on 5 % marks and never drift. */
const stepVolume = (state: PlayerState, delta: number) =>
  playerActions.setVolume(Math.round(((state.muted ? 0 : state.volume) + delta) * 100) / 100);

/**
 * The shortcuts: Space (or K) play/pause; ←/→ seek 5 s; Shift+←/Shift+→ (or Shift+P/Shift+N)
 * previous/next; R repeat (off → all → one); S shuffle; ↑/↓ volume ±5 %; M mute; F full screen;
 * Escape closes Up Next or leaves full screen; / search; ? this list.
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
    label: (state) => ({ off: 'player.repeat', all: 'player.repeatAll', one: 'player.repeatOne' } as const)[state.repeat],
    keys: ['R'],
    perform: dispatching(playerActions.toggleRepeat),
    keyTest: (event) => plain(event) && event.key === 'r',
  },
  toggleShuffle: {
    id: 'toggleShuffle',
    label: () => 'player.shuffle',
    keys: ['S'],
    perform: dispatching(playerActions.toggleShuffle),
    keyTest: (event) => plain(event) && event.key === 's',
  },
  volumeUp: {
    id: 'volumeUp',
    label: () => 'player.volumeUp',
    keys: ['↑'],
    perform: dispatching((state) => stepVolume(state, VOLUME_STEP)),
    keyTest: (event) => plain(event) && event.key === 'ArrowUp',
    // Without a track the arrows keep scrolling the page.
    applies: hasTrack,
  },
  volumeDown: {
    id: 'volumeDown',
    label: () => 'player.volumeDown',
    keys: ['↓'],
    perform: dispatching((state) => stepVolume(state, -VOLUME_STEP)),
    keyTest: (event) => plain(event) && event.key === 'ArrowDown',
    applies: hasTrack,
  },
  toggleMute: {
    id: 'toggleMute',
    label: (state) => (state.muted ? 'player.unmute' : 'player.mute'),
    keys: ['M'],
    perform: dispatching(playerActions.toggleMute),
    keyTest: (event) => plain(event) && event.key === 'm',
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
    perform: ({ state, dispatch, upNextOpen, closeUpNext }) => {
      if (upNextOpen) closeUpNext();
      else if (state.fullScreen) dispatch(playerActions.toggleFullScreen());
    },
    keyTest: (event) => plain(event) && event.key === 'Escape',
    // Escape is the player's only for its own layers; otherwise it stays with the page.
    applies: ({ state, upNextOpen }) => upNextOpen || state.fullScreen,
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
/** These move with the arrow keys themselves. */
const ARROW_TARGETS =
  '[role="slider"], [role="listbox"], [role="option"], [role="menu"], [role="menuitem"], [role="tablist"], [role="tab"], [role="radiogroup"], [role="radio"], [role="grid"], [role="tree"], audio, video';
/** While one of these is open, the page behind it hears no shortcut. */
const MODAL_OPEN = 'dialog[open], [aria-modal="true"]';

/**
 * The command a key press means, or null when the press is not the player's: already handled
 * (default prevented), typed while a modal dialog is open, belonging to what has focus (typing, a
 * focused button's Space, a slider's arrows), or not applying now (Escape with no player layer open).
 */
export function commandForKey(event: KeyboardEvent, context: Pick<CommandContext, 'state' | 'upNextOpen'>): PlayerCommand | null {
  if (event.defaultPrevented || event.isComposing) return null;
  const target = event.target;
  if (target instanceof Element) {
    if (target.closest(TYPING_TARGETS)) return null;
    if (target.closest(ACTIVATING_TARGETS) && (event.key === ' ' || event.key === 'Enter')) return null;
    if (target.closest(ARROW_TARGETS) && event.key.startsWith('Arrow')) return null;
  }
  if (typeof document !== 'undefined' && document.querySelector(MODAL_OPEN)) return null;
  const command = commandList.find((candidate) => candidate.keyTest(event));
  if (!command || (command.applies && !command.applies(context))) return null;
  return command;
}
