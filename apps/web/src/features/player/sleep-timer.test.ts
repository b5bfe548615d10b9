import { describe, expect, it, vi } from 'vitest';
import { createSleepRunner, formatSleepRemaining, SLEEP_FADE_MS, SLEEP_OFF, SLEEP_OPTIONS, sleepDue, sleepLevel, sleepOptionOf, sleepRemaining, sleepStateFor, type SleepClock } from './sleep-timer';

const MINUTE = 60_000;

describe('the sleep timer', () => {
  it('offers off, 5 to 60 minutes and the end of the track', () => {
    expect(SLEEP_OPTIONS).toEqual(['off', 5, 15, 30, 45, 60, 'endOfTrack']);
    expect(sleepStateFor('off', 1000)).toEqual(SLEEP_OFF);
    expect(sleepStateFor(15, 1000)).toEqual({ kind: 'at', endsAt: 1000 + 15 * MINUTE, minutes: 15 });
    for (const option of SLEEP_OPTIONS) expect(sleepOptionOf(sleepStateFor(option, 0))).toBe(option);
    expect(sleepStateFor('endOfTrack', 1000)).toEqual({ kind: 'endOfTrack' });
  });

  it('counts down, fades over its last seconds, and is due at its end', () => {
    const timer = sleepStateFor(5, 0);
    expect(sleepRemaining(timer, 2 * MINUTE)).toBe(3 * MINUTE);
    expect(sleepRemaining(timer, 6 * MINUTE)).toBe(0);
    expect(sleepLevel(timer, 5 * MINUTE - SLEEP_FADE_MS - 1)).toBe(1);
    expect(sleepLevel(timer, 5 * MINUTE - SLEEP_FADE_MS / 2)).toBeCloseTo(0.5, 6);
    expect(sleepLevel(timer, 5 * MINUTE)).toBe(0);
    expect(sleepDue(timer, 5 * MINUTE - 1)).toBe(false);
    expect(sleepDue(timer, 5 * MINUTE)).toBe(true);
    // Off and end-of-track have no clock: never due, never faded by it.
    for (const other of [SLEEP_OFF, sleepStateFor('endOfTrack', 0)]) {
      expect(sleepRemaining(other, 10 * MINUTE)).toBeNull();
      expect(sleepLevel(other, 10 * MINUTE)).toBe(1);
      expect(sleepDue(other, 10 * MINUTE)).toBe(false);
    }
  });

  it('shows the time left as m:ss, rounded up (h:mm:ss past an hour)', () => {
    expect(formatSleepRemaining(15 * MINUTE)).toBe('15:00');
    expect(formatSleepRemaining(61_001)).toBe('1:02');
    expect(formatSleepRemaining(999)).toBe('0:01');
    expect(formatSleepRemaining(0)).toBe('0:00');
    expect(formatSleepRemaining(60 * MINUTE + 5000)).toBe('1:00:05');
  });

  it('the runner fades, fires once, and comes back to full level; a cancel stops it', () => {
    let now = 0;
    const ticks: (() => void)[] = [];
    const clock: SleepClock = {
      now: () => now,
      setInterval: (run) => ticks.push(run),
      clearInterval: () => ticks.splice(0),
    };
    const levels: number[] = [];
    const fire = vi.fn();
    const runner = createSleepRunner((level) => levels.push(level), fire, clock);
    runner.update(sleepStateFor(5, 0));
    const tick = (at: number) => {
      now = at;
      ticks[0]?.();
    };
    tick(5 * MINUTE - SLEEP_FADE_MS - 10);
    expect(levels).toEqual([]);
    tick(5 * MINUTE - SLEEP_FADE_MS / 2);
    expect(levels.at(-1)).toBeCloseTo(0.5, 6);
    tick(5 * MINUTE);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(levels.at(-1)).toBe(1);
    expect(ticks).toHaveLength(0);

    runner.update(sleepStateFor(5, now));
    tick(now + 5 * MINUTE - 1000);
    expect(levels.at(-1)).toBeCloseTo(0.2, 6);
    runner.update(SLEEP_OFF);
    expect(levels.at(-1)).toBe(1);
    expect(ticks).toHaveLength(0);
    expect(fire).toHaveBeenCalledTimes(1);
  });
});
