import { formatTime } from '@platter/shared/format';

/** What the server puts in `#embed-data` (apps/server/src/services/embed-html.ts). */
export interface EmbedData {
  kind: 'track';
  tracks: Array<{ id: string; src: string; saver: string | null; duration: number | null }>;
  words: { play: string; pause: string };
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
 * arrow keys) on the waveform, the elapsed time. A playback start (the first play, or a play after
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
  const track = data.tracks[0];
  if (!track) return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  const source = chooseSource(track, connection?.saveData === true);
  if (!audio.getAttribute('src')?.endsWith(source)) audio.src = source;

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
    showState();
  });
  for (const type of ['pause', 'error', 'emptied']) audio.addEventListener(type, showState);
  for (const type of ['timeupdate', 'durationchange', 'seeked', 'loadedmetadata']) audio.addEventListener(type, showTime);
}

/** POST with Platter's own Origin (the page is Platter's, whoever frames it); no session needed. */
async function postListen(url: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
}
