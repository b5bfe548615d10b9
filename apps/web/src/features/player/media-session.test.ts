// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
import { connectMediaSession, MEDIA_ARTWORK } from './media-session';
import { playerActions as a } from './player-reducer';
import { createPlayerStore } from './player-store';

class FakeMediaMetadata {
  constructor(readonly init: MediaMetadataInit) {}
}

function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  return {
    handlers,
    metadata: null as FakeMediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler: (action: string, handler: MediaSessionActionHandler | null) => handlers.set(action, handler),
    setPositionState: vi.fn(),
  };
}

let session: ReturnType<typeof fakeSession>;
beforeEach(() => {
  session = fakeSession();
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  vi.stubGlobal('MediaMetadata', FakeMediaMetadata);
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaSession');
  vi.unstubAllGlobals();
});

describe('connectMediaSession', () => {
  it('shows title, artist and artwork, the playback state and the position', () => {
    const store = createPlayerStore();
    connectMediaSession(store);
    const dispatch = store.getState().dispatch;
    dispatch(a.setList([makeTrack({ id: 't1', title: 'Song', artist: 'Ann' })], 0));
    expect(session.metadata?.init).toEqual({ title: 'Song', artist: 'Ann', artwork: MEDIA_ARTWORK });
    expect(session.playbackState).toBe('paused');
    dispatch(a.playing());
    expect(session.playbackState).toBe('playing');
    dispatch(a.durationChange(120));
    expect(session.setPositionState).toHaveBeenLastCalledWith({ duration: 120, position: 0, playbackRate: 1 });
  });

  it("the track's cover is the artwork (as an absolute URL), the app icon only without one", () => {
    const store = createPlayerStore();
    connectMediaSession(store);
    const covered = makeTrack({ id: 't1', image: '/media/covers/t1.webp' });
    store.getState().dispatch(a.setList([covered, makeTrack({ id: 't2', image: null })], 0));
    const artwork = session.metadata?.init.artwork ?? [];
    expect(artwork[0]?.src).toBe(`${location.origin}/media/covers/t1.webp`);
    store.getState().dispatch(a.next());
    expect(session.metadata?.init.artwork).toEqual(MEDIA_ARTWORK);
  });

  it("names the track's release as the album, and its cover is the artwork when the track has none", () => {
    const store = createPlayerStore();
    connectMediaSession(store);
    const onRelease = makeTrack({ id: 't1', title: 'Intro', artist: 'Ann', image: null, release: { id: 'r1', title: 'First EP', image: '/media/images/r1.webp' } });
    store.getState().dispatch(a.setList([onRelease], 0));
    expect(session.metadata?.init.album).toBe('First EP');
    expect(session.metadata?.init.artwork?.[0]?.src).toBe(`${location.origin}/media/images/r1.webp`);
  });

  it('offers no like action: the API has no standard one', () => {
    connectMediaSession(createPlayerStore());
    expect([...session.handlers.keys()].some((action) => /like|heart|favou?rite/i.test(action))).toBe(false);
  });

  it('play, pause, next, previous and seeking from the lock screen drive the store', () => {
    const store = createPlayerStore();
    connectMediaSession(store);
    const run = (action: string, details: Partial<MediaSessionActionDetails> = {}) =>
      session.handlers.get(action)?.({ action, ...details } as MediaSessionActionDetails);
    store.getState().dispatch(a.setList([makeTrack({ id: 't1' }), makeTrack({ id: 't2' })], 0));
    run('pause');
    expect(store.getState().wantsToPlay).toBe(false);
    run('play');
    expect(store.getState().wantsToPlay).toBe(true);
    run('nexttrack');
    expect(store.getState().current).toBe(1);
    run('previoustrack');
    expect(store.getState().current).toBe(0);
    run('seekto', { seekTime: 42 });
    expect(store.getState().seek?.to).toBe(42);
    run('seekforward');
    expect(store.getState().seek?.to).toBe(47);
    run('seekbackward', { seekOffset: 10 });
    expect(store.getState().seek?.to).toBe(37);
  });

  it('removes its handlers on disconnect', () => {
    const disconnect = connectMediaSession(createPlayerStore());
    expect(session.handlers.get('play')).toBeTypeOf('function');
    disconnect();
    expect(session.handlers.get('play')).toBeNull();
  });
});
