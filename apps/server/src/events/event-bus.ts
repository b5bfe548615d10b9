import { EventEmitter } from 'node:events';
import type { Comment, RemoteLiveEvent, Status, Track, WaveformStatus } from '@platter/shared';

/** Domain events services emit. A live-updates hub subscribes and fans them out to clients. */
export interface DomainEvents {
  'track.created': { track: Track };
  /** A track's like or listen counter changed. */
  'track.stats': { trackId: string; likes: number; listens: number };
  'likes.changed': { userId: string; trackId: string };
  'playlists.changed': { userId: string; playlistId: string };
  /** A playlist's entries, members or details changed: for everyone viewing it ('public'), or only these members (a private one). */
  'playlist.edited': { playlistId: string; audience: 'public' | string[] };
  'history.changed': { userId: string };
  /** Deleted, or hidden by an admin: gone from every public list. */
  'track.removed': { trackId: string };
  'track.waveform': { trackId: string; status: WaveformStatus };
  'track.updated': { trackId: string };
  'comment.added': { comment: Comment };
  'comment.deleted': { trackId: string; commentId: string };
  'post.changed': { postId: string; authorId: string; authorStatus: Status; change: 'created' | 'deleted' | 'likes' | 'pinned' };
  'profile.stats': { profileId: string; subscribers: number; subscriptions: number; tracks: number };
  'profile.updated': { profileId: string };
  'subscriptions.changed': { userId: string };
  'reports.changed': Record<string, never>;
  /** These users' notifications changed (new, taken back or read): each one's pages refetch the unread count. */
  'notifications.changed': { userIds: string[] };
  /** An unlisted or private track became public (its scheduled release, or its owner's switch): once per publication. */
  'track.published': { trackId: string; artistId: string };
  /** An unlisted, private or scheduled release made its tracks public: once per publication (one "new release" for its followers). */
  'release.published': { releaseId: string; artistId: string };
  /** Every session of this user was ended (a suspension): their open live-event streams end too, on every instance. */
  'sessions.ended': { userId: string };
  /** A user's player announced itself, asked the others to, or steered another (remote control): to that user's streams only. */
  'remote.message': { userId: string; event: RemoteLiveEvent };
  /** A session ended (signed out, revoked, replaced, expired): the live streams it opened end too. Never sent to clients. */
  'session.ended': { sessionId: string; userId: string };
}

/**
 * Delivers each event to every listener on every instance (shared-state/create-shared-state.ts picks in-process or
 * Redis), to the raising instance's own listeners synchronously inside emit(). Payloads must be
 * plain JSON. A listener runs once per instance: one that writes to the database or sends a job
 * must make that idempotent (as the waveform job's onceKey does), or it happens N times.
 */
export interface EventBus {
  emit<K extends keyof DomainEvents>(type: K, payload: DomainEvents[K]): void;
  on<K extends keyof DomainEvents>(type: K, listener: (payload: DomainEvents[K]) => void): () => void;
}

/** Single-process bus; with REDIS_URL, RedisSharedState delivers through one of these on each instance. */
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
