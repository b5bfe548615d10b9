/** The window event the player's `/` shortcut dispatches to focus the search input. */
export const FOCUS_SEARCH_EVENT = 'platter:focus-search';

/**
 * Set when focus was asked for while the search tab was not on screen; the search input takes
 * it when it mounts.
 */
let pendingFocus = false;

export function requestSearchFocus(): void {
  pendingFocus = true;
}

export function takeSearchFocusRequest(): boolean {
  const pending = pendingFocus;
  pendingFocus = false;
  return pending;
}
