import { describe, expect, it } from 'vitest';
import { cleanPlaylistName } from './playlist-name';

describe('cleanPlaylistName', () => {
  it('trims, and refuses a blank name', () => {
    expect(cleanPlaylistName('  Road trip ')).toBe('Road trip');
    expect(cleanPlaylistName('   ')).toBeNull();
    expect(cleanPlaylistName('')).toBeNull();
  });
});
