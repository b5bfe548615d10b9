import type { HistoryEntry, LikeState, LikedIds, ListenResult, RecordListen, Track, TrackItems } from '@platter/shared';
import { HISTORY_LIMIT, OFFLINE_LISTEN_MAX_AGE_DAYS, TOP_CHARTS_LIMIT, recordListenSchema } from '@platter/shared';
import type { ActivityCounters } from '../lib/activity-counters.js';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { BadRequestError, NotFoundError } from '../lib/errors.js';
import { GroupCommit } from '../lib/group-commit.js';
import { newId, nowIso } from '../lib/ids.js';
import type { SharedState } from '../shared-state/shared-state.js';
import type { EngagementRepository, PlayOutcome, ReportedPlay } from '../repositories/engagement.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackCatalogueRepository } from '../repositories/track-catalogue.repository.js';
import type { TrackWithArtist } from '../repositories/track-query.js';
import type { ScrobbleOutbox } from './listenbrainz.service.js';
import type { NotificationSink } from './notification.service.js';
import { toTrack } from './track.mapper.js';
import { TrackStatsCoalescer } from './track-stats-coalescer.js';

/**
 * The listen rule: the player reports one listen per playback start of a track (a new start or a
 * restart by repeat, never a resume after pause). The server counts it unless the same listener
 * already counted this track within REPLAY_GUARD_MS, which absorbs double reports and reloads.
 * Both guards hold across instances: a signed-in listener's in the database (one transaction),
 * an anonymous one's in the shared state (Redis SET NX PX when scaled out).
 */
export const REPLAY_GUARD_MS = 10_000;

export interface Listener {
  userId: string | undefined;
  /** Identifies an anonymous listener (their address) for the replay guard. */
  anonymousKey: string;
}

export interface EngagementServiceDeps {
  db: Kysely<Database>;
  tracks: Pick<TrackRowsRepository, 'getById' | 'getManyVisible'> & Pick<TrackCatalogueRepository, 'topByListens'>;
  engagement: EngagementRepository;
  events: EventBus;
  /** Where anonymous listens are remembered for REPLAY_GUARD_MS (they have no user row to query). */
  shared: Pick<SharedState, 'firstSeen'>;
  /**
   * Listen batches committing at once (DialectSettings.listenBatches: 1 on SQLite, one writer; on
   * PostgreSQL more can overlap, each on its own pooled connection). Default 1.
   */
  listenBatches?: number;
  now?: () => number;
  /** Tells the track's artist of a like (and takes it back on unlike). */
  notifications?: NotificationSink;
  /** Where counted listens of linked ListenBrainz accounts are queued for scrobbling. */
  scrobbles?: ScrobbleOutbox;
  /** The operator's metrics: plays counted and not. */
  counters?: Pick<ActivityCounters, 'listens'>;
  /**
   * How often counted listens' `track.stats` go out, at most once per track (LISTEN_STATS_INTERVAL_MS,
   * a second, unless a test asks for less). Likes' go out at once.
   */
  listenStatsIntervalMs?: number;
}

export class EngagementService {
  private readonly now: () => number;
  /**
   * Listens are committed in batches (group commit): the plays reported while the previous batch
   * commits go together in one transaction, and each request is answered after its batch commits.
   */
  private readonly plays: GroupCommit<ReportedPlay, PlayOutcome>;
  /**
   * Tracks recently found visible, so a listen of a known track costs no read before its batch. The
   * batch checks again under its lock, so a stale entry only delays the 404 until then; dropped on
   * `track.removed` (from any instance over the bus), and after a minute anyway.
   */
  private readonly visibleTracks = new LRUCache<string, true>({ max: 20_000, ttl: 60_000 });
  /** `track.stats`: a like's at once, counted listens' coalesced per track on this instance. */
  private readonly stats: TrackStatsCoalescer;

