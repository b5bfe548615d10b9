import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../testing/fixtures';
import { usePlaybackPreferences } from '../../lib/playback';
import { connectAudio } from './audio-adapter';
import { playerActions as a } from './player-reducer';
import { EQ_FREQUENCIES, EQ_PRESETS } from './equalizer';
import { createPlayerStore } from './player-store';
import { SLEEP_FADE_MS, SLEEP_OFF, sleepStateFor } from './sleep-timer';
import { defaultSound, useSoundSettings } from './sound-settings';

/**
 * Stands in for HTMLAudioElement. Like a browser, it changes `paused` at once but delivers the
 * matching events later, when the test calls `deliver()`, so stale events can be replayed.
 */
class FakeAudio extends EventTarget {
  private source = '';
  private time = 0;
  /** Like a browser's, a new source or a seek before the end is no longer ended. */
  get src() {
    return this.source;
  }
  set src(value: string) {
    this.source = value;
    this.ended = false;
  }
  get currentTime() {
    return this.time;
  }
  set currentTime(value: number) {
    this.time = value;
    if (!(value >= this.duration)) this.ended = false;
  }
  preload = 'metadata';
  volume = 1;
  muted = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  preservesPitch = false;
  duration = Number.NaN;
  paused = true;
  ended = false;
  error = null;
  private queued: string[] = [];
  playResult: () => Promise<void> = () => Promise.resolve();

