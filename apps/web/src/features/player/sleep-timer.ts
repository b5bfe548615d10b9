/**
 * The sleep timer: off, a number of minutes, or the end of the track playing. Timed, the last
 * SLEEP_FADE_MS fade the sound out (the adapter multiplies `sleepLevel` into both elements'
 * volumes) and playback pauses when it runs out; at the end of the track, the adapter does not move
 * on (no gapless switch) and pauses there. Either way the timer then switches itself off.
 */

export const SLEEP_MINUTES = [5, 15, 30, 45, 60] as const;
/** What the listener picks: off, minutes, or the end of the current track. */
export type SleepOption = 'off' | (typeof SLEEP_MINUTES)[number] | 'endOfTrack';
export const SLEEP_OPTIONS: readonly SleepOption[] = ['off', ...SLEEP_MINUTES, 'endOfTrack'];

export type SleepState = { kind: 'off' } | { kind: 'at'; endsAt: number; minutes: number } | { kind: 'endOfTrack' };
export const SLEEP_OFF: SleepState = { kind: 'off' };

/** The fade-out before a timed sleep pauses. */
export const SLEEP_FADE_MS = 5000;

/** The timer `option` sets, started at `now` (ms, Date.now()'s clock). */
export function sleepStateFor(option: SleepOption, now: number): SleepState {
  if (option === 'off') return SLEEP_OFF;
  if (option === 'endOfTrack') return { kind: 'endOfTrack' };
  return { kind: 'at', endsAt: now + option * 60_000, minutes: option };
}

/** The option a state was set with (what the picker shows). */
export function sleepOptionOf(state: SleepState): SleepOption {
  if (state.kind === 'at') return (SLEEP_MINUTES as readonly number[]).includes(state.minutes) ? (state.minutes as SleepOption) : 'off';
  return state.kind === 'endOfTrack' ? 'endOfTrack' : 'off';
}

/** Milliseconds left on a timed sleep (never negative); null for the others. */
export function sleepRemaining(state: SleepState, now: number): number | null {
  return state.kind === 'at' ? Math.max(0, state.endsAt - now) : null;
}

/** The volume factor: 1, then down to 0 linearly over the last `fadeMs` of a timed sleep. */
export function sleepLevel(state: SleepState, now: number, fadeMs: number = SLEEP_FADE_MS): number {
  const left = sleepRemaining(state, now);
  if (left === null || left >= fadeMs) return 1;
  return fadeMs > 0 ? left / fadeMs : 0;
}

/** Whether a timed sleep has run out. */
export function sleepDue(state: SleepState, now: number): boolean {
  return state.kind === 'at' && now >= state.endsAt;
}

/** `m:ss` (or `h:mm:ss`) of the time left, rounded up to the second. */
export function formatSleepRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

export interface SleepClock {
  now(): number;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realClock: SleepClock = {
  now: () => Date.now(),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/** How often a running timed sleep updates the fade. */
export const SLEEP_TICK_MS = 100;

/**
 * Runs a timed sleep: while `state` is timed, tells `onLevel` the fade's level on every tick, and
 * `onFire` once when it runs out (then the level goes back to 1, for whoever plays next). Call
 * `update` with each new state (switched off, changed); returns the stop.
 */
export function createSleepRunner(onLevel: (level: number) => void, onFire: () => void, clock: SleepClock = realClock) {
  let state: SleepState = SLEEP_OFF;
  let ticker: unknown = null;
  let level = 1;

  const setLevel = (next: number) => {
    if (next === level) return;
    level = next;
    onLevel(level);
  };
  const stopTicking = () => {
    if (ticker !== null) clock.clearInterval(ticker);
    ticker = null;
  };
  const tick = () => {
    const now = clock.now();
    if (sleepDue(state, now)) {
      stopTicking();
      state = SLEEP_OFF;
      onFire();
      setLevel(1);
      return;
    }
    setLevel(sleepLevel(state, now));
  };

  return {
    update(next: SleepState) {
      if (next === state) return;
      state = next;
      stopTicking();
      if (state.kind === 'at') {
        ticker = clock.setInterval(tick, SLEEP_TICK_MS);
        tick();
      } else {
        setLevel(1);
      }
    },
    stop() {
      stopTicking();
      state = SLEEP_OFF;
    },
  };
}
