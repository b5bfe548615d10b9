import type { Track } from '@platter/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { usePlayerStore } from '../features/player/player-store';
import type { QueueOffer } from './play-queue-sync';
import { applyRemoteCommand, liveOffer, remotePosition, startingPoint, type RemoteDevice } from './remote-control';

const device = (over: Partial<RemoteDevice['state']> = {}): RemoteDevice => ({
  id: 'd-1',
  name: 'Chrome on Linux',
  heardAt: 10_000,
  state: { trackId: 't', title: 'T', artist: 'A', positionSec: 30, durationSec: 40, playing: true, volume: 1, ...over },
});

describe('remote control', () => {
  afterEach(() => usePlayerStore.setState({ volume: 1, seek: null }));

  it("moves a playing remote's position on by the time since it was heard, up to its end; a paused one stays", () => {
    expect(remotePosition(device(), 12_500)).toBe(32.5);
    expect(remotePosition(device(), 60_000)).toBe(40);
    expect(remotePosition(device({ playing: false }), 60_000)).toBe(30);
  });

  it('plays a command addressed to this player on its own player', () => {
    applyRemoteCommand({ type: 'remote.command', deviceId: 'd-2', targetDeviceId: 'd-1', command: 'volume', value: 0.25 });
    expect(usePlayerStore.getState().volume).toBe(0.25);
    applyRemoteCommand({ type: 'remote.command', deviceId: 'd-2', targetDeviceId: 'd-1', command: 'volume', value: 7 });
    expect(usePlayerStore.getState().volume).toBe(1);
    usePlayerStore.getState().setList([{ id: 't', title: 'T', artist: 'A', duration: 120, url: '/media/t.mp3' } as Track], 0);
    applyRemoteCommand({ type: 'remote.command', deviceId: 'd-2', targetDeviceId: 'd-1', command: 'seek', value: 61 });
    expect(usePlayerStore.getState().seek?.to).toBe(61);
  });
});

describe('continue on this device', () => {
  const track = (id: string) => ({ id, title: `T ${id}` }) as Track;
  const offer: QueueOffer = { device: 'Chrome on Linux', tracks: [track('a'), track('t'), track('c')], index: 0, positionSec: 4 };

  it('shows the live track and position of the player that plays the offered queue, not the last save', () => {
    expect(liveOffer(offer, [device()], 12_000)).toEqual({ ...offer, index: 1, positionSec: 32 });
    // A paused player, or one that plays something else, says nothing new.
    expect(liveOffer(offer, [device({ playing: false })], 12_000)).toBe(offer);
    expect(liveOffer(offer, [device({ trackId: 'elsewhere' })], 12_000)).toBe(offer);
    expect(liveOffer(offer, [], 12_000)).toBe(offer);
  });

  it('starts where the player that handed over stopped, else where one plays now, else the saved position', () => {
    const handed = { ...device().state, trackId: 'c', positionSec: 10.25, playing: false };
    expect(startingPoint(offer, handed, [device()], 12_000)).toEqual({ ...offer, index: 2, positionSec: 10.25 });
    expect(startingPoint(offer, { ...handed, trackId: 'gone' }, [device()], 12_000)).toEqual({ ...offer, index: 1, positionSec: 32 });
    expect(startingPoint(offer, null, [], 12_000)).toBe(offer);
  });
});
