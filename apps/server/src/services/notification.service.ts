import {
  NOTIFICATIONS_UNREAD_CAP,
  NOTIFICATION_KINDS,
  type NotificationGroup,
  type NotificationKind,
  type NotificationPage,
  type NotificationSettings,
  type UnreadCount,
  type UpdateNotificationSettings,
  notificationsQuerySchema,
  updateNotificationSettingsSchema,
} from '@platter/shared';
import type { EventBus } from '../events/event-bus.js';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { nowIso } from '../lib/ids.js';
import type { NewNotification, NotificationRepository, NotificationRow } from '../repositories/notification.repository.js';
import type { ReleaseRepository } from '../repositories/release.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';

/** Users told of one fan-out per live event, so an event stays small however many followers an artist has. */
const ANNOUNCE_CHUNK = 500;
/** Actors shown by name in a group ("Ann, Bob and 12 others"). */
const GROUP_ACTORS = 3;

/** What services tell the notifications about; implemented by NotificationService. */
export interface NotificationSink {
  /** `actorId` did `kind` to something of `recipientId`'s: notify them (never themself; not when turned off; once). */
  notify(recipientId: string, actorId: string, kind: Exclude<NotificationKind, 'release' | 'export'>, subject?: { trackId?: string; commentId?: string; releaseId?: string }): Promise<void>;
  /** The like, repost or follow was undone: its notification goes, if still unread. */
  retract(recipientId: string, actorId: string, kind: 'follow' | 'like' | 'repost', subject?: { trackId?: string; releaseId?: string }): Promise<void>;
}

export interface NotificationServiceDeps {
  notifications: NotificationRepository;
  tracks: Pick<TrackRowsRepository, 'getById'>;
  /** Releases: a release going public is one "new release" notification naming the release, not one per track. */
  releases?: ReleaseRepository;
  events: EventBus;
  jobs: Pick<JobQueue, 'send'>;
  log?: (message: string, error?: unknown) => void;
}

function keys(kind: NotificationKind, actorId: string, subject: { trackId?: string; commentId?: string; releaseId?: string }): { key: string; groupKey: string } {
  if (kind === 'release' && subject.releaseId) return { key: `release-of:${subject.releaseId}`, groupKey: `release-of:${subject.releaseId}` };
  // A repost of a release (migration release-reposts): its own keys, never those of a track.
  if (kind === 'repost' && subject.releaseId) return { key: `repost:${actorId}:release:${subject.releaseId}`, groupKey: `repost:release:${subject.releaseId}` };
  switch (kind) {
    case 'follow':
      return { key: `follow:${actorId}`, groupKey: 'follow' };
    case 'comment':
      return { key: `comment:${subject.commentId}`, groupKey: `comment:${subject.trackId}` };
    // One row per reply; the replies to one person on one track are read together.
    case 'reply':
      return { key: `reply:${subject.commentId}`, groupKey: `reply:${subject.trackId}` };
    case 'release':
      return { key: `release:${subject.trackId}`, groupKey: `release:${subject.trackId}` };
    default:
      return { key: `${kind}:${actorId}:${subject.trackId}`, groupKey: `${kind}:${subject.trackId}` };
  }
}

/**
 * Notifications: a new follower, a like, a comment, a reply to one's comment, a repost, a followed artist's new
 * release. Written when the thing happens (one row), or for a release by a claimed background job
 * that copies the artist's followers into notifications in one INSERT … SELECT. Each change
 * reaches the recipients' open pages as the live event `notifications.changed`.
 */
export class NotificationService implements NotificationSink {
  private readonly log: (message: string, error?: unknown) => void;
  private stopListening: (() => void) | undefined;

  constructor(private readonly deps: NotificationServiceDeps) {
    this.log = deps.log ?? (() => undefined);
  }

