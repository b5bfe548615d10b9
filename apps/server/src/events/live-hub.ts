import type { LiveEvent } from '@platter/shared';
import type { DomainEvents, EventBus } from './event-bus.js';

/** Who may see a live event: everyone, only the one user it concerns, or the admins. */
type Audience = { kind: 'public' } | { kind: 'user'; userId: string } | { kind: 'users'; userIds: Set<string> } | { kind: 'admins' };

/** A live event as one server-sent-events frame: `event: <type>\ndata: <json>\n\n`. */
export function toFrame(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export interface LiveListener {
  /** The signed-in viewer, or undefined for an anonymous one. */
  userId: string | undefined;
  isAdmin?: boolean;
  /**
   * One event for this viewer: `frame` is its SSE frame (see toFrame), made once per event for all
   * the listeners it goes to, so a stream only writes it; `event` is the same object for all of
   * them (read it, never change it).
   */
  send(frame: string, event: LiveEvent): void;
  /** Ends the stream (its viewer's sessions were ended): the browser reconnects, signed out. */
  end?(): void;
}

/**
 * Turns domain events into live messages and fans them out to the listeners allowed to see them.
 * Business logic never writes to a connection: it emits on the bus, and this hub does the rest.
 */
export class LiveHub {
  /** Every stream: public events go to all of them. */
  private readonly listeners = new Set<LiveListener>();
  /**
   * The signed-in streams by viewer, and the admins' apart: an event for one user, a few or the
   * admins is looked up, never found by a scan of every stream.
   */
  private readonly byUser = new Map<string, Set<LiveListener>>();
  private readonly admins = new Set<LiveListener>();
  private readonly unsubscribe: Array<() => void>;

  /**
   * @param onEventsMissed where the bus says events of other instances may have been lost (the
   *   shared state's `onEventsMissed`); the hub passes it on to whoever serves the streams.
   */
  constructor(
    bus: EventBus,
    readonly onEventsMissed: (listener: () => void) => () => void = () => () => undefined,
  ) {
    const route = <K extends keyof DomainEvents>(type: K, map: (payload: DomainEvents[K]) => [Audience, LiveEvent]) =>
      bus.on(type, (payload) => {
        const [audience, event] = map(payload);
        this.publish(audience, event);
      });
    const publicAudience: Audience = { kind: 'public' };
    this.unsubscribe = [
      // An unlisted, private or moderated track is news to its owner only.
      route('track.created', ({ track }) => [
        track.hidden || (track.visibility ?? 'public') !== 'public' ? { kind: 'user', userId: track.artistId } : publicAudience,
        { type: 'track.created', track },
      ]),
      route('track.stats', (p) => [publicAudience, { type: 'track.stats', ...p }]),
      route('likes.changed', ({ userId }) => [{ kind: 'user', userId }, { type: 'likes.changed' }]),
      route('playlists.changed', ({ userId, playlistId }) => [{ kind: 'user', userId }, { type: 'playlists.changed', playlistId }]),
      // A private playlist's changes go to its owner and collaborators only.
      route('playlist.edited', ({ playlistId, audience }) => [
        audience === 'public' ? publicAudience : { kind: 'users', userIds: new Set(audience) },
        { type: 'playlist.edited', playlistId },
      ]),
      route('history.changed', ({ userId }) => [{ kind: 'user', userId }, { type: 'history.changed' }]),
      route('track.removed', (p) => [publicAudience, { type: 'track.removed', ...p }]),
      route('track.waveform', (p) => [publicAudience, { type: 'track.waveform', ...p }]),
      route('track.updated', (p) => [publicAudience, { type: 'track.updated', ...p }]),
      route('comment.added', (p) => [publicAudience, { type: 'comment.added', ...p }]),
      route('comment.deleted', (p) => [publicAudience, { type: 'comment.deleted', ...p }]),
      // Posts are public on artist pages; each client decides whether its news feed is concerned.
      route('post.changed', (p) => [publicAudience, { type: 'post.changed', ...p }]),
      route('profile.stats', (p) => [publicAudience, { type: 'profile.stats', ...p }]),
      route('profile.updated', (p) => [publicAudience, { type: 'profile.updated', ...p }]),
      route('subscriptions.changed', ({ userId }) => [{ kind: 'user', userId }, { type: 'subscriptions.changed' }]),
      route('reports.changed', () => [{ kind: 'admins' }, { type: 'reports.changed' }]),
      route('notifications.changed', ({ userIds }) => [{ kind: 'users', userIds: new Set(userIds) }, { type: 'notifications.changed' }]),
      route('remote.message', ({ userId, event }) => [{ kind: 'user', userId }, event]),
      bus.on('sessions.ended', ({ userId }) => {
        for (const listener of [...(this.byUser.get(userId) ?? [])]) listener.end?.();
      }),
    ];
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    const { userId } = listener;
    if (userId !== undefined) {
      const own = this.byUser.get(userId);
      if (own) own.add(listener);
      else this.byUser.set(userId, new Set([listener]));
    }
    if (listener.isAdmin === true) this.admins.add(listener);
    return () => {
      this.listeners.delete(listener);
      this.admins.delete(listener);
      if (userId === undefined) return;
      const own = this.byUser.get(userId);
      own?.delete(listener);
      if (own?.size === 0) this.byUser.delete(userId);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  close(): void {
    for (const off of this.unsubscribe) off();
    this.listeners.clear();
    this.byUser.clear();
    this.admins.clear();
  }

  /** Sends to the listeners of an audience, looked up by its kind (a stream has one viewer, so none gets it twice). */
  private publish(audience: Audience, event: LiveEvent): void {
    // Serialized once, and only when someone gets it.
    let frame: string | undefined;
    const sendTo = (listeners: Iterable<LiveListener> | undefined) => {
      for (const listener of listeners ?? []) listener.send((frame ??= toFrame(event)), event);
    };
    switch (audience.kind) {
      case 'public':
        return sendTo(this.listeners);
      case 'user':
        return sendTo(this.byUser.get(audience.userId));
      case 'users':
        for (const userId of audience.userIds) sendTo(this.byUser.get(userId));
        return;
      case 'admins':
        return sendTo(this.admins);
    }
  }
}
