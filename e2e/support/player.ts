import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { rowTitles, trackRows, waitForDemoCatalogue } from './app.js';

export interface MediaEventRecord {
  type: string;
  /** performance.now() when the event was handled. */
  at: number;
  src: string;
  currentTime: number;
  /** Which of the player's elements fired it (0 or 1, in creation order). */
  deck: number;
  /**
   * Seconds of media each element had left to play when the event was handled (by its own clock,
   * so a busy main thread that handles events late does not change it), by deck.
   */
  left: number[];
}

/** Starts recording `ended`, `playing` and `timeupdate` of every player `<audio>` element. */
export async function recordMediaEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const win = window as unknown as { __media: MediaEventRecord[] };
    win.__media = [];
    const decks = [...document.querySelectorAll('audio')];
    decks.forEach((element, deck) => {
      for (const type of ['ended', 'playing', 'timeupdate', 'pause']) {
        element.addEventListener(type, () => {
          const left = decks.map((audio) => (audio.ended ? 0 : Math.max(0, (audio.duration || 0) - audio.currentTime)));
          win.__media.push({ type, at: performance.now(), src: element.currentSrc, currentTime: element.currentTime, deck, left });
        });
      }
    });
  });
}

export async function mediaEvents(page: Page): Promise<MediaEventRecord[]> {
  return page.evaluate(() => (window as unknown as { __media: MediaEventRecord[] }).__media);
}

/**
 * The gap between the end of `fromUrl` (its `ended` event) and the start of `toUrl` on another
 * element (its `playing` event), in ms; negative when the next one started a little early.
 * Also gives the gap from the last `timeupdate` of the one that ended.
 */
export function measureGap(events: MediaEventRecord[], fromUrl: string, toUrl: string) {
  const ended = events.find((event) => event.type === 'ended' && event.src.endsWith(fromUrl));
  if (!ended) return null;
  const started = events.find(
    (event) => event.type === 'playing' && event.src.endsWith(toUrl) && event.deck !== ended.deck && event.at > ended.at - 5000,
  );
  if (!started) return null;
  const lastTick = events.filter((event) => event.type === 'timeupdate' && event.deck === ended.deck && event.at <= ended.at).at(-1);
  return {
    endedToPlaying: started.at - ended.at,
    /** Seconds the ending element still had to play, by its own clock, when the next one began playing. */
    leftAtStart: started.left[ended.deck] ?? 0,
    lastTimeupdateToPlaying: lastTick ? started.at - lastTick.at : null,
    ended,
    started,
  };
}

/** The player's Up Next panel. */
export function upNextPanel(page: Page) {
  return page.getByRole('dialog', { name: 'Up next' });
}

/** Dispatches a one-finger swipe (touchstart, touchmove, touchend) over the middle of `target`. */
export async function swipe(target: Locator, dx: number, dy: number): Promise<void> {
  await target.evaluate(
    (element, move) => {
      const rect = element.getBoundingClientRect();
      const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
      const touchAt = (clientX: number, clientY: number) => new Touch({ identifier: 1, target: element, clientX, clientY });
      const fire = (type: string, touches: Touch[], changed: Touch) =>
        element.dispatchEvent(
          new TouchEvent(type, { bubbles: true, cancelable: true, touches, targetTouches: touches, changedTouches: [changed] }),
        );
      const start = touchAt(x, y);
      const middle = touchAt(x + move.dx / 2, y + move.dy / 2);
      const end = touchAt(x + move.dx, y + move.dy);
      fire('touchstart', [start], start);
      fire('touchmove', [middle], middle);
      fire('touchend', [], end);
    },
    { dx, dy },
  );
}

export interface MarkerFlash {
  className: string;
  shownMs: number | null;
}

