import { describe, expect, it } from 'vitest';
import { cleanPlaylistName, moveEntry } from './reorder';

describe('moveEntry', () => {
  it('moves one place up or down', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('stays within bounds', () => {
    expect(moveEntry(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveEntry(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveEntry(['a'], 5, 1)).toEqual(['a']);
  });
});

describe('cleanPlaylistName', () => {
  it('trims, and refuses a blank name', () => {
    expect(cleanPlaylistName('  Road trip ')).toBe('Road trip');
    expect(cleanPlaylistName('   ')).toBeNull();
    expect(cleanPlaylistName('')).toBeNull();
  });
});
