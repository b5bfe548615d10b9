import { BOTTOM_NAV, type BottomNavDestination } from '../../../components/layout/bottom-nav';
import { HOME_TAB_IDS, type HomeTab, type HomeTabId } from '../../../config/paths';

/** `?tab=` of /home: no tab is the home tab; an unknown one is null ('under development'). */
export function parseHomeTab(search: URLSearchParams): HomeTabId | null {
  const tab = search.get('tab');
  if (tab === null || tab === '') return 'home';
  return HOME_TAB_IDS.includes(tab as HomeTabId) ? (tab as HomeTabId) : null;
}

/** The listener's own collections, gathered under one Library destination on narrow screens. */
export const LIBRARY_TABS = ['playlists', 'liked', 'history', 'saved'] as const satisfies readonly HomeTab[];
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** The Library tab a tab belongs to (a playlist's details are part of Playlists), or null. */
export function libraryTabOf(tab: HomeTabId | null): LibraryTab | null {
  if (tab === 'playlists-details') return 'playlists';
  return LIBRARY_TABS.includes(tab as LibraryTab) ? (tab as LibraryTab) : null;
}

/** Which bottom-navigation destination is current on a tab (none for admin or an unknown tab). */
export function destinationOf(tab: HomeTabId | null): BottomNavDestination | null {
  if (libraryTabOf(tab)) return 'library';
  return BOTTOM_NAV.includes(tab as BottomNavDestination) ? (tab as BottomNavDestination) : null;
}
