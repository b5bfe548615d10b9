import type { LiveEvent } from '@platter/shared';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryEventBus } from './event-bus.js';
import { LiveHub, toFrame } from './live-hub.js';

describe('LiveHub', () => {
  const setup = () => {
    const bus = new InMemoryEventBus();
    const hub = new LiveHub(bus);
    const inbox = (userId: string | undefined) => {
      const events: LiveEvent[] = [];
      hub.subscribe({ userId, send: (_frame, e) => events.push(e) });
      return events;
    };
    return { bus, hub, inbox };
  };

  it('sends public events to everyone, signed in or not', () => {
    const { bus, inbox } = setup();
    const anon = inbox(undefined);
    const alice = inbox('alice');
    bus.emit('track.stats', { trackId: 't1', likes: 2, listens: 5 });
    expect(anon).toEqual([{ type: 'track.stats', trackId: 't1', likes: 2, listens: 5 }]);
    expect(alice).toEqual(anon);
  });

  it('sends private events only to the user they concern', () => {
    const { bus, inbox } = setup();
    const anon = inbox(undefined);
    const alice = inbox('alice');
    const aliceOtherTab = inbox('alice');
    const bob = inbox('bob');
    bus.emit('playlists.changed', { userId: 'alice', playlistId: 'p1' });
    bus.emit('likes.changed', { userId: 'bob', trackId: 't1' });
    expect(alice).toEqual([{ type: 'playlists.changed', playlistId: 'p1' }]);
    expect(aliceOtherTab).toEqual(alice);
    expect(bob).toEqual([{ type: 'likes.changed' }]);
    expect(anon).toEqual([]);
  });

  it('sends a private playlist’s edits to its members only, a public one’s to everyone', () => {
    const { bus, inbox } = setup();
    const anon = inbox(undefined);
    const owner = inbox('owner');
    const collaborator = inbox('collaborator');
    const stranger = inbox('stranger');
    bus.emit('playlist.edited', { playlistId: 'private', audience: ['owner', 'collaborator'] });
    bus.emit('playlist.edited', { playlistId: 'public', audience: 'public' });
    const both = [
      { type: 'playlist.edited', playlistId: 'private' },
      { type: 'playlist.edited', playlistId: 'public' },
    ];
    expect(owner).toEqual(both);
    expect(collaborator).toEqual(both);
    expect(stranger).toEqual([{ type: 'playlist.edited', playlistId: 'public' }]);
    expect(anon).toEqual(stranger);
  });

  it('serializes each event once into its SSE frame, the very string every stream writes', () => {
    const { bus, hub } = setup();
    const frames: string[] = [];
    for (let i = 0; i < 3; i++) hub.subscribe({ userId: undefined, send: (frame) => frames.push(frame) });
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      bus.emit('track.stats', { trackId: 't1', likes: 2, listens: 5 });
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
    expect(frames).toEqual(Array(3).fill('event: track.stats\ndata: {"type":"track.stats","trackId":"t1","likes":2,"listens":5}\n\n'));
    expect(frames[0]).toBe(toFrame({ type: 'track.stats', trackId: 't1', likes: 2, listens: 5 }));
  });

  it('stops sending after unsubscribe', () => {
    const { bus, hub } = setup();
    const events: LiveEvent[] = [];
    const off = hub.subscribe({ userId: 'a', send: (_frame, e) => events.push(e) });
    off();
    bus.emit('history.changed', { userId: 'a' });
    expect(events).toEqual([]);
    expect(hub.size).toBe(0);
  });
});
