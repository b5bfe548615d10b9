import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
import { connectAudio } from './audio-adapter';
import { playerActions as a } from './player-reducer';
import { createPlayerStore } from './player-store';

/**
 * Stands in for HTMLAudioElement. Like a browser, it changes `paused` at once but delivers the
 * matching events later, when the test calls `deliver()`, so stale events can be replayed.
 */
class FakeAudio extends EventTarget {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  error = null;
  private queued: string[] = [];
  playResult: () => Promise<void> = () => Promise.resolve();

  play = vi.fn(() => {
    this.paused = false;
    this.queued.push('play');
    return this.playResult();
  });
  pause = vi.fn(() => {
    this.paused = true;
    this.queued.push('pause');
  });
  load = vi.fn();

  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }

  /** What the browser does at the end of a track: paused, then 'pause' and 'ended'. */
  finish() {
    this.paused = true;
    this.queued.push('pause', 'ended');
  }

  queue(type: string) {
    this.queued.push(type);
  }

  deliver() {
    const events = this.queued;
    this.queued = [];
    for (const type of events) this.dispatchEvent(new Event(type));
  }
}

const tracks = [makeTrack({ id: 't1' }), makeTrack({ id: 't2' }), makeTrack({ id: 't3' })];

function setup() {
  const store = createPlayerStore();
  const audio = new FakeAudio();
  const disconnect = connectAudio(audio as unknown as HTMLAudioElement, store);
  const dispatch = store.getState().dispatch;
  return { store, audio, disconnect, dispatch };
}

describe('connectAudio', () => {
  let errorSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => errorSpy.mockRestore());

  it('loads the picked track and plays it; the play event marks the store as playing', () => {
    const { store, audio, dispatch } = setup();
    dispatch(a.setList(tracks, 1));
    expect(audio.src).toBe('/media/t2.mp3');
    expect(audio.play).toHaveBeenCalledTimes(1);
    expect(store.getState().playing).toBe(false);
    audio.deliver();
    expect(store.getState().playing).toBe(true);
  });

  it('user picks a new track while one plays: a stale pause event does not stop the new one', () => {
    const { store, audio, dispatch } = setup();
    dispatch(a.setList(tracks, 0));
    audio.deliver();
    dispatch(a.setList(tracks, 2));
    audio.queue('pause');
    audio.deliver();
    expect(audio.src).toBe('/media/t3.mp3');
    expect(store.getState().wantsToPlay).toBe(true);
    expect(audio.pause).not.toHaveBeenCalled();
  });

  it('a user pause pauses the element, whose pause event marks the store paused', () => {
    const { store, audio, dispatch } = setup();
    dispatch(a.setList(tracks, 0));
    audio.deliver();
    dispatch(a.pause());
    expect(audio.pause).toHaveBeenCalledTimes(1);
    audio.deliver();
    expect(store.getState().playing).toBe(false);
  });

  it('when a track ends the next one is loaded and played', () => {
    const { store, audio, dispatch } = setup();
    dispatch(a.setList(tracks, 2));
    audio.deliver();
    audio.finish();
    audio.deliver();
    expect(audio.src).toBe('/media/t1.mp3');
    expect(audio.play).toHaveBeenCalledTimes(2);
    audio.deliver();
    expect(store.getState().playing).toBe(true);
  });

  it('with repeat on, an ended track restarts from zero without reloading', () => {
    const { audio, dispatch } = setup();
    dispatch(a.setList(tracks, 0));
    dispatch(a.toggleRepeat());
    audio.deliver();
    audio.currentTime = 119;
    audio.finish();
    audio.deliver();
    expect(audio.src).toBe('/media/t1.mp3');
    expect(audio.currentTime).toBe(0);
    expect(audio.play).toHaveBeenCalledTimes(2);
  });

  it('seeks the element once per seek request', () => {
    const { audio, dispatch } = setup();
    dispatch(a.setList(tracks, 0));
    dispatch(a.seek(30));
    expect(audio.currentTime).toBe(30);
    audio.currentTime = 31;
    dispatch(a.timeUpdate(31));
    expect(audio.currentTime).toBe(31);
  });

  it('reports time and duration from the element', () => {
    const { store, audio, dispatch } = setup();
    dispatch(a.setList(tracks, 0));
    audio.duration = 200;
    audio.currentTime = 12;
    audio.queue('durationchange');
    audio.queue('timeupdate');
    audio.deliver();
    expect(store.getState().duration).toBe(200);
    expect(store.getState().position).toBe(12);
  });

  it('a refused play gives up and logs the playback error', async () => {
    const { store, audio, dispatch } = setup();
    audio.playResult = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    dispatch(a.setList(tracks, 0));
    await vi.waitFor(() => expect(store.getState().wantsToPlay).toBe(false));
    expect(errorSpy).toHaveBeenCalledWith('Ошибка воспроизведения', expect.any(DOMException));
  });

  it('stops listening after disconnect', () => {
    const { store, audio, dispatch, disconnect } = setup();
    dispatch(a.setList(tracks, 0));
    disconnect();
    audio.deliver();
    dispatch(a.next());
    expect(store.getState().playing).toBe(false);
    expect(audio.src).toBe('/media/t1.mp3');
  });
});