  /** The release fan-out job: every follower of the artist told of a new release, once. */
  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'notify-release',
          run: async ({ trackId, releaseId }) => {
            if (releaseId) await this.fanOutWholeRelease(releaseId);
            else if (trackId) await this.fanOutRelease(trackId);
          },
        }),
      ],
    };
  }

  /** Sends the release fan-out job for every new visible track and every published release. */
  listen(): void {
    const announce = (trackId: string) =>
      this.announceRelease(trackId).catch((error: unknown) => this.log(`could not queue the release notifications of track ${trackId}`, error));
    // A track uploaded public is a release at once; an unlisted or private one when it goes public
    // (its scheduled time, or its owner's switch): `track.published`, once per publication.
    // A track made public by its release (`release.published`) is announced with the release, once
    // for all of its tracks: such a track is on a release when it is created in the lists.
    const created = this.deps.events.on('track.created', ({ track }) => {
      if (track.hidden || (track.visibility ?? 'public') !== 'public' || track.release) return;
      void announce(track.id);
    });
    const published = this.deps.events.on('track.published', ({ trackId }) => void announce(trackId));
    const releasePublished = this.deps.events.on('release.published', ({ releaseId }) => {
      void this.announceWholeRelease(releaseId).catch((error: unknown) => this.log(`could not queue the release notifications of release ${releaseId}`, error));
    });
    this.stopListening = () => {
      created();
      published();
      releasePublished();
    };
  }

  close(): void {
    this.stopListening?.();
  }

  /**
   * Queues the "new release" notifications of a track that just became public: once per track,
   * however many instances hear of it (onceKey). For `track.created`, and for a scheduled release
   * when it goes public.
   */
  async announceRelease(trackId: string): Promise<void> {
    await this.deps.jobs.send('notify-release', { trackId }, { onceKey: `notify-release:${trackId}` });
  }

  /** Queues the one "new release" notification of a release that went public: once per release, however many instances hear of it. */
  async announceWholeRelease(releaseId: string): Promise<void> {
    await this.deps.jobs.send('notify-release', { releaseId }, { onceKey: `notify-release:release:${releaseId}` });
  }

  /** The job's work for a release: every follower of its artist gets one notification naming it (once). Returns how many got it now. */
  async fanOutWholeRelease(releaseId: string): Promise<number> {
    const release = await this.deps.releases?.getById(releaseId);
    if (!release || release.visibility !== 'public' || Number(release.track_count) === 0) return 0;
    const n: NewNotification = {
      kind: 'release',
      ...keys('release', release.artist_id, { releaseId }),
      actorId: release.artist_id,
      trackId: null,
      releaseId,
      commentId: null,
      at: nowIso(),
    };
    const userIds = await this.deps.notifications.fanOut(release.artist_id, n);
    this.announce(userIds);
    return userIds.length;
  }

  /** The job's work: every follower of the track's artist gets the notification (once). Returns how many got it now. */
  async fanOutRelease(trackId: string): Promise<number> {
    const track = await this.deps.tracks.getById(trackId);
    if (!track || track.hidden) return 0;
    const n: NewNotification = { kind: 'release', ...keys('release', track.artist_id, { trackId }), actorId: track.artist_id, trackId, releaseId: null, commentId: null, at: nowIso() };
    const userIds = await this.deps.notifications.fanOut(track.artist_id, n);
    this.announce(userIds);
    return userIds.length;
  }

  async notify(recipientId: string, actorId: string, kind: Exclude<NotificationKind, 'release' | 'export'>, subject: { trackId?: string; commentId?: string; releaseId?: string } = {}): Promise<void> {
    if (recipientId === actorId) return;
    const n: NewNotification = {
      kind,
      ...keys(kind, actorId, subject),
      actorId,
      trackId: subject.trackId ?? null,
      commentId: subject.commentId ?? null,
      ...(subject.releaseId ? { releaseId: subject.releaseId } : {}),
      at: nowIso(),
    };
    if (await this.deps.notifications.add(recipientId, n)) this.announce([recipientId]);
  }

  /**
   * A notification about the user's own account, from nobody (`export`: their data export is
   * ready): one per `subjectId`, never turned off.
   */
  async notifyAccount(userId: string, kind: 'export', subjectId: string): Promise<void> {
    const key = `${kind}:${subjectId}`;
    const n: NewNotification = { kind, key, groupKey: key, actorId: null, trackId: null, commentId: null, at: nowIso() };
    if (await this.deps.notifications.add(userId, n)) this.announce([userId]);
  }

  /**
   * A notification from an account on another server (federation's inbox): a follow, like, repost
   * or reply, keyed like a local one by the remote actor's URI.
   */
  async notifyRemote(recipientId: string, remoteActorUri: string, kind: 'follow' | 'like' | 'repost' | 'comment', subject: { trackId?: string; replyUri?: string } = {}): Promise<void> {
    const actorKey = `remote:${remoteActorUri}`;
    const n: NewNotification = {
      kind,
      ...keys(kind, actorKey, { trackId: subject.trackId, commentId: subject.replyUri }),
      actorId: null,
      remoteActorUri,
      remoteReplyUri: subject.replyUri ?? null,
      trackId: subject.trackId ?? null,
      commentId: null,
      at: nowIso(),
    };
    if (await this.deps.notifications.add(recipientId, n)) this.announce([recipientId]);
  }

  async retractRemote(recipientId: string, remoteActorUri: string, kind: 'follow' | 'like' | 'repost', subject: { trackId?: string } = {}): Promise<void> {
    if (await this.deps.notifications.removeUnread(recipientId, keys(kind, `remote:${remoteActorUri}`, subject).key)) this.announce([recipientId]);
  }

  async retract(recipientId: string, actorId: string, kind: 'follow' | 'like' | 'repost', subject: { trackId?: string; releaseId?: string } = {}): Promise<void> {
    if (recipientId === actorId) return;
    if (await this.deps.notifications.removeUnread(recipientId, keys(kind, actorId, subject).key)) this.announce([recipientId]);
  }

  private announce(userIds: string[]): void {
    for (let i = 0; i < userIds.length; i += ANNOUNCE_CHUNK) {
      this.deps.events.emit('notifications.changed', { userIds: userIds.slice(i, i + ANNOUNCE_CHUNK) });
    }
  }

  async unread(userId: string): Promise<UnreadCount> {
    const n = await this.deps.notifications.unreadCount(userId, NOTIFICATIONS_UNREAD_CAP);
    return { unread: Math.min(n, NOTIFICATIONS_UNREAD_CAP), capped: n > NOTIFICATIONS_UNREAD_CAP };
  }

  async markAllRead(userId: string): Promise<UnreadCount> {
    if ((await this.deps.notifications.markAllRead(userId)) > 0) this.announce([userId]);
    return { unread: 0, capped: false };
  }

  /** A page of notifications (`limit` of them, newest first), grouped by kind and subject within the page. */
  async page(userId: string, input: { before?: string; limit?: number }): Promise<NotificationPage> {
    const { before, limit } = notificationsQuerySchema.parse(input);
    let cursor: { at: string; key: string } | undefined;
    if (before) {
      const at = before.slice(0, before.indexOf('~'));
      cursor = { at, key: before.slice(at.length + 1) };
    }
    const rows = await this.deps.notifications.page(userId, cursor, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { groups: group(page.filter(shown)), nextCursor: rows.length > limit && last ? `${last.created_at}~${last.key}` : null };
  }

  async settings(userId: string): Promise<NotificationSettings> {
    const off = new Set(await this.deps.notifications.optouts(userId));
    return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as NotificationSettings;
  }

  async updateSettings(userId: string, input: UpdateNotificationSettings): Promise<NotificationSettings> {
    const changes = updateNotificationSettingsSchema.parse(input);
    await this.deps.notifications.setOptouts(
      userId,
      NOTIFICATION_KINDS.flatMap((kind) => (changes[kind] === undefined ? [] : [[kind, changes[kind]] as [NotificationKind, boolean]])),
    );
    return this.settings(userId);
  }
}

