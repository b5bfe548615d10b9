// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTrack } from '../testing/fixtures';
import { canCheckStoredTracks } from './stored-tracks';
import { TRACK_HISTORY_KEY, loadTrackHistory, readTrackHistory, recordLocalHistory } from './track-history';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

// One file, one module state: these run in order, from a first visit (nothing stored, no schema) on.
describe('tracks kept in storage', () => {
  it('on a first visit, with nothing stored, reads empty lists without loading the schemas', async () => {
    await loadTrackHistory();
    expect(readTrackHistory()).toEqual([]);
    expect(canCheckStoredTracks()).toBe(false);
  });

  it('refuses to read a stored list unchecked, and reads it once the schema is loaded', async () => {
    localStorage.setItem(TRACK_HISTORY_KEY, JSON.stringify([makeTrack({ id: 'kept' }), { id: 42 }]));
    expect(() => readTrackHistory()).toThrow(/loadStoredTrackSchema/);
    await loadTrackHistory();
    expect(canCheckStoredTracks()).toBe(true);
    expect(readTrackHistory().map((track) => track.id)).toEqual(['kept']);
  });

  it('keeps what was stored when a new play is recorded', async () => {
    localStorage.setItem(TRACK_HISTORY_KEY, JSON.stringify([makeTrack({ id: 'old' })]));
    await recordLocalHistory(makeTrack({ id: 'new' }));
    expect(readTrackHistory().map((track) => track.id)).toEqual(['new', 'old']);
  });

});
