import { formatTime } from '@platter/shared/format';

/** What the server puts in `#embed-data` (apps/server/src/services/embed-html.ts). */
export interface EmbedData {
  kind: 'track' | 'release';
  /** A release's tracks carry their title and peaks: the page redraws the waveform for the one playing. */
  tracks: Array<{ id: string; src: string; saver: string | null; duration: number | null; title?: string; peaks?: number[] }>;
  words: { play: string; pause: string };
}

const SVG = 'http://www.w3.org/2000/svg';

/** Redraws a waveform's bars (the same shapes the server renders: 3 units a bar, 100 high). */
export function drawBars(svg: SVGElement, peaks: readonly number[]): void {
  const bars = peaks.length > 0 ? peaks : new Array<number>(120).fill(0.08);
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.setAttribute('viewBox', `0 0 ${bars.length * 3 - 1} 100`);
  bars.forEach((peak, i) => {
    const h = Math.max(4, Math.round(peak * 100));
    const rect = svg.ownerDocument.createElementNS(SVG, 'rect');
    for (const [name, value] of [['x', i * 3], ['y', (100 - h) / 2], ['width', 2], ['height', h], ['rx', 1]] as const) rect.setAttribute(name, String(value));
    svg.appendChild(rect);
  });
}

/** Seconds a key press on the waveform moves by. */
const KEY_STEP_SECONDS = 5;

/** The fraction of the waveform's width at a pointer's x, clamped to 0..1. */
export function fractionAt(clientX: number, rect: { left: number; width: number }): number {
  if (rect.width <= 0) return 0;
  return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
}

/** The audio to play: the data-saver rendition when the browser asks to save data and there is one. */
export function chooseSource(track: EmbedData['tracks'][number], saveData: boolean): string {
  return saveData && track.saver ? track.saver : track.src;
}

/**
 * Wires the server-rendered player to its <audio>: play and pause, seeking by a click (or the
 * arrow keys) on the waveform, the elapsed time; for a release, its track list (a click plays that
 * track) and the next track when one ends, the waveform redrawn for each. A playback start (the first play, or a play after
 * the end) counts one listen the way the main player does (POST /api/tracks/:id/listens, anonymous
 * listens allowed; resuming after a pause or seeking is not a start).
 */
export function mountEmbed(doc: Document, send: (url: string) => Promise<unknown> = postListen): void {
  const dataElement = doc.getElementById('embed-data');
  const audio = doc.querySelector<HTMLAudioElement>('.embed__audio');
  const play = doc.querySelector<HTMLButtonElement>('.embed__play');
  const wave = doc.querySelector<HTMLElement>('.embed__wave');
  const played = doc.querySelector<SVGElement>('.embed__bars--played');
  const current = doc.querySelector<HTMLElement>('.embed__current');
  const total = doc.querySelector<HTMLElement>('.embed__duration');
  if (!dataElement || !audio || !play || !wave || !played || !current || !total) return;
  const data = JSON.parse(dataElement.textContent ?? '{}') as EmbedData;
  const first = data.tracks[0];
  if (!first) return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  const saveData = connection?.saveData === true;
  /** The track playing (a release's: the one chosen in the list, or the next after one ends). */
  let index = 0;
  let track = first;
  const source = chooseSource(track, saveData);
  if (!audio.getAttribute('src')?.endsWith(source)) audio.src = source;
  const items = Array.from(doc.querySelectorAll<HTMLButtonElement>('.embed__item'));
  const now = doc.querySelector<HTMLElement>('.embed__now');
  const bars = Array.from(doc.querySelectorAll<SVGElement>('.embed__bars'));

  /** Whether this playback start was counted: false again after the track ends. */
  let counted = false;
  const duration = () => (Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : (track.duration ?? 0));

  const showTime = () => {
    const length = duration();
    const fraction = length > 0 ? Math.min(1, audio.currentTime / length) : 0;
    played.style.clipPath = `inset(0 ${(100 - fraction * 100).toFixed(2)}% 0 0)`;
    current.textContent = formatTime(audio.currentTime);
    total.textContent = formatTime(length);
    wave.setAttribute('aria-valuemax', String(Math.round(length)));
    wave.setAttribute('aria-valuenow', String(Math.round(audio.currentTime)));
    wave.setAttribute('aria-valuetext', formatTime(audio.currentTime));
  };
  const showState = () => {
    const playing = !audio.paused && !audio.ended;
    play.dataset.state = playing ? 'playing' : 'paused';
    play.setAttribute('aria-label', playing ? data.words.pause : data.words.play);
  };
  const start = () => {
    audio.play().catch((error: unknown) => console.error('embed: could not play', error));
  };
  const seek = (seconds: number) => {
    const length = duration();
    audio.currentTime = Math.max(0, length > 0 ? Math.min(seconds, length) : seconds);
    showTime();
  };

  /** Makes track `i` of a release the current one (its audio, waveform, title, list mark); plays it when asked. */
  const select = (i: number, andPlay: boolean) => {
    const next = data.tracks[i];
    if (!next) return;
    index = i;
    track = next;
    counted = false;
    audio.src = chooseSource(next, saveData);
    for (const svg of bars) drawBars(svg, next.peaks ?? []);
    if (now) now.textContent = next.title ?? '';
    items.forEach((item, j) => (j === i ? item.setAttribute('aria-current', 'true') : item.removeAttribute('aria-current')));
    showTime();
    if (andPlay) start();
  };
  items.forEach((item) => item.addEventListener('click', () => select(Number(item.dataset.index), true)));

  play.addEventListener('click', () => (audio.paused || audio.ended ? start() : audio.pause()));
  wave.addEventListener('click', (event) => {
    seek(fractionAt(event.clientX, wave.getBoundingClientRect()) * duration());
    if (audio.paused) start();
  });
  wave.addEventListener('keydown', (event) => {
    const moves: Record<string, number> = { ArrowRight: KEY_STEP_SECONDS, ArrowUp: KEY_STEP_SECONDS, ArrowLeft: -KEY_STEP_SECONDS, ArrowDown: -KEY_STEP_SECONDS };
    if (event.key in moves) seek(audio.currentTime + (moves[event.key] ?? 0));
    else if (event.key === 'Home') seek(0);
    else if (event.key === 'End') seek(duration());
    else if (event.key === ' ' || event.key === 'Enter') play.click();
    else return;
    event.preventDefault();
  });
  audio.addEventListener('playing', () => {
    showState();
    if (counted) return;
    counted = true;
    send(`/api/tracks/${encodeURIComponent(track.id)}/listens`).catch((error: unknown) => console.error('embed: listen not recorded', error));
  });
  audio.addEventListener('ended', () => {
    counted = false;
    // A release goes on to its next track; its last one (or a single track) stops.
    if (index + 1 < data.tracks.length) select(index + 1, true);
    else showState();
  });
  for (const type of ['pause', 'error', 'emptied']) audio.addEventListener(type, showState);
  for (const type of ['timeupdate', 'durationchange', 'seeked', 'loadedmetadata']) audio.addEventListener(type, showTime);
}

/** POST with Platter's own Origin (the page is Platter's, whoever frames it); no session needed. */
async function postListen(url: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
}
