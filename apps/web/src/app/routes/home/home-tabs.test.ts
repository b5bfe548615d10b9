import { describe, expect, it } from 'vitest';
import { BOTTOM_NAV } from '../../../components/layout/bottom-nav';
import { HOME_TABS } from '../../../config/paths';
import { destinationOf, LIBRARY_TABS, libraryTabOf, parseHomeTab } from './home-tabs';

describe('parseHomeTab', () => {
  it('reads every known tab, and none as home', () => {
    expect(parseHomeTab(new URLSearchParams())).toBe('home');
    for (const tab of ['search', 'playlists', 'playlists-details', 'liked', 'history', 'menu', 'news'])
      expect(parseHomeTab(new URLSearchParams({ tab }))).toBe(tab);
  });

  it('gives null for an unknown tab, which shows "under development"', () => {
    expect(parseHomeTab(new URLSearchParams('tab=radio'))).toBeNull();
  });
});

describe('the bottom navigation', () => {
  it('reaches every sidebar tab: directly, or through Library', () => {
    for (const tab of HOME_TABS) {
      const direct = (BOTTOM_NAV as readonly string[]).includes(tab);
      const inLibrary = (LIBRARY_TABS as readonly string[]).includes(tab);
      expect(direct !== inLibrary, tab).toBe(true);
    }
  });

  it('marks Library current on its tabs and on a playlist, nothing on admin or an unknown tab', () => {
    expect(destinationOf('home')).toBe('home');
    expect(destinationOf('menu')).toBe('menu');
    for (const tab of ['playlists', 'playlists-details', 'liked', 'history', 'saved'] as const) expect(destinationOf(tab)).toBe('library');
    expect(libraryTabOf('playlists-details')).toBe('playlists');
    expect(libraryTabOf('news')).toBeNull();
    expect(destinationOf('admin')).toBeNull();
    expect(destinationOf(null)).toBeNull();
  });
});