  constructor(private readonly deps: EngagementServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.stats = new TrackStatsCoalescer((stats) => deps.events.emit('track.stats', stats), deps.listenStatsIntervalMs);
    this.plays = new GroupCommit({ commit: (plays) => this.commitPlays(plays), maxBatch: 256, maxConcurrent: deps.listenBatches ?? 1 });
    deps.events.on('track.removed', ({ trackId }) => this.visibleTracks.delete(trackId));
  }

  async like(userId: string, trackId: string): Promise<LikeState> {
    const track = await this.visibleTrack(trackId);
    const changed = await this.deps.db.transaction().execute((trx) => this.deps.engagement.like(trx, userId, trackId, nowIso()));
    const result = await this.likeResult(userId, trackId, true, changed);
    if (changed) await this.deps.notifications?.notify(track.artistId, userId, 'like', { trackId });
    return result;
  }

  async unlike(userId: string, trackId: string): Promise<LikeState> {
    const track = await this.visibleTrack(trackId);
    const changed = await this.deps.db.transaction().execute((trx) => this.deps.engagement.unlike(trx, userId, trackId));
    const result = await this.likeResult(userId, trackId, false, changed);
    if (changed) await this.deps.notifications?.retract(track.artistId, userId, 'like', { trackId });
    return result;
  }

  async likedIds(userId: string): Promise<LikedIds> {
    return { ids: await this.deps.engagement.likedTrackIds(userId) };
  }

  /** Liked tracks, most recently liked first. */
  async likedTracks(userId: string): Promise<TrackItems> {
    const ids = await this.deps.engagement.likedTrackIds(userId);
    return { items: orderByIds(ids, await this.deps.tracks.getManyVisible(ids)).map(toTrack) };
  }

  /**
   * Counts a play. `playedAt` is when a play made offline started (the app queues those and sends
   * them when back online); it may be up to OFFLINE_LISTEN_MAX_AGE_DAYS old, never in the future.
   */
  async recordListen(listener: Listener, trackId: string, input: RecordListen = {}): Promise<ListenResult> {
    const { playedAt } = recordListenSchema.parse(input);
    if (!this.visibleTracks.has(trackId)) {
      await this.visibleTrack(trackId);
      this.visibleTracks.set(trackId, true);
    }
    const now = playedAt ? this.playedAtTime(playedAt) : this.now();
    const at = new Date(now).toISOString();
    const { userId } = listener;
    let rule: ReportedPlay['rule'];
    if (userId) {
      rule = { kind: 'guarded', from: new Date(now - REPLAY_GUARD_MS).toISOString(), to: new Date(now + REPLAY_GUARD_MS).toISOString() };
    } else {
      // A play made offline is its own play: its start time is part of the key, so queued plays of
      // one track all count while a report sent twice does not.
      const key = `listen:${listener.anonymousKey}:${trackId}${playedAt ? `:${at}` : ''}`;
      rule = (await this.deps.shared.firstSeen(key, REPLAY_GUARD_MS)) ? { kind: 'counted' } : { kind: 'repeat' };
    }
    // Resolves after the batch holding this play has committed; a failed batch rejects it (a 500).
    const outcome = await this.plays.submit({ id: newId(), trackId, userId: userId ?? null, at, rule });
    if (!outcome.found) {
      this.visibleTracks.delete(trackId);
      throw trackNotFound();
    }
    return { trackId, counted: outcome.counted, listens: outcome.listens };
  }

  /** Sends the listens' `track.stats` still waiting, and any later ones at once (the instance is closing). */
  close(): void {
    this.stats.close();
  }

