import { describe, expect, it } from 'vitest';
import { parseHomeTab } from './home-tabs';

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
