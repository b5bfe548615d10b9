import type { PlayQueueState, Track } from '@platter/shared';
import { describe, expect, it } from 'vitest';
import { deviceName, offerKey, offerOf } from './play-queue-sync';

const track = (id: string) => ({ id, title: `T ${id}` }) as Track;
const saved = (over: Partial<NonNullable<PlayQueueState['queue']>> = {}): PlayQueueState => ({
  queue: { tracks: [track('a'), track('b')], currentId: 'b', positionMs: 83_500, changedBy: 'Symfonium', updatedAt: '2026-11-26T10:00:00.000Z', ...over },
});

describe('continue on another device', () => {
  it('offers a queue saved elsewhere, from its current track and position', () => {
    expect(offerOf(saved(), '2026-11-26T09:00:00.000Z')).toEqual({ device: 'Symfonium', tracks: [track('a'), track('b')], index: 1, positionSec: 83.5 });
    expect(offerOf(saved({ currentId: null }), null)).toMatchObject({ index: 0, positionSec: 0 });
  });

  it('offers nothing for the queue this device saved last, an empty one, or none', () => {
    expect(offerOf(saved(), '2026-11-26T10:00:00.000Z')).toBeNull();
    expect(offerOf(saved({ tracks: [] }), null)).toBeNull();
    expect(offerOf({ queue: null }, null)).toBeNull();
  });

  it('offers nothing for a playback turned down here ("Not now"), until something new plays there', () => {
    const offer = offerOf(saved(), null)!;
    const dismissed = offerKey(offer);
    // The same playback saved again further on: still turned down.
    expect(offerOf(saved({ positionMs: 95_000, updatedAt: '2026-11-26T10:00:10.000Z' }), null, dismissed)).toBeNull();
    // Another track, another queue or another device: offered.
    expect(offerOf(saved({ currentId: 'a' }), null, dismissed)).toMatchObject({ index: 0 });
    expect(offerOf(saved({ tracks: [track('a'), track('b'), track('c')] }), null, dismissed)).not.toBeNull();
    expect(offerOf(saved({ changedBy: 'Firefox on Android' }), null, dismissed)).not.toBeNull();
  });

  it('names this device by its browser and system', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceName('Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0')).toBe('Firefox on Android');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
  });
});
