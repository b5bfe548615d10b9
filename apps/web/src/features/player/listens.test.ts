// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSessionHistory, readTrackHistory } from '../../lib/track-history';
import { makeTrack } from '../../testing/fixtures';
import { connectListens } from './listens';
import { playerActions as a } from './player-reducer';
import { createPlayerStore } from './player-store';

const tracks = [makeTrack({ id: 't1' }), makeTrack({ id: 't2' })];

function setup(signedIn: boolean) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body = url.endsWith('/listens') ? { trackId: 't', counted: true, listens: 1 } : null;
      return Promise.resolve(new Response(body ? JSON.stringify(body) : null, { status: body ? 200 : 204 }));
    }),
  );
  const store = createPlayerStore();
  const disconnect = connectListens(store, { isSignedIn: () => signedIn });
  const posted = () => calls.map((call) => `${call.url}${call.body ? ` ${JSON.stringify(call.body)}` : ''}`);
  return { store, dispatch: store.getState().dispatch, posted, disconnect };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('connectListens (the listen rule)', () => {
  it('counts one listen per start, not on resume after pause or a seek', () => {
    const { dispatch, posted } = setup(false);
    dispatch(a.setList(tracks, 0));
    expect(posted()).toEqual([]);
    dispatch(a.playing());
    dispatch(a.pause());
    dispatch(a.paused());
    dispatch(a.play());
    dispatch(a.playing());
    dispatch(a.seek(30));
    expect(posted()).toEqual(['/api/tracks/t1/listens']);
    dispatch(a.next());
    dispatch(a.playing());
    expect(posted()).toEqual(['/api/tracks/t1/listens', '/api/tracks/t2/listens']);
  });

  it('a restart by repeat or an advance counts again', () => {
    const { dispatch, posted } = setup(false);
    dispatch(a.setList(tracks, 0));
    dispatch(a.toggleRepeat());
    dispatch(a.playing());
    dispatch(a.ended());
    dispatch(a.playing());
    dispatch(a.toggleRepeat());
    dispatch(a.advanced('nope'));
    dispatch(a.ended());
    dispatch(a.playing());
    expect(posted()).toEqual(['/api/tracks/t1/listens', '/api/tracks/t1/listens', '/api/tracks/t2/listens']);
  });

  it('a start that never played is not counted', () => {
    const { dispatch, posted } = setup(false);
    dispatch(a.setList(tracks, 0));
    dispatch(a.next());
    dispatch(a.playing());
    expect(posted()).toEqual(['/api/tracks/t2/listens']);
  });

  it('signed in, it also records the server history; both histories are written locally', () => {
    const { dispatch, posted } = setup(true);
    dispatch(a.setList(tracks, 1));
    dispatch(a.playing());
    expect(posted()).toEqual(['/api/tracks/t2/listens', '/api/me/history {"trackId":"t2"}']);
    expect(readTrackHistory().map((track) => track.id)).toEqual(['t2']);
    expect(readSessionHistory().map((track) => track.id)).toEqual(['t2']);
  });

  it('stops after disconnect', () => {
    const { dispatch, posted, disconnect } = setup(false);
    disconnect();
    dispatch(a.setList(tracks, 0));
    dispatch(a.playing());
    expect(posted()).toEqual([]);
  });
});
