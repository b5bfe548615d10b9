/**
 * The player's Web Audio gain stage: each `<audio>` element the adapter plays through is routed
 * MediaElementAudioSourceNode → GainNode → destination, so a track's loudness gain can go past 1
 * (an element's `volume` stops at 1). The element keeps its own `volume` and `muted` (the
 * listener's volume and the crossfade ramp, which Chromium and Firefox apply before the source
 * node), and the gain node multiplies the track's level into them.
 *
 * Routing is lazy and one-way: an element can have only one source node, ever, and once it has
 * one its sound comes only out of the graph. So the stage routes nothing until a play runs in a
 * running AudioContext (created on the first play, which follows a listener's gesture), and only
 * when the media plays from this origin without a redirect: media that a redirect sends to a
 * bucket without CORS would come out of the graph as silence. Until then, and for good where there
 * is no Web Audio or the media is served from elsewhere, the adapter levels through the elements'
 * volumes as before (turning loud tracks down only).
 *
 * The same graph holds the equalizer: every element's gain node feeds one shared chain (a preamp,
 * then ten peaking BiquadFilters, EQ_FREQUENCIES), which feeds the destination. Both elements go
 * through it, so gapless switches and crossfades sound through the same filters; switched off,
 * its bands sit at 0 dB and the preamp at 1 (a transparent chain), so the graph never changes
 * shape while something plays. Where the stage stays off, so does the equalizer (`status()`
 * says so, and `onOff` tells it): the media cannot be processed, and the player says so.
 *
 * This is the only place that creates source nodes for the player's elements; anything else that
 * wants to listen to them (an analyser) must tap the stage's graph, not make its own source.
 */

import { EQ_FREQUENCIES, EQ_Q, eqPreamp } from './equalizer';

/** The parts of an AudioContext the stage uses (a fake in tests). */
export type StageContext = Pick<AudioContext, 'state' | 'resume' | 'close' | 'createMediaElementSource' | 'createGain' | 'createBiquadFilter' | 'destination' | 'currentTime'>;

export interface GainStageDeps {
  /** A new AudioContext; null (or a throw) where Web Audio is missing. */
  createContext?: () => StageContext | null;
  /**
   * Whether media at `url` can go through Web Audio: it is this origin's (a `blob:` URL or a
   * same-origin one that answers without a redirect). Asked once; a failed probe is asked again
   * at the next play.
   */
  probe?: (url: string) => Promise<boolean>;
  /** The page's origin (window.location's by default). */
  origin?: string;
}

export interface GainStage {
  /**
   * Called on each play: makes the context on the first one and resumes it, then routes the
   * elements once it runs and the media may be routed. `onRouted` is told when it has.
   */
  activate(): void;
  /** Whether the element sounds through its gain node (its level is the node's, not its volume's). */
  routed(element: HTMLMediaElement): boolean;
  /**
   * Before a routed element loads `url` from another origin, asks for it with CORS, so that it
   * plays out of the graph or fails to load, never plays silently.
   */
  beforeLoad(element: HTMLMediaElement, url: string): void;
  /** Sets the element's level on its gain node; false (nothing done) when it is not routed. */
  setLevel(element: HTMLMediaElement, level: number): boolean;
  /** The equalizer's band gains (dB, one per EQ_FREQUENCIES); kept until the graph exists, then applied. */
  setEqualizer(gains: readonly number[]): void;
  /** `pending` until the elements are routed (or the stage gives up: `off`, for good). */
  status(): 'pending' | 'routed' | 'off';
  close(): void;
}

/** Time constant of a level change on a sounding element (ms-scale, so no click). */
const LEVEL_SMOOTHING_S = 0.015;

export function defaultCreateContext(): StageContext | null {
  const Context = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  // The default (interactive) latency: a pause or a volume change is heard at once, not a buffer later.
  return Context ? new Context() : null;
}

const pageOrigin = (): string => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/** Whether `url` (relative to `origin`) is another origin's: a blob: URL made here is not. */
export function isForeignMedia(url: string, origin: string = pageOrigin()): boolean {
  const target = new URL(url, `${origin}/`);
  return target.protocol !== 'blob:' && target.origin !== origin;
}

/** Same-origin media that answers here, not through a redirect elsewhere (S3 storage redirects /media). */
export async function probeSameOriginMedia(url: string, origin: string = pageOrigin()): Promise<boolean> {
  if (isForeignMedia(url, origin)) return false;
  const target = new URL(url, `${origin}/`);
  if (target.protocol === 'blob:') return true;
  const response = await fetch(target, { method: 'HEAD', redirect: 'manual', credentials: 'same-origin', cache: 'no-store' });
  return response.type !== 'opaqueredirect' && !(response.status >= 300 && response.status < 400);
}