/** Records each swipe marker the page shows: its classes and for how long it stayed. */
export async function recordSwipeMarkers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const win = window as unknown as { __markers: { className: string; shownMs: number | null; at: number }[] };
    win.__markers = [];
    const seen = new Map<Element, { className: string; shownMs: number | null; at: number }>();
    new MutationObserver(() => {
      for (const marker of document.querySelectorAll('[data-testid="swipe-marker"]')) {
        if (seen.has(marker)) continue;
        const record = { className: marker.className, shownMs: null, at: performance.now() };
        seen.set(marker, record);
        win.__markers.push(record);
      }
      for (const [marker, record] of seen) {
        if (!marker.isConnected && record.shownMs === null) record.shownMs = performance.now() - record.at;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

export async function swipeMarkers(page: Page): Promise<MarkerFlash[]> {
  return page.evaluate(() =>
    (window as unknown as { __markers: MarkerFlash[] }).__markers.map(({ className, shownMs }) => ({ className, shownMs })),
  );
}

/**
 * The home list's row titles and where a run of `count` consecutive demo tracks starts in it.
 * Demo tracks last 30 s or more, so none ends during a test by itself; short tracks other
 * journeys upload (they are newest, so listed first) are stepped over.
 */
export async function demoRun(page: Page, count: number): Promise<{ titles: string[]; start: number; run: string[] }> {
  const demo = new Set((await waitForDemoCatalogue(page.request)).map((track) => track.title));
  const rows = trackRows(page);
  await expect(rows.first()).toBeVisible();
  const titles = await rowTitles(rows);
  for (let start = 0; start + count <= titles.length; start += 1) {
    const run = titles.slice(start, start + count);
    if (run.every((title) => demo.has(title))) return { titles, start, run };
  }
  throw new Error(`no ${count} consecutive demo tracks on the first page: ${titles.join(', ')}`);
}

/** Volume and mute of every player `<audio>` element (the one playing first). */
export async function audioVolumes(page: Page): Promise<{ volume: number; muted: boolean }[]> {
  return page.evaluate(() => [...document.querySelectorAll('audio')].map((audio) => ({ volume: audio.volume, muted: audio.muted })));
}

/** The player's persisted choices (volume, mute, repeat, shuffle), as localStorage holds them. */
export async function persistedPlayer(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('platter-player');
    return raw ? ((JSON.parse(raw) as { state?: Record<string, unknown> }).state ?? {}) : {};
  });
}

export interface LevelStage {
  /** The value of the gain node the element feeds (null: not routed through Web Audio). */
  gain: number | null;
  /** RMS of what comes out of that gain node right now (a tap beside the destination); null when not routed. */
  rms: number | null;
  volume: number;
  src: string;
}

/**
 * Before any page of the context loads, wraps AudioContext's createMediaElementSource so that
 * the player's gain stage can be observed from the test: each source node's first connection
 * (its gain node) is recorded with its element, and a tap (an AnalyserNode, not connected to the
 * output) is hung on the gain node. The app itself exposes nothing for this.
 */
export async function recordGainStage(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const stage: { element: HTMLMediaElement; gain: GainNode; tap: AnalyserNode }[] = [];
    (window as unknown as { __gainStage: typeof stage }).__gainStage = stage;
    const original = AudioContext.prototype.createMediaElementSource;
    AudioContext.prototype.createMediaElementSource = function (this: AudioContext, element: HTMLMediaElement) {
      const source = original.call(this, element);
      const connect = source.connect.bind(source) as (node: AudioNode) => AudioNode;
      (source as unknown as { connect: (node: AudioNode) => AudioNode }).connect = (node: AudioNode) => {
        const tap = this.createAnalyser();
        tap.fftSize = 2048;
        node.connect(tap);
        stage.push({ element, gain: node as GainNode, tap });
        return connect(node);
      };
      return source;
    };
  });
}

/** Each player `<audio>` element's gain stage (the one playing first), as recordGainStage sees it. */
export async function levelStages(page: Page): Promise<LevelStage[]> {
  return page.evaluate(() => {
    const stage = (window as unknown as { __gainStage?: { element: HTMLMediaElement; gain: GainNode; tap: AnalyserNode }[] }).__gainStage ?? [];
    return [...document.querySelectorAll('audio')].map((element) => {
      const routed = stage.find((entry) => entry.element === element);
      let rms: number | null = null;
      if (routed) {
        const samples = new Float32Array(routed.tap.fftSize);
        routed.tap.getFloatTimeDomainData(samples);
        rms = Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
      }
      return { gain: routed ? routed.gain.gain.value : null, rms, volume: element.volume, src: element.currentSrc };
    });
  });
}
