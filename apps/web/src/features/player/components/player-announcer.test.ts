import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { initialPlayerState, playerActions as a, playerReducer, type PlayerState } from '../player-reducer';
import { announcement } from './player-announcer';

/** Echoes the key and its values, so each case reads what would be said. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const tracks = ['a', 'b', 'c', 'd', 'e'].map((id) => makeTrack({ id, title: `Title ${id}`, artist: `Artist ${id}` }));
const playing = playerReducer(initialPlayerState, a.setList(tracks, 0));
const idOf = (state: PlayerState, index: number) => state.queue[index]!.entryId;

describe('announcement', () => {
  it('names the track that starts, and says play and pause', () => {
    expect(announcement(t, playing, initialPlayerState)).toBe('player.announce.nowPlaying {"title":"Title a","artist":"Artist a"}');
    const paused = playerReducer(playing, a.pause());
    expect(announcement(t, paused, playing)).toBe('player.announce.paused');
    expect(announcement(t, playerReducer(paused, a.play()), paused)).toBe('player.announce.playing');
    const next = playerReducer(playing, a.next());
    expect(announcement(t, next, playing)).toBe('player.announce.nowPlaying {"title":"Title b","artist":"Artist b"}');
  });

  it('says which entry moved where, which was removed, what was added and a cleared Up next', () => {
    const moved = playerReducer(playing, a.moveEntry(idOf(playing, 1), 3));
    expect(announcement(t, moved, playing)).toBe('player.announce.moved {"title":"Title b","position":3,"total":4}');
    const removed = playerReducer(playing, a.removeEntry(idOf(playing, 2)));
    expect(announcement(t, removed, playing)).toBe('player.announce.removed {"title":"Title c"}');
    const added = playerReducer(playing, a.enqueue([makeTrack({ id: 'f' })]));
    expect(announcement(t, added, playing)).toBe('player.announce.added {"count":1}');
    const cleared = playerReducer(playing, a.clearUpcoming());
    expect(announcement(t, cleared, playing)).toBe('player.announce.cleared');
  });

  it('stays quiet when nothing it speaks of changed', () => {
    expect(announcement(t, playerReducer(playing, a.timeUpdate(3)), playing)).toBeNull();
  });
});