export function createGainStage(
  elements: readonly HTMLMediaElement[],
  onRouted: () => void,
  { createContext = defaultCreateContext, origin = pageOrigin(), probe = (url) => probeSameOriginMedia(url, origin) }: GainStageDeps = {},
  /** Told once when the stage gives up for good (no Web Audio, or media served from elsewhere). */
  onOff: () => void = () => undefined,
): GainStage {
  let context: StageContext | null = null;
  /** No Web Audio, or media served from elsewhere: the stage stays off for good. */
  let off = false;
  let routable: boolean | null = null;
  let probing = false;
  let closed = false;
  const gains = new Map<HTMLMediaElement, GainNode>();
  let eqGains: readonly number[] = EQ_FREQUENCIES.map(() => 0);
  let equalizer: { preamp: GainNode; bands: BiquadFilterNode[] } | null = null;

  function giveUp() {
    if (off) return;
    off = true;
    onOff();
  }

  function applyEqualizer(now: boolean) {
    if (!equalizer || !context) return;
    const at = context.currentTime;
    const set = (param: AudioParam, value: number) => {
      param.cancelScheduledValues(0);
      if (now) param.value = value;
      else param.setTargetAtTime(value, at, LEVEL_SMOOTHING_S);
    };
    set(equalizer.preamp.gain, eqPreamp(eqGains));
    equalizer.bands.forEach((band, index) => set(band.gain, eqGains[index] ?? 0));
  }

  /** preamp → 31 Hz → … → 16 kHz → destination: the one input every element's gain node feeds. */
  function createEqualizer(ctx: StageContext): AudioNode {
    const preamp = ctx.createGain();
    const bands = EQ_FREQUENCIES.map((frequency) => {
      const band = ctx.createBiquadFilter();
      band.type = 'peaking';
      band.frequency.value = frequency;
      band.Q.value = EQ_Q;
      return band;
    });
    bands.reduce<AudioNode>((from, band) => from.connect(band), preamp).connect(ctx.destination);
    equalizer = { preamp, bands };
    applyEqualizer(true);
    return preamp;
  }

  function route() {
    if (closed || off || !context || context.state !== 'running' || routable !== true || gains.size > 0) return;
    const input = equalizer?.preamp ?? createEqualizer(context);
    for (const element of elements) {
      try {
        const gain = context.createGain();
        context.createMediaElementSource(element).connect(gain).connect(input);
        gains.set(element, gain);
      } catch (error) {
        // Another source node already holds it (it plays through that one): leave it on its volume.
        console.warn('gain stage: element not routed', error);
      }
    }
    if (gains.size > 0) onRouted();
  }

  function checkMedia() {
    if (routable !== null || probing) return;
    const url = elements.map((element) => element.currentSrc || element.src).find(Boolean);
    if (!url) return;
    probing = true;
    probe(url).then(
      (ok) => {
        probing = false;
        routable = ok;
        if (!ok) giveUp();
        route();
      },
      () => {
        probing = false;
      },
    );
  }

  return {
    activate() {
      if (closed || off) return;
      if (!context) {
        try {
          context = createContext();
        } catch {
          context = null;
        }
        if (!context) {
          giveUp();
          return;
        }
      }
      checkMedia();
      if (context.state === 'running') route();
      else context.resume().then(route, () => undefined);
    },
    routed: (element) => gains.has(element),
    beforeLoad(element, url) {
      if (gains.has(element) && element.crossOrigin === null && isForeignMedia(url, origin)) element.crossOrigin = 'anonymous';
    },
    setLevel(element, level) {
      const gain = gains.get(element);
      if (!gain || !context) return false;
      const param = gain.gain;
      if (Math.abs(param.value - level) < 1e-6) return true;
      param.cancelScheduledValues(0);
      if (element.paused) param.value = level;
      else param.setTargetAtTime(level, context.currentTime, LEVEL_SMOOTHING_S);
      return true;
    },
    setEqualizer(next) {
      eqGains = [...next];
      applyEqualizer(false);
    },
    status: () => (off ? 'off' : gains.size > 0 ? 'routed' : 'pending'),
    close() {
      closed = true;
      // The elements stay bound to this context's source nodes; closing it would silence them, and
      // they are removed with it (AudioOutput unmounts them together).
      void context?.close().catch(() => undefined);
    },
  };
}
