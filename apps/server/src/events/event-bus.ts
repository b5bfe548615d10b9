import { EventEmitter } from 'node:events';
import type { Track } from '@platter/shared';

/** Domain events services emit. A live-updates hub subscribes and fans them out to clients. */
export interface DomainEvents {
  'track.created': { track: Track };
  /** A track's like or listen counter changed. */
  'track.stats': { trackId: string; likes: number; listens: number };
  'likes.changed': { userId: string; trackId: string };
  'playlists.changed': { userId: string; playlistId: string };
  'history.changed': { userId: string };
}

export interface EventBus {
  emit<K extends keyof DomainEvents>(type: K, payload: DomainEvents[K]): void;
  on<K extends keyof DomainEvents>(type: K, listener: (payload: DomainEvents[K]) => void): () => void;
}

/** Single-process bus; a multi-instance deployment swaps in one backed by Redis pub/sub. */
export class InMemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  emit<K extends keyof DomainEvents>(type: K, payload: DomainEvents[K]): void {
    this.emitter.emit(type, payload);
  }

  on<K extends keyof DomainEvents>(type: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(type, listener);
    return () => this.emitter.off(type, listener);
  }
}
