// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { canCheckStoredTracks } from '../../lib/stored-tracks';
import { makeTrack } from '../../testing/fixtures';
import { SAVED_TRACKS_KEY, loadSavedTracks, readSavedTracks } from './saved-tracks';

beforeEach(() => localStorage.clear());

// One file, one module state: these run in order, from a first visit (nothing saved, no schema) on.
describe('the saved-for-offline list in storage', () => {
  it('on a first visit, with nothing saved, reads an empty list without loading the schemas', async () => {
    await loadSavedTracks();
    expect(readSavedTracks()).toEqual([]);
    expect(canCheckStoredTracks()).toBe(false);
  });

  it('checks a saved list with the shared trackSchema once it is loaded, dropping what does not fit', async () => {
    const good = { track: makeTrack({ id: 's' }), size: 10, savedAt: '2026-11-26T00:00:00.000Z' };
    localStorage.setItem(SAVED_TRACKS_KEY, JSON.stringify([good, { track: { id: 1 }, size: 1, savedAt: 'x' }]));
    expect(() => readSavedTracks()).toThrow(/loadStoredTrackSchema/);
    await loadSavedTracks();
    expect(readSavedTracks().map((item) => item.track.id)).toEqual(['s']);
  });
});
