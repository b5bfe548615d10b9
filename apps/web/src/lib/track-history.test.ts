// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTrack } from '../testing/fixtures';
import {
  SESSION_HISTORY_KEY,
  TRACK_HISTORY_KEY,
  readSessionHistory,
  readTrackHistory,
  recordLocalHistory,
} from './track-history';
import { loadStoredTrackSchema } from './stored-tracks';

// Reading a stored list needs the shared trackSchema (lib/stored-tracks.ts; stored-tracks.test.ts
// covers reading before it is loaded).
beforeAll(() => loadStoredTrackSchema());

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('track history', () => {
  it('starts empty', () => {
    expect(readTrackHistory()).toEqual([]);
    expect(readSessionHistory()).toEqual([]);
  });

  it('keeps the newest first, once per id, at most 20', async () => {
    for (let i = 0; i < 25; i++) await recordLocalHistory(makeTrack({ id: `t${i}` }));
    await recordLocalHistory(makeTrack({ id: 't10' }));
    const ids = readTrackHistory().map((track) => track.id);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe('t10');
    expect(ids[1]).toBe('t24');
    expect(ids.filter((id) => id === 't10')).toHaveLength(1);
    expect(ids).not.toContain('t4');
  });

  it('the session history keeps at most 15, once per title', async () => {
    for (let i = 0; i < 20; i++) await recordLocalHistory(makeTrack({ id: `t${i}`, title: `Song ${i}` }));
    await recordLocalHistory(makeTrack({ id: 'other', title: 'Song 19' }));
    const session = readSessionHistory();
    expect(session).toHaveLength(15);
    expect(session[0]?.id).toBe('other');
    expect(session.filter((track) => track.title === 'Song 19')).toHaveLength(1);
    // Deduplicated by id in local storage, so both tracks titled 'Song 19' stay there.
    expect(readTrackHistory().filter((track) => track.title === 'Song 19')).toHaveLength(2);
  });

  it('reads unreadable or malformed data as empty and recovers on the next write', async () => {
    localStorage.setItem(TRACK_HISTORY_KEY, '{not json');
    sessionStorage.setItem(SESSION_HISTORY_KEY, JSON.stringify({ tracks: [] }));
    expect(readTrackHistory()).toEqual([]);
    expect(readSessionHistory()).toEqual([]);
    localStorage.setItem(TRACK_HISTORY_KEY, JSON.stringify([{ id: 1 }, makeTrack({ id: 'ok' }), null]));
    expect(readTrackHistory().map((track) => track.id)).toEqual(['ok']);
    await recordLocalHistory(makeTrack({ id: 'new' }));
    expect(readTrackHistory().map((track) => track.id)).toEqual(['new', 'ok']);
    expect(readSessionHistory().map((track) => track.id)).toEqual(['new']);
  });
});
