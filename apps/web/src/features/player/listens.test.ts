// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACK_HISTORY_KEY, loadTrackHistory, readSessionHistory, readTrackHistory } from '../../lib/track-history';
import { makeTrack } from '../../testing/fixtures';
import { enqueueListen, readListenQueue } from './listen-queue';
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
    dispatch(a.setRepeat('one'));
    dispatch(a.playing());
    dispatch(a.ended());
    dispatch(a.playing());
    dispatch(a.setRepeat('off'));
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

  it('signed in, it also records the server history and says what plays now; both histories are written locally', async () => {
    const { dispatch, posted } = setup(true);
    dispatch(a.setList(tracks, 1));
    dispatch(a.playing());
    expect(posted()).toEqual(['/api/tracks/t2/listens', '/api/me/history {"trackId":"t2"}', '/api/me/now-playing {"trackId":"t2"}']);
    await vi.waitFor(() => expect(localStorage.getItem(TRACK_HISTORY_KEY)).toContain('"t2"'));
    await loadTrackHistory();
    expect(readTrackHistory().map((track) => track.id)).toEqual(['t2']);
    expect(readSessionHistory().map((track) => track.id)).toEqual(['t2']);
  });

  it("a remote artist's track counts no listen here: nothing is posted and no history is written, and the next local track counts", async () => {
    const { dispatch, posted } = setup(true);
    const remote = makeTrack({ id: 'remote:https://other.example/track/t9', url: 'https://other.example/media/t9.mp3' });
    dispatch(a.setList([remote, tracks[0]!], 0));
    dispatch(a.playing());
    expect(posted()).toEqual([]);
    dispatch(a.next());
    dispatch(a.playing());
    expect(posted()).toEqual(['/api/tracks/t1/listens', '/api/me/history {"trackId":"t1"}', '/api/me/now-playing {"trackId":"t1"}']);
    await vi.waitFor(() => expect(localStorage.getItem(TRACK_HISTORY_KEY)).toContain('"t1"'));
    expect(localStorage.getItem(TRACK_HISTORY_KEY)).not.toContain('other.example');
  });

  it('queues a listen made offline with its start time and sends it when back online', async () => {
    const playedAt = '2026-11-21T10:00:00.000Z';
    vi.useFakeTimers({ now: Date.parse(playedAt), toFake: ['Date'] });
    const calls: { url: string; body: unknown }[] = [];
    let online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        if (!online) return Promise.reject(new TypeError('Failed to fetch'));
        calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        return Promise.resolve(new Response(JSON.stringify({ trackId: 't1', counted: true, listens: 1 }), { status: 200 }));
      }),
    );
    const store = createPlayerStore();
    const disconnect = connectListens(store, { isSignedIn: () => false });
    store.getState().dispatch(a.setList(tracks, 0));
    store.getState().dispatch(a.playing());
    await vi.waitFor(() => expect(readListenQueue()).toEqual([{ trackId: 't1', playedAt }]));
    expect(calls).toEqual([]);

    vi.setSystemTime(Date.parse(playedAt) + 60_000);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(calls).toEqual([{ url: '/api/tracks/t1/listens', body: { playedAt } }]));
    await vi.waitFor(() => expect(readListenQueue()).toEqual([]));
    disconnect();
    vi.useRealTimers();
  });

  it('sends what an earlier visit queued when it starts', async () => {
    const { posted } = (() => {
      enqueueListen({ trackId: 't2', playedAt: new Date(Date.now() - 60_000).toISOString() });
      return setup(false);
    })();
    await vi.waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatch(/^\/api\/tracks\/t2\/listens \{"playedAt":".+"\}$/);
  });

  it('stops after disconnect', () => {
    const { dispatch, posted, disconnect } = setup(false);
    disconnect();
    dispatch(a.setList(tracks, 0));
    dispatch(a.playing());
    expect(posted()).toEqual([]);
  });
});
