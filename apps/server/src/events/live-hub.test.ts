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

  it('sends admin events to the admins only, and ends the streams of the user whose sessions ended', () => {
    const { bus, hub } = setup();
    const got: Record<string, string[]> = { admin: [], alice: [], bob: [] };
    const ended: string[] = [];
    const add = (name: string, userId: string, isAdmin = false) =>
      hub.subscribe({ userId, isAdmin, send: (_frame, e) => got[name]?.push(e.type), end: () => ended.push(name) });
    add('admin', 'root', true);
    add('alice', 'alice');
    add('bob', 'bob');
    bus.emit('reports.changed', {});
    bus.emit('sessions.ended', { userId: 'alice' });
    expect(got).toEqual({ admin: ['reports.changed'], alice: [], bob: [] });
    expect(ended).toEqual(['alice']);
  });

  it('finds the streams of a user event by user, without looking at the others', () => {
    const { bus, hub } = setup();
    let looked = 0;
    // A stream whose viewer is read after subscribing would be one scanned at publish time.
    const watched = (userId: string | undefined) => {
      const listener = { userId, send: () => undefined };
      hub.subscribe(listener);
      Object.defineProperty(listener, 'userId', { get: () => (looked++, userId) });
    };
    for (let i = 0; i < 100; i++) watched(i % 2 === 0 ? undefined : `user-${i}`);
    const alice: string[] = [];
    hub.subscribe({ userId: 'alice', send: (_frame, e) => alice.push(e.type) });
    bus.emit('history.changed', { userId: 'alice' });
    bus.emit('notifications.changed', { userIds: ['alice', 'nobody'] });
    bus.emit('sessions.ended', { userId: 'nobody' });
    expect(alice).toEqual(['history.changed', 'notifications.changed']);
    expect(looked).toBe(0);
  });

  it('stops sending after unsubscribe', () => {
    const { bus, hub } = setup();
    const events: LiveEvent[] = [];
    const off = hub.subscribe({ userId: 'a', send: (_frame, e) => events.push(e) });
    off();
    bus.emit('history.changed', { userId: 'a' });
    bus.emit('track.stats', { trackId: 't1', likes: 0, listens: 1 });
    expect(events).toEqual([]);
    expect(hub.size).toBe(0);
  });
});