/**
 * Rows about a track that was hidden since are left out (deleted tracks took their rows with them);
 * so are rows about a release that is gone or no longer public.
 */
const shown = (row: NotificationRow): boolean =>
  (row.track_id === null || (row.track_title !== null && row.track_hidden === 0)) && (row.release_id === null || (row.release_title !== null && row.release_visibility === 'public'));

function group(rows: NotificationRow[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const row of rows) {
    let g = groups.get(row.group_key);
    if (!g) {
      g = {
        key: row.group_key,
        kind: row.kind,
        actors: [],
        count: 0,
        unread: false,
        latestAt: row.created_at,
        track: row.track_id && row.track_title !== null ? { id: row.track_id, title: row.track_title } : null,
        release: row.release_id && row.release_title !== null ? { id: row.release_id, title: row.release_title } : null,
        comment: row.comment_text,
      };
      groups.set(row.group_key, g);
    }
    g.count += 1;
    if (!row.read) g.unread = true;
    if (row.actor_id && g.actors.length < GROUP_ACTORS && !g.actors.some((a) => a.id === row.actor_id)) {
      g.actors.push({ id: row.actor_id, name: row.actor_name?.trim() || '—', photoURL: row.actor_photo, ...(row.actor_url ? { url: row.actor_url } : {}) });
    }
  }
  return [...groups.values()];
}