  /**
   * One batch of plays in one transaction; after the commit, the counters of each track it counted
   * wait for the next coalesced `track.stats` (at most one per track per listenStatsIntervalMs).
   */
  private async commitPlays(plays: ReportedPlay[]): Promise<PlayOutcome[]> {
    const { outcomes, scrobblers } = await this.deps.db.transaction().execute(async (trx) => {
      const outcomes = await this.deps.engagement.recordPlays(trx, plays);
      // The counted listens of signed-in listeners go to the scrobble outbox in the same transaction.
      const counted = this.deps.scrobbles
        ? plays.flatMap((play, i) => (play.userId !== null && outcomes[i]?.found && outcomes[i].counted ? [{ id: play.id, userId: play.userId, trackId: play.trackId, at: play.at }] : []))
        : [];
      const scrobblers = counted.length > 0 && this.deps.scrobbles ? await this.deps.scrobbles.enqueue(trx, counted) : [];
      return { outcomes, scrobblers };
    });
    if (scrobblers.length > 0) this.deps.scrobbles?.wake(scrobblers);
    const stats = new Map<string, { likes: number; listens: number }>();
    let counted = 0;
    plays.forEach((play, i) => {
      const outcome = outcomes[i];
      if (outcome?.found && outcome.counted) {
        counted += 1;
        stats.set(play.trackId, { likes: outcome.likes, listens: outcome.listens });
      }
    });
    this.deps.counters?.listens(counted, outcomes.filter((o) => o?.found).length - counted);
    for (const [trackId, counters] of stats) this.stats.add({ trackId, ...counters });
    return outcomes;
  }

  private playedAtTime(playedAt: string): number {
    const at = Date.parse(playedAt);
    const now = this.now();
    // A minute of slack for a device clock running ahead.
    if (at > now + 60_000) throw new BadRequestError('playedAt is in the future: check the device clock.', 'played_at_future');
    if (at < now - OFFLINE_LISTEN_MAX_AGE_DAYS * 24 * 60 * 60 * 1000) {
      throw new BadRequestError(`playedAt is more than ${OFFLINE_LISTEN_MAX_AGE_DAYS} days ago: such old listens are not counted.`, 'played_at_too_old');
    }
    return at;
  }

  async topCharts(): Promise<TrackItems> {
    return { items: (await this.deps.tracks.topByListens(TOP_CHARTS_LIMIT)).map(toTrack) };
  }

  async recordHistory(userId: string, trackId: string): Promise<void> {
    await this.visibleTrack(trackId);
    await this.deps.engagement.addHistory({ id: newId(), userId, trackId, at: nowIso() });
    this.deps.events.emit('history.changed', { userId });
  }

  async history(userId: string): Promise<{ items: HistoryEntry[] }> {
    const recent = await this.deps.engagement.recentHistory(userId, HISTORY_LIMIT);
    const tracks = new Map((await this.deps.tracks.getManyVisible(recent.map((r) => r.track_id))).map((t) => [t.id, toTrack(t)]));
    const items: HistoryEntry[] = [];
    for (const entry of recent) {
      const track = tracks.get(entry.track_id);
      if (track) items.push({ playedAt: entry.played_at, track });
    }
    return { items };
  }

  async report(userId: string | undefined, trackId: string, reason: string | undefined): Promise<{ id: string }> {
    await this.visibleTrack(trackId);
    const id = newId();
    await this.deps.engagement.addReport({ id, trackId, userId: userId ?? null, reason: reason || null, at: nowIso() });
    this.deps.events.emit('reports.changed', {});
    return { id };
  }

  private async likeResult(userId: string, trackId: string, liked: boolean, changed: boolean): Promise<LikeState> {
    const counters = await this.deps.engagement.counters(trackId);
    if (!counters) throw trackNotFound();
    if (changed) {
      this.stats.now({ trackId, ...counters });
      this.deps.events.emit('likes.changed', { userId, trackId });
    }
    return { trackId, liked, likes: counters.likes };
  }

  private async visibleTrack(trackId: string): Promise<Track> {
    const row = await this.deps.tracks.getById(trackId);
    if (!row || row.hidden) throw trackNotFound();
    return toTrack(row);
  }
}

const trackNotFound = () => new NotFoundError('This track does not exist or was removed.', 'track_not_found');

/** Rows in the order of `ids`, skipping ids with no row. */
export function orderByIds(ids: string[], rows: TrackWithArtist[]): TrackWithArtist[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