  play = vi.fn(() => {
    this.paused = false;
    this.ended = false;
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
    this.ended = true;
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

/**
 * Every adapter a test connects is disconnected after it: they all listen to the app-wide sound
 * settings (a sleep timer set in one test must not run in the adapters of the tests before).
 */
const connected: (() => void)[] = [];
afterEach(() => connected.splice(0).forEach((disconnect) => disconnect()));

function setup() {
  const store = createPlayerStore();
  const audio = new FakeAudio();
  const disconnect = connectAudio(audio as unknown as HTMLAudioElement, store);
  connected.push(disconnect);
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

  it('with repeat off, the end of the last track loads the first and waits', () => {
    const { store, audio, dispatch } = setup();
    dispatch(a.setList(tracks, 2));
    audio.deliver();
    audio.finish();
    audio.deliver();
    expect(audio.src).toBe('/media/t1.mp3');
    expect(audio.play).toHaveBeenCalledTimes(1);
    expect(store.getState().wantsToPlay).toBe(false);
  });

  it('with repeat all, when the last track ends the first one is loaded and played', () => {
    const { store, audio, dispatch } = setup();
    dispatch(a.setList(tracks, 2));
    dispatch(a.setRepeat('all'));
    audio.deliver();
    audio.finish();
    audio.deliver();
    expect(audio.src).toBe('/media/t1.mp3');
    expect(audio.play).toHaveBeenCalledTimes(2);
    audio.deliver();
    expect(store.getState().playing).toBe(true);
  });

  it('with repeat one, an ended track restarts from zero without reloading', () => {
    const { audio, dispatch } = setup();
    dispatch(a.setList(tracks, 0));
    dispatch(a.setRepeat('one'));
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

  it('a failed play gives up and logs the playback error', async () => {
    const { store, audio, dispatch } = setup();
    audio.playResult = () => Promise.reject(new DOMException('no supported source', 'NotSupportedError'));
    dispatch(a.setList(tracks, 0));
    await vi.waitFor(() => expect(store.getState().wantsToPlay).toBe(false));
    expect(store.getState().blocked).toBe(false);
    expect(errorSpy).toHaveBeenCalledWith('Ошибка воспроизведения', expect.any(DOMException));
  });

  it('a play the browser refuses for want of a tap gives up and marks the player blocked, without an error', async () => {
    const { store, audio, dispatch } = setup();
    audio.playResult = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    dispatch(a.setList(tracks, 0));
    await vi.waitFor(() => expect(store.getState().blocked).toBe(true));
    expect(store.getState().wantsToPlay).toBe(false);
    expect(errorSpy).not.toHaveBeenCalled();
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

/** Two elements, as the app mounts them: gapless playback and crossfade. */
function setupDecks() {
  const store = createPlayerStore();
  const [primary, standby] = [new FakeAudio(), new FakeAudio()];
  const onActiveChange = vi.fn();
  const disconnect = connectAudio(primary as unknown as HTMLAudioElement, store, {
    standby: standby as unknown as HTMLAudioElement,
    onActiveChange,
  });
  connected.push(disconnect);
  const dispatch = store.getState().dispatch;
  /** Plays the current entry of `deck` up to `at` seconds of a `duration`-second file. */
  const progress = (deck: FakeAudio, at: number, duration = 10) => {
    deck.duration = duration;
    deck.currentTime = at;
    deck.queue('durationchange');
    deck.queue('timeupdate');
    deck.deliver();
  };
  return { store, primary, standby, onActiveChange, disconnect, dispatch, progress };
}

describe('connectAudio with two elements (gapless)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  it('preloads the following entry past half of the current one (or 15 s before its end), not before', () => {
    const { primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setList(tracks, 0));
    primary.deliver();
    progress(primary, 20, 60);
    expect(standby.src).toBe('');
    progress(primary, 31, 60);
    expect(standby.src).toBe('/media/t2.mp3');
    expect(standby.preload).toBe('auto');
    expect(standby.play).not.toHaveBeenCalled();
  });

  it('starts the next entry on the other element as the current one ends, and the store follows', () => {
    const { store, primary, standby, onActiveChange, dispatch, progress } = setupDecks();
    dispatch(a.setList(tracks, 0));
    primary.deliver();
    progress(primary, 9.7);
    const playId = store.getState().playId;
    primary.currentTime = 9.99;
    standby.duration = 8;
    vi.advanceTimersByTime(300);
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(onActiveChange).toHaveBeenCalledWith(standby);
    expect(store.getState().current).toBe(1);
    expect(store.getState().playId).toBe(playId + 1);
    // Known from preloading: no durationchange will come from the element.
    expect(store.getState().duration).toBe(8);
    // Not reloaded: the element keeps the preloaded source.
    expect(standby.src).toBe('/media/t2.mp3');
    // The old element's own end is no news for the store.
    primary.finish();
    primary.deliver();
    standby.deliver();
    expect(store.getState().current).toBe(1);
    expect(store.getState().playing).toBe(true);
    expect(store.getState().wantsToPlay).toBe(true);
  });

  it('if the end comes before the timer, it switches at the end', () => {
    const { store, primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setList(tracks, 1));
    primary.deliver();
    progress(primary, 8);
    primary.finish();
    primary.deliver();
    expect(standby.src).toBe('/media/t3.mp3');
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(store.getState().current).toBe(2);
  });

  it('with repeat on, the same entry restarts on the other element', () => {
    const { store, primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setList(tracks, 2));
    dispatch(a.setRepeat('one'));
    primary.deliver();
    progress(primary, 9);
    expect(standby.src).toBe('/media/t3.mp3');
    const before = store.getState();
    primary.finish();
    primary.deliver();
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(store.getState().current).toBe(2);
    expect(store.getState().playId).toBe(before.playId + 1);
    expect(store.getState().seek).toBe(before.seek);
  });

  it('a queue change loads the new following entry instead', () => {
    const { primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setList(tracks, 0));
    primary.deliver();
    progress(primary, 6);
    expect(standby.src).toBe('/media/t2.mp3');
    dispatch(a.playNext([makeTrack({ id: 'x' })]));
    expect(standby.src).toBe('/media/x.mp3');
  });

  it('a skip to the preloaded entry uses the element that holds it', async () => {
    const { store, primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setList(tracks, 0));
    primary.deliver();
    progress(primary, 6);
    standby.duration = 7;
    dispatch(a.next());
    await Promise.resolve();
    expect(store.getState().duration).toBe(7);
    expect(primary.pause).toHaveBeenCalled();
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(standby.src).toBe('/media/t2.mp3');
    expect(store.getState().current).toBe(1);
  });

  it('with a crossfade, the next entry starts that many seconds early and the volumes cross', () => {
    const { store, primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setList(tracks, 0));
    dispatch(a.setCrossfade(3));
    primary.deliver();
    progress(primary, 6.6);
    primary.currentTime = 7;
    vi.advanceTimersByTime(500);
    expect(standby.play).toHaveBeenCalledTimes(1);
    expect(standby.volume).toBeLessThan(0.1);
    expect(primary.paused).toBe(false);
    expect(store.getState().current).toBe(1);
    vi.advanceTimersByTime(1500);
    expect(standby.volume).toBeCloseTo(0.5, 1);
    expect(primary.volume).toBeCloseTo(0.5, 1);
    vi.advanceTimersByTime(1600);
    expect(standby.volume).toBe(1);
    expect(primary.paused).toBe(true);
  });

  it('the listener volume scales the crossfade ramp instead of fighting it', () => {
    const { primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setVolume(0.5));
    dispatch(a.setList(tracks, 0));
    dispatch(a.setCrossfade(3));
    expect(primary.volume).toBe(0.5);
    primary.deliver();
    progress(primary, 6.6);
    primary.currentTime = 7;
    vi.advanceTimersByTime(500);
    vi.advanceTimersByTime(1500);
    // Halfway: each element at half of the chosen half volume.
    expect(standby.volume).toBeCloseTo(0.25, 1);
    expect(primary.volume).toBeCloseTo(0.25, 1);
    // A volume change during the fade applies at once and the ramp goes on within it.
    dispatch(a.setVolume(1));
    expect(standby.volume).toBeCloseTo(0.5, 1);
    expect(standby.volume + primary.volume).toBeCloseTo(1, 1);
    vi.advanceTimersByTime(1600);
    expect(standby.volume).toBe(1);
    dispatch(a.setVolume(0.2));
    expect(standby.volume).toBe(0.2);
  });

  it('mute mutes both elements and keeps their volume; unmute gives it back', () => {
    const { primary, standby, dispatch } = setupDecks();
    dispatch(a.setList(tracks, 0));
    dispatch(a.setVolume(0.7));
    dispatch(a.toggleMute());
    expect(primary.muted).toBe(true);
    expect(standby.muted).toBe(true);
    expect(primary.volume).toBe(0.7);
    dispatch(a.toggleMute());
    expect(primary.muted).toBe(false);
    expect(standby.muted).toBe(false);
  });

  it('a pause during a crossfade silences both', () => {
    const { primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setList(tracks, 0));
    dispatch(a.setCrossfade(3));
    primary.deliver();
    progress(primary, 7);
    vi.advanceTimersByTime(100);
    expect(standby.play).toHaveBeenCalled();
    dispatch(a.pause());
    expect(primary.paused).toBe(true);
    expect(standby.paused).toBe(true);
    expect(standby.volume).toBe(1);
  });
});

describe('connectAudio with renditions and loudness normalization', () => {
  const audioOf = (id: string, loudness: number | null) => ({
    status: 'ready' as const,
    sourceCodec: 'flac',
    sourceKbps: 900,
    loudness,
    truePeak: -1,
    high: `/media/renditions/${id}/high.mp3`,
    saver: `/media/renditions/${id}/saver.mp3`,
  });
  const leveled = [makeTrack({ id: 'loud', audio: audioOf('loud', -8) }), makeTrack({ id: 'quiet', audio: audioOf('quiet', -20) })];
  beforeEach(() => usePlaybackPreferences.setState({ quality: 'high', normalize: true }));

  it('loads the rendition of the chosen quality and turns a loud track down to −14 LUFS within the listener’s volume', () => {
    const { primary, dispatch } = setupDecks();
    dispatch(a.setVolume(0.8));
    dispatch(a.setList(leveled, 0));
    expect(primary.src).toBe('/media/renditions/loud/high.mp3');
    expect(primary.volume).toBeCloseTo(0.8 * 10 ** (-6 / 20), 5);
    usePlaybackPreferences.getState().setNormalize(false);
    expect(primary.volume).toBeCloseTo(0.8, 5);
  });

  it('preloads the next track at its own gain, in the quality chosen meanwhile, and plays a quiet track as it is', () => {
    const { primary, standby, dispatch, progress } = setupDecks();
    dispatch(a.setList(leveled, 0));
    primary.deliver();
    usePlaybackPreferences.getState().setQuality('saver');
    progress(primary, 6, 10);
    expect(standby.src).toBe('/media/renditions/quiet/saver.mp3');
    expect(standby.volume).toBe(1);
    expect(primary.volume).toBeCloseTo(10 ** (-6 / 20), 5);
  });
});

/** A gain node's parameter: a level change while sounding is a short ramp, here taken at once. */
class FakeParam {
  value = 1;
  cancelScheduledValues = vi.fn();
  setTargetAtTime = vi.fn((value: number) => {
    this.value = value;
  });
}

interface FakeFilter {
  type: string;
  frequency: FakeParam;
  Q: FakeParam;
  gain: FakeParam;
  connect: (to: unknown) => unknown;
}

/** Stands in for AudioContext: records which element got a source node and which gain node it feeds. */
class FakeContext {
  state: AudioContextState;
  currentTime = 0;
  destination = { kind: 'destination' };
  sources = new Map<unknown, { gain: FakeParam; to: unknown }>();
  /** Each node's outgoing connection, to follow the graph from a gain node to the destination. */
  links = new Map<unknown, unknown>();
  filters: FakeFilter[] = [];
  /** Lets a suspended context run (what a listener's gesture does). */
  allow: () => void = () => {};
  private readonly allowed = new Promise<void>((resolve) => {
    this.allow = resolve;
  });
  constructor(state: AudioContextState = 'running') {
    this.state = state;
  }
  resume = vi.fn(() => this.allowed.then(() => void (this.state = 'running')));
  close = vi.fn(() => Promise.resolve());
  createGain = vi.fn(() => {
    const node = {
      gain: new FakeParam(),
      connect: (to: unknown) => {
        for (const entry of this.sources.values()) if (entry.gain === node.gain) entry.to = to;
        this.links.set(node, to);
        return to;
      },
    };
    return node;
  });
  createBiquadFilter = vi.fn(() => {
    const filter: FakeFilter = {
      type: 'lowpass',
      frequency: new FakeParam(),
      Q: new FakeParam(),
      gain: new FakeParam(),
      connect: (to: unknown) => {
        this.links.set(filter, to);
        return to;
      },
    };
    this.filters.push(filter);
    return filter;
  });
  /** The nodes after `node`, following its connections to the end. */
  pathFrom(node: unknown): unknown[] {
    const path: unknown[] = [];
    for (let next = this.links.get(node); next !== undefined && path.length < 50; next = this.links.get(next)) path.push(next);
    return path;
  }
  /** Where the element's gain node leads: the nodes up to the destination. */
  pathOf(element: unknown): unknown[] {
    const to = this.sources.get(element)?.to;
    return to === undefined ? [] : [to, ...this.pathFrom(to)];
  }
  createMediaElementSource = vi.fn((element: unknown) => {
    if (this.sources.has(element)) throw new DOMException('already connected', 'InvalidStateError');
    return {
      connect: (node: { gain: FakeParam }) => {
        this.sources.set(element, { gain: node.gain, to: null });
        return node;
      },
    };
  });
  /** The level of the element's gain node, if it has one. */
  levelOf(element: unknown): number | undefined {
    return this.sources.get(element)?.gain.value;
  }
}

describe('connectAudio with the Web Audio gain stage (raising quiet tracks)', () => {
  const audioOf = (loudness: number | null, truePeak: number | null) => ({
    status: 'ready' as const,
    sourceCodec: 'flac',
    sourceKbps: 900,
    loudness,
    truePeak,
    high: null,
    saver: null,
  });
  const quiet = makeTrack({ id: 'quiet', audio: audioOf(-20, -6) });
  const loud = makeTrack({ id: 'loud', audio: audioOf(-8, -0.5) });
  const unmeasured = makeTrack({ id: 'old', audio: undefined });

  beforeEach(() => {
    usePlaybackPreferences.setState({ quality: 'high', normalize: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  function setupStage(context: FakeContext | null = new FakeContext(), probe = vi.fn(() => Promise.resolve(true))) {
    const store = createPlayerStore();
    const [primary, standby] = [new FakeAudio(), new FakeAudio()];
    const createContext = vi.fn(() => context as unknown as AudioContext | null);
    const disconnect = connectAudio(primary as unknown as HTMLAudioElement, store, {
      standby: standby as unknown as HTMLAudioElement,
      webAudio: { createContext, probe },
    });
    connected.push(disconnect);
    const progress = (deck: FakeAudio, at: number, duration = 10) => {
      deck.duration = duration;
      deck.currentTime = at;
      deck.queue('durationchange');
      deck.queue('timeupdate');
      deck.deliver();
    };
    /** Lets the probe's and the resume's promises settle. */
    const settle = () => vi.advanceTimersByTimeAsync(0);
    return { store, primary, standby, dispatch: store.getState().dispatch, context, createContext, probe, disconnect, progress, settle };
  }

  it('makes nothing before the first play, then routes both elements once, each through its own gain node', async () => {
    const { primary, standby, dispatch, context, createContext, probe, settle } = setupStage();
    dispatch(a.setVolume(0.8));
    expect(createContext).not.toHaveBeenCalled();
    dispatch(a.setList([quiet, loud], 0));
    await settle();
    expect(createContext).toHaveBeenCalledTimes(1);
    expect(probe).toHaveBeenCalledWith('/media/quiet.mp3');
    expect(context?.createMediaElementSource).toHaveBeenCalledTimes(2);
    // Both gain nodes feed the one equalizer chain (preamp and ten bands), which ends at the destination.
    expect(context?.sources.get(primary)?.to).toBe(context?.sources.get(standby)?.to);
    expect(context?.pathOf(primary)).toHaveLength(12);
    expect(context?.pathOf(primary).at(-1)).toBe(context?.destination);
    dispatch(a.next());
    dispatch(a.previous());
    await settle();
    expect(createContext).toHaveBeenCalledTimes(1);
    expect(context?.createMediaElementSource).toHaveBeenCalledTimes(2);
  });

  it('raises a −20 LUFS track with a −6 dBTP peak by 5 dB (the peak stops it at −1 dBTP), the volume staying the listener’s', async () => {
    const { primary, dispatch, context, settle } = setupStage();
    dispatch(a.setVolume(0.8));
    dispatch(a.setList([quiet], 0));
    await settle();
    expect(context?.levelOf(primary)).toBeCloseTo(10 ** (5 / 20), 6);
    expect(primary.volume).toBeCloseTo(0.8, 6);
  });

  it('turns a −8 LUFS track down by 6 dB on its gain node', async () => {
    const { primary, dispatch, context, settle } = setupStage();
    dispatch(a.setList([loud], 0));
    await settle();
    expect(context?.levelOf(primary)).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(primary.volume).toBe(1);
  });

  it('with normalization off every track is at unity, and back on it is raised again', async () => {
    const { primary, dispatch, context, settle } = setupStage();
    dispatch(a.setList([quiet], 0));
    await settle();
    usePlaybackPreferences.getState().setNormalize(false);
    expect(context?.levelOf(primary)).toBe(1);
    expect(primary.volume).toBe(1);
    usePlaybackPreferences.getState().setNormalize(true);
    expect(context?.levelOf(primary)).toBeCloseTo(10 ** (5 / 20), 6);
  });

  it('a track not measured plays at unity', async () => {
    const { primary, dispatch, context, settle } = setupStage();
    dispatch(a.setList([unmeasured], 0));
    await settle();
    expect(context?.levelOf(primary)).toBe(1);
  });

  it('the crossfade ramps the volumes while each gain node holds its own track’s level', async () => {
    const { primary, standby, dispatch, context, progress, settle } = setupStage();
    dispatch(a.setList([loud, quiet], 0));
    dispatch(a.setCrossfade(3));
    await settle();
    primary.deliver();
    progress(primary, 6.6);
    expect(context?.levelOf(standby)).toBeCloseTo(10 ** (5 / 20), 6);
    primary.currentTime = 7;
    vi.advanceTimersByTime(500);
    vi.advanceTimersByTime(1500);
    expect(standby.volume).toBeCloseTo(0.5, 1);
    expect(primary.volume).toBeCloseTo(0.5, 1);
    expect(context?.levelOf(primary)).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(context?.levelOf(standby)).toBeCloseTo(10 ** (5 / 20), 6);
    vi.advanceTimersByTime(1600);
    expect(standby.volume).toBe(1);
  });

  it('routes only once a suspended context runs; until then the volume levels, loud tracks down only', async () => {
    const context = new FakeContext('suspended');
    const { primary, dispatch, settle } = setupStage(context);
    dispatch(a.setList([loud, quiet], 0));
    await settle();
    expect(context.resume).toHaveBeenCalled();
    expect(context.createMediaElementSource).not.toHaveBeenCalled();
    expect(primary.volume).toBeCloseTo(10 ** (-6 / 20), 6);
    context.allow();
    await settle();
    expect(context.createMediaElementSource).toHaveBeenCalledTimes(2);
    expect(primary.volume).toBe(1);
    expect(context.levelOf(primary)).toBeCloseTo(10 ** (-6 / 20), 6);
  });

  it('without Web Audio, the elements’ volumes level as before: a quiet track as it is, a loud one down', async () => {
    const { primary, dispatch, createContext, settle } = setupStage(null);
    dispatch(a.setList([quiet, loud], 0));
    await settle();
    expect(createContext).toHaveBeenCalledTimes(1);
    expect(primary.volume).toBe(1);
    dispatch(a.next());
    expect(primary.volume).toBeCloseTo(10 ** (-6 / 20), 6);
    dispatch(a.next());
    expect(createContext).toHaveBeenCalledTimes(1);
  });

  it('media that a redirect serves from elsewhere is never routed (its graph would be silent)', async () => {
    const context = new FakeContext();
    const probe = vi.fn(() => Promise.resolve(false));
    const { primary, dispatch, settle } = setupStage(context, probe);
    dispatch(a.setList([loud, quiet], 0));
    await settle();
    dispatch(a.next());
    await settle();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(context.createMediaElementSource).not.toHaveBeenCalled();
    expect(primary.volume).toBe(1);
  });

  it('a probe that fails (offline) is asked again at the next play', async () => {
    const context = new FakeContext();
    const probe = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(true);
    const { primary, dispatch, settle } = setupStage(context, probe);
    dispatch(a.setList([quiet, loud], 0));
    await settle();
    expect(context.createMediaElementSource).not.toHaveBeenCalled();
    dispatch(a.pause());
    dispatch(a.play());
    await settle();
    expect(probe).toHaveBeenCalledTimes(2);
    expect(context.levelOf(primary)).toBeCloseTo(10 ** (5 / 20), 6);
  });

  it('closes its context on disconnect', async () => {
    const { dispatch, context, disconnect, settle } = setupStage();
    dispatch(a.setList([quiet], 0));
    await settle();
    disconnect();
    expect(context?.close).toHaveBeenCalled();
  });
});

describe('connectAudio with the sound settings (speed, equalizer, sleep timer)', () => {
  const sound = () => useSoundSettings.getState();
  beforeEach(() => {
    useSoundSettings.setState({ ...defaultSound, eqGains: [...defaultSound.eqGains], sleep: SLEEP_OFF, eqStatus: 'pending' });
    usePlaybackPreferences.setState({ quality: 'high', normalize: false });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  function setupSound(context: FakeContext | null = new FakeContext(), probe = vi.fn(() => Promise.resolve(true))) {
    const store = createPlayerStore();
    const [primary, standby] = [new FakeAudio(), new FakeAudio()];
    const disconnect = connectAudio(primary as unknown as HTMLAudioElement, store, {
      standby: standby as unknown as HTMLAudioElement,
      webAudio: { createContext: () => context as unknown as AudioContext | null, probe },
    });
    connected.push(disconnect);
    const progress = (deck: FakeAudio, at: number, duration = 10) => {
      deck.duration = duration;
      deck.currentTime = at;
      deck.queue('durationchange');
      deck.queue('timeupdate');
      deck.deliver();
    };
    return { store, primary, standby, dispatch: store.getState().dispatch, context, disconnect, progress, settle: () => vi.advanceTimersByTimeAsync(0) };
  }

  it('the speed goes to both elements, pitch preserved, and is what a new load starts at', () => {
    const { primary, standby, dispatch, progress } = setupSound(null);
    dispatch(a.setList(tracks, 0));
    sound().setSpeed(1.5);
    for (const deck of [primary, standby]) {
      expect(deck.playbackRate).toBe(1.5);
      expect(deck.defaultPlaybackRate).toBe(1.5);
      expect(deck.preservesPitch).toBe(true);
    }
    // The element preloading the next entry plays it at the same speed.
    primary.deliver();
    progress(primary, 6);
    expect(standby.src).toBe('/media/t2.mp3');
    expect(standby.playbackRate).toBe(1.5);
    sound().setSpeed(1);
    expect(primary.playbackRate).toBe(1);
  });

  it('at 2×, a 3-second crossfade (media time) takes 1.5 s of the clock', () => {
    const { primary, standby, dispatch, progress } = setupSound(null);
    sound().setSpeed(2);
    dispatch(a.setList(tracks, 0));
    dispatch(a.setCrossfade(3));
    primary.deliver();
    progress(primary, 6.6);
    primary.currentTime = 7;
    vi.advanceTimersByTime(500);
    expect(standby.play).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(450);
    expect(standby.volume).toBeCloseTo(0.5, 1);
    expect(primary.volume).toBeCloseTo(0.5, 1);
    vi.advanceTimersByTime(800);
    expect(standby.volume).toBe(1);
  });

  it('the equalizer: both elements through ten peaking bands; a preset sets their gains with headroom ahead; off, the chain is flat', async () => {
    const { primary, standby, dispatch, context, settle } = setupSound();
    expect(sound().eqStatus).toBe('pending');
    dispatch(a.setList(tracks, 0));
    await settle();
    expect(sound().eqStatus).toBe('active');
    const filters = context?.filters ?? [];
    expect(filters.map((filter) => filter.type)).toEqual(EQ_FREQUENCIES.map(() => 'peaking'));
    expect(filters.map((filter) => filter.frequency.value)).toEqual([...EQ_FREQUENCIES]);
    expect(context?.pathOf(standby)).toEqual(context?.pathOf(primary));
    expect(context?.pathOf(primary).slice(1, 11)).toEqual(filters);
    // Off by default: transparent.
    expect(filters.map((filter) => filter.gain.value)).toEqual(EQ_FREQUENCIES.map(() => 0));
    const preamp = context?.pathOf(primary)[0] as { gain: FakeParam };
    expect(preamp.gain.value).toBe(1);

    sound().setEqPreset('bassBoost');
    sound().setEqEnabled(true);
    expect(filters.map((filter) => filter.gain.value)).toEqual([...EQ_PRESETS.bassBoost]);
    expect(preamp.gain.value).toBeCloseTo(10 ** (-6 / 20), 6);
    sound().setEqBand(9, 3);
    expect(sound().eqMode).toBe('custom');
    expect(filters[9]?.gain.value).toBe(3);
    sound().setEqEnabled(false);
    expect(filters.map((filter) => filter.gain.value)).toEqual(EQ_FREQUENCIES.map(() => 0));
    expect(preamp.gain.value).toBe(1);
  });

  it('chosen before the first play, the equalizer applies as the elements are routed', async () => {
    sound().setEqPreset('trebleBoost');
    sound().setEqEnabled(true);
    const { dispatch, context, settle } = setupSound();
    dispatch(a.setList(tracks, 0));
    await settle();
    expect(context?.filters.map((filter) => filter.gain.value)).toEqual([...EQ_PRESETS.trebleBoost]);
  });

  it('the equalizer says it is unavailable where the media cannot go through Web Audio', async () => {
    const { dispatch, context, settle } = setupSound(new FakeContext(), vi.fn(() => Promise.resolve(false)));
    dispatch(a.setList(tracks, 0));
    await settle();
    expect(context?.createMediaElementSource).not.toHaveBeenCalled();
    expect(sound().eqStatus).toBe('unavailable');
    setupSound(null).dispatch(a.setList(tracks, 0));
    expect(sound().eqStatus).toBe('unavailable');
  });

  it('a timed sleep fades both elements out over its last seconds, pauses, and switches itself off', () => {
    const { store, primary, dispatch } = setupSound(null);
    dispatch(a.setVolume(0.8));
    dispatch(a.setList(tracks, 0));
    primary.deliver();
    sound().setSleep(sleepStateFor(5, Date.now()));
    vi.advanceTimersByTime(5 * 60_000 - SLEEP_FADE_MS - 100);
    expect(primary.volume).toBeCloseTo(0.8, 6);
    vi.advanceTimersByTime(100 + SLEEP_FADE_MS / 2);
    expect(primary.volume).toBeCloseTo(0.4, 1);
    expect(primary.paused).toBe(false);
    vi.advanceTimersByTime(SLEEP_FADE_MS / 2);
    expect(primary.paused).toBe(true);
    expect(store.getState().wantsToPlay).toBe(false);
    expect(sound().sleep).toEqual(SLEEP_OFF);
    // The listener's volume is back for the next play.
    expect(primary.volume).toBeCloseTo(0.8, 6);
    expect(store.getState().volume).toBe(0.8);
  });

  it('cancelled, a timed sleep neither fades nor pauses', () => {
    const { primary, dispatch } = setupSound(null);
    dispatch(a.setList(tracks, 0));
    sound().setSleep(sleepStateFor(5, Date.now()));
    vi.advanceTimersByTime(5 * 60_000 - 1000);
    expect(primary.volume).toBeLessThan(0.5);
    sound().setSleep(SLEEP_OFF);
    expect(primary.volume).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(primary.paused).toBe(false);
  });

  it('sleeping at the end of the track: no gapless switch to the next one; it pauses at the end', () => {
    const { store, primary, standby, dispatch, progress } = setupSound(null);
    dispatch(a.setList(tracks, 0));
    primary.deliver();
    sound().setSleep(sleepStateFor('endOfTrack', Date.now()));
    progress(primary, 9.7);
    expect(standby.src).toBe('/media/t2.mp3');
    primary.currentTime = 9.99;
    vi.advanceTimersByTime(300);
    expect(standby.play).not.toHaveBeenCalled();
    // The end as a browser reports it: paused and ended at once, then 'timeupdate', 'pause', 'ended'.
    primary.paused = true;
    primary.ended = true;
    primary.currentTime = 10;
    primary.queue('timeupdate');
    primary.finish();
    primary.deliver();
    // Not played again from zero by the 'timeupdate' that comes before 'ended'.
    expect(primary.play).toHaveBeenCalledTimes(1);
    expect(primary.currentTime).toBe(10);
    expect(standby.play).not.toHaveBeenCalled();
    expect(store.getState().current).toBe(0);
    expect(store.getState().wantsToPlay).toBe(false);
    expect(store.getState().playing).toBe(false);
    expect(sound().sleep).toEqual(SLEEP_OFF);
  });
});
