import type { CreateRelease, ReleaseDetail, ReleaseLikeState, ReleaseList, ReleaseSummary, TrackVisibility, UpdateRelease } from '@platter/shared';
import { createReleaseSchema, setReleaseTracksSchema, updateReleaseSchema } from '@platter/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { type Actor, canSeeTrack, ownsOrAdmin, secretMatches } from '../lib/actor.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { ReleaseRepository, ReleaseWithArtist } from '../repositories/release.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import type { ImageService } from './image.service.js';
import type { ProfileService } from './profile.service.js';
import { mediaUrl, searchText, toTrack, toTrackFor } from './track.mapper.js';
import { PUBLISH_AT_SLACK_MS, type TrackService, newSecret, sendScheduledPublish } from './track.service.js';

export interface ReleaseServiceDeps {
  db: Kysely<Database>;
  releases: ReleaseRepository;
  tracks: Pick<TrackRowsRepository, 'getById' | 'getMany'> & Pick<TrackLifecycleRepository, 'markReleased' | 'setAccess' | 'scheduledBetween'>;
  trackService: TrackService;
  profiles: ProfileService;
  images: ImageService;
  /** Live lists follow the tracks a release made public; `release.published` once per publication. */
  events?: EventBus;
  /** Where the delayed publish jobs of scheduled releases (and the sweep's look-ahead) go. */
  jobs?: Pick<JobQueue, 'send'>;
  log?: (message: string, error?: unknown) => void;
}

/** How far ahead the minute sweep sends the delayed publish jobs of what is scheduled (more than a minute, so each time is sent at least once). */
const LOOK_AHEAD_MS = 2 * 60_000;

/** A release's access columns (migration releases): what its tracks take from it. */
interface ReleaseAccess {
  visibility: TrackVisibility;
  /** Left out: the tracks keep theirs. */
  secret?: string | null;
  publish_at: string | null;
}

/** What a track did when its release's access was written to it. */
interface TrackAccessOutcome {
  id: string;
  hiddenBefore: number;
  hidden: number;
}

/** How many releases an artist page (and the studio) lists. */
const ARTIST_RELEASES_LIMIT = 200;

export function toReleaseSummary(row: ReleaseWithArtist): ReleaseSummary {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    artistId: row.artist_id,
    artist: row.artist_name,
    image: row.image_key ? mediaUrl(row.image_key) : null,
    releaseDate: row.release_date,
    trackCount: Number(row.track_count),
    durationSeconds: Number(row.duration_seconds),
    likes: Number(row.likes_count),
    createdAt: row.created_at,
    publishedAt: row.published_at,
    visibility: row.visibility,
  };
}

/** The summary as one viewer sees it: the artist and admins get its schedule and secret link. */
function summaryFor(row: ReleaseWithArtist, owner: boolean): ReleaseSummary {
  const summary = toReleaseSummary(row);
  if (!owner) return summary;
  return { ...summary, publishAt: row.publish_at, ...(row.secret ? { secret: row.secret } : {}) };
}

const notFound = () => new NotFoundError('This release does not exist or was removed.', 'release_not_found');

/**
 * Releases: an artist's albums, EPs and singles made of their own tracks (uploaded for it, or
 * gathered), in order. Only the artist changes a release; an admin may also delete one. A release
 * is listed (artist page, search) while it has a visible track; its page shows its visible tracks,
 * and all of them to the artist and admins.
 */
export class ReleaseService {
  constructor(private readonly deps: ReleaseServiceDeps) {}

  private async requireRelease(id: string): Promise<ReleaseWithArtist> {
    const row = await this.deps.releases.getById(id);
    if (!row) throw notFound();
    return row;
  }

  /** A release only its artist may change (admins only delete). */
  private async requireOwn(actor: Actor, id: string): Promise<ReleaseWithArtist> {
    const row = await this.requireRelease(id);
    if (row.artist_id !== actor.id) throw new ForbiddenError('Only the artist of this release can change it.', 'not_your_release');
    return row;
  }

  /** Checks that every track is the artist's own and on no other release. */
  private async checkTracks(trx: Transaction<Database>, artistId: string, releaseId: string | null, trackIds: string[]): Promise<void> {
    const rows = await this.deps.releases.tracksForRelease(trx, trackIds);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of trackIds) {
      const row = byId.get(id);
      if (!row) throw new NotFoundError(`Track ${id} does not exist or was removed.`, 'track_not_found');
      if (row.artist_id !== artistId) throw new ForbiddenError('A release can only hold your own tracks.', 'not_your_track');
      if (row.release_id && row.release_id !== releaseId) throw new ConflictError('A track can be on one release only: take it off its other release first.', 'track_on_other_release');
    }
  }

  async create(actor: Actor, input: CreateRelease): Promise<ReleaseDetail> {
    const data = createReleaseSchema.parse(input);
    const profile = await this.deps.profiles.requireForUser(actor.id);
    const id = newId();
    const now = nowIso();
    const given = data.visibility !== undefined || data.publishAt !== undefined;
    const access = this.accessFor({ visibility: data.visibility, publishAt: data.publishAt }, { visibility: data.visibility ?? 'public', secret: null, publish_at: null });
    const outcomes = await this.deps.db.transaction().execute(async (trx) => {
      await this.checkTracks(trx, actor.id, null, data.trackIds);
      await this.deps.releases.insert(trx, {
        id,
        artist_id: actor.id,
        title: data.title,
        type: data.type,
        image_key: null,
        release_date: data.releaseDate ?? now.slice(0, 10),
        description: data.description ?? '',
        search_text: searchText(data.title, profile.displayName),
        visibility: access.visibility,
        secret: access.secret,
        publish_at: access.publish_at,
        created_at: now,
        updated_at: now,
      });
      await this.deps.releases.setTracks(trx, id, data.trackIds);
      // Its tracks take its access when it was given (or is not public); a public release left at its default keeps theirs.
      return given || access.visibility !== 'public' ? this.applyToTracks(trx, id, access) : [];
    });
    await this.adoptCover(id);
    await sendScheduledPublish(this.deps.jobs, access.publish_at, this.deps.log);
    await this.announce(id, actor.id, outcomes);
    return this.get(id, actor);
  }

  /**
   * The access columns a release gets from a change, checked against what it is (the same rules
   * and messages as a track's): a non-public release has a secret link (kept if it had one), only
   * a non-public one is scheduled, never in the past; making it public clears its schedule.
   */
  private accessFor(changes: { visibility?: TrackVisibility; publishAt?: string | null }, row: ReleaseAccess & { secret: string | null }): ReleaseAccess & { secret: string | null } {
    const visibility = changes.visibility ?? row.visibility;
    let publishAt = row.publish_at;
    if (changes.publishAt) {
      if (visibility === 'public') throw new BadRequestError('Only an unlisted or private release can be scheduled: it is public already.', 'publish_at_needs_hidden');
      const at = new Date(changes.publishAt);
      if (at.getTime() < Date.now() - PUBLISH_AT_SLACK_MS) throw new BadRequestError('The release time is in the past. Pick a time to come.', 'publish_at_past');
      publishAt = at.toISOString();
    } else if (changes.publishAt === null || visibility === 'public') {
      publishAt = null;
    }
    const secret = visibility === 'public' ? row.secret : (row.secret ?? newSecret());
    return { visibility, secret, publish_at: publishAt };
  }

  /** Writes the release's visibility, schedule and secret to each of its tracks, in the caller's transaction. */
  private async applyToTracks(trx: Transaction<Database>, releaseId: string, access: ReleaseAccess): Promise<TrackAccessOutcome[]> {
    const outcomes: TrackAccessOutcome[] = [];
    for (const trackId of await this.deps.releases.trackIds(releaseId, trx)) {
      const result = await this.deps.tracks.setAccess(trx, trackId, { visibility: access.visibility, publish_at: access.publish_at, ...(access.secret !== undefined ? { secret: access.secret } : {}) });
      if (result) outcomes.push({ id: trackId, hiddenBefore: result.hiddenBefore, hidden: result.hidden });
    }
    return outcomes;
  }

  /**
   * Live lists follow the tracks the release's access moved, and a release that made tracks public
   * is announced once as `release.published` (its followers' one "new release" notification).
   */
  private async announce(releaseId: string, artistId: string, outcomes: TrackAccessOutcome[]): Promise<void> {
    const events = this.deps.events;
    if (!events) return;
    let shown = 0;
    for (const outcome of outcomes) {
      if (outcome.hiddenBefore === outcome.hidden) events.emit('track.updated', { trackId: outcome.id });
      else if (outcome.hidden) events.emit('track.removed', { trackId: outcome.id });
      else {
        const row = await this.deps.tracks.getById(outcome.id);
        if (row) events.emit('track.created', { track: toTrack(row) });
        shown += 1;
      }
    }
    if (outcomes.some((o) => o.hiddenBefore !== o.hidden)) await this.emitProfileStats(artistId);
    if (shown > 0) events.emit('release.published', { releaseId, artistId });
  }

  private async emitProfileStats(profileId: string): Promise<void> {
    const p = await this.deps.profiles.get(profileId).catch(() => undefined);
    if (p) this.deps.events?.emit('profile.stats', { profileId: p.id, subscribers: p.subscribers, subscriptions: p.subscriptions, tracks: p.tracks });
  }

  /**
   * Replaces a release's secret link, and its tracks' (the same one), in one transaction: the old
   * link stops opening the page and playing its tracks at once. Only for an unlisted release.
   */
  async resetSecret(actor: Actor, id: string): Promise<ReleaseDetail> {
    const row = await this.requireOwn(actor, id);
    if (row.visibility !== 'unlisted') throw new ConflictError('Only an unlisted release has a secret link. Make it unlisted first.', 'not_unlisted');
    const secret = newSecret();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.releases.update(id, { secret }, trx);
      for (const trackId of await this.deps.releases.trackIds(id, trx)) await this.deps.tracks.setAccess(trx, trackId, { secret });
    });
    for (const trackId of await this.deps.releases.trackIds(id)) this.deps.events?.emit('track.updated', { trackId });
    return this.get(id, actor);
  }

  /**
   * Publishing on time. Setting a schedule sends a `publish-scheduled` job delayed to that time
   * (sendScheduledPublish); when it runs it publishes whatever is due then, as the database says at
   * that moment (a release rescheduled later, unscheduled or made public by hand is not due, and
   * publishing is a conditional UPDATE, so a job running twice or beside the sweep publishes once).
   * The `track-publish` job, every minute, one instance at a time, is the safety net: the due
   * releases (with their tracks, announced once as a release), then the due single tracks, each
   * once; and it sends the delayed jobs of what is scheduled in the next two minutes, which is
   * how the in-process queue, whose timers a restart loses, is on time again after one.
   */
  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'track-publish',
          run: async () => {
            await this.publishDue();
            await this.deps.trackService.publishDue();
            await this.sendUpcoming();
          },
          policy: { retryLimit: 1, retryDelaySeconds: 30, timeoutSeconds: 5 * 60 },
          everyMinutes: 1,
        }),
        declareJob({
          name: 'publish-scheduled',
          run: async ({ at }) => {
            // A timer or another clock a hair early: wait for the time itself, so the job finds it due.
            const early = Date.parse(at) - Date.now();
            if (early > 0 && early < 10_000) await new Promise((resolve) => setTimeout(resolve, early));
            await this.publishDue();
            await this.deps.trackService.publishDue();
          },
          policy: { retryLimit: 2, retryDelaySeconds: 5, timeoutSeconds: 5 * 60 },
        }),
      ],
    };
  }

  /** Sends the delayed publish jobs of the releases and tracks scheduled in the next LOOK_AHEAD_MS (one per time; a time sent already is not sent twice). */
  async sendUpcoming(now = Date.now()): Promise<void> {
    if (!this.deps.jobs) return;
    const from = new Date(now).toISOString();
    const to = new Date(now + LOOK_AHEAD_MS).toISOString();
    const times = new Set([...(await this.deps.releases.scheduledBetween(from, to, 500)), ...(await this.deps.tracks.scheduledBetween(from, to, 500))]);
    for (const at of times) await sendScheduledPublish(this.deps.jobs, at, this.deps.log);
  }

  /**
   * Publishes every scheduled release that is due (the `track-publish` job, before the single
   * tracks). Each release and all its tracks go public in one transaction behind a conditional
   * UPDATE of the release, so however many workers run this at once, each release is published,
   * and announced as ONE `release.published`, exactly once.
   */
  async publishDue(now = nowIso()): Promise<Array<{ id: string; artist_id: string }>> {
    const published: Array<{ id: string; artist_id: string }> = [];
    for (;;) {
      const due = await this.deps.releases.dueForPublishing(now, 100);
      let done = 0;
      for (const id of due) {
        const result = await this.deps.db.transaction().execute(async (trx) => {
          const release = await this.deps.releases.publishIfDue(trx, id, now);
          if (!release) return undefined;
          const outcomes = await this.applyToTracks(trx, id, { visibility: 'public', publish_at: null });
          for (const outcome of outcomes) if (outcome.hiddenBefore && !outcome.hidden) await this.deps.tracks.markReleased(trx, outcome.id, now);
          return { release, outcomes };
        });
        if (!result) continue;
        done += 1;
        published.push(result.release);
        await this.announce(result.release.id, result.release.artist_id, result.outcomes);
      }
      if (due.length < 100 || done === 0) return published;
    }
  }

  /** A release without a cover takes its first track's, if it has one. */
  private async adoptCover(id: string): Promise<void> {
    const row = await this.deps.releases.getById(id);
    if (!row || row.image_key) return;
    const [first] = await this.deps.releases.trackIds(id);
    const track = first ? await this.deps.tracks.getById(first) : undefined;
    if (track?.image_key) await this.deps.releases.update(id, { image_key: track.image_key });
  }

  async update(actor: Actor, id: string, input: UpdateRelease): Promise<ReleaseDetail> {
    const changes = updateReleaseSchema.parse(input);
    const row = await this.requireOwn(actor, id);
    const accessChanged = changes.visibility !== undefined || changes.publishAt !== undefined;
    const access = accessChanged ? this.accessFor(changes, row) : undefined;
    const outcomes = await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.releases.update(
        id,
        {
          ...(changes.title !== undefined ? { title: changes.title, search_text: searchText(changes.title, row.artist_name) } : {}),
          ...(changes.type !== undefined ? { type: changes.type } : {}),
          ...(changes.releaseDate !== undefined ? { release_date: changes.releaseDate } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(access ?? {}),
        },
        trx,
      );
      // Its tracks take the new visibility, schedule and secret in the same transaction.
      return access ? this.applyToTracks(trx, id, access) : [];
    });
    await sendScheduledPublish(this.deps.jobs, access?.publish_at, this.deps.log);
    await this.announce(id, row.artist_id, outcomes);
    return this.get(id, actor);
  }

  /** Replaces the ordered list of tracks: reorders, adds and removes (removed tracks stay as singles). */
  async setTracks(actor: Actor, id: string, input: unknown): Promise<ReleaseDetail> {
    const { trackIds } = setReleaseTracksSchema.parse(input);
    const row = await this.requireOwn(actor, id);
    const outcomes = await this.deps.db.transaction().execute(async (trx) => {
      await this.checkTracks(trx, actor.id, id, trackIds);
      const before = new Set(await this.deps.releases.trackIds(id, trx));
      await this.deps.releases.setTracks(trx, id, trackIds);
      // A track joining a non-public release takes its access (a public release leaves its tracks' own).
      if (row.visibility === 'public') return [];
      const outcomes: TrackAccessOutcome[] = [];
      for (const trackId of trackIds.filter((t) => !before.has(t))) {
        const result = await this.deps.tracks.setAccess(trx, trackId, { visibility: row.visibility, secret: row.secret, publish_at: row.publish_at });
        if (result) outcomes.push({ id: trackId, hiddenBefore: result.hiddenBefore, hidden: result.hidden });
      }
      return outcomes;
    });
    await this.adoptCover(id);
    await this.announce(id, row.artist_id, outcomes);
    return this.get(id, actor);
  }

  async setCover(actor: Actor, id: string, bytes: Uint8Array): Promise<ReleaseDetail> {
    const row = await this.requireOwn(actor, id);
    const key = await this.deps.images.store(row.artist_id, bytes, 'track');
    await this.deps.releases.update(id, { image_key: key });
    // A cover taken from a track is the track's file: only the release's own is discarded.
    if (row.image_key && row.image_key.startsWith(`images/${row.artist_id}/`) && !(await this.coverIsATracks(id, row.image_key))) await this.deps.images.discard(row.image_key);
    return this.get(id, actor);
  }

  private async coverIsATracks(id: string, key: string): Promise<boolean> {
    const ids = await this.deps.releases.trackIds(id);
    const tracks = await this.deps.tracks.getMany(ids);
    return tracks.some((t) => t.image_key === key);
  }

  /** Deletes a release (its artist or an admin); its tracks stay unless `deleteTracks`. */
  async delete(actor: Actor, id: string, deleteTracks: boolean): Promise<void> {
    const row = await this.requireRelease(id);
    if (!ownsOrAdmin(actor, row.artist_id)) throw new ForbiddenError('Only the artist of this release (or an admin) can delete it.', 'not_your_release');
    const trackIds = await this.deps.releases.trackIds(id);
    const ownCover = row.image_key && !(await this.coverIsATracks(id, row.image_key)) ? row.image_key : null;
    await this.deps.db.transaction().execute((trx) => this.deps.releases.delete(trx, id));
    if (deleteTracks) for (const trackId of trackIds) await this.deps.trackService.delete(actor, trackId).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
    await this.deps.images.discard(ownCover);
  }

  /**
   * Whether the viewer may open the release: a public one with a visible track to
   * everyone; an unlisted one to whoever holds its secret; anything to its artist and admins.
   */
  private canOpen(row: ReleaseWithArtist, viewer: Actor | undefined, secret: string | undefined): boolean {
    if (viewer !== undefined && ownsOrAdmin(viewer, row.artist_id)) return true;
    if (row.artist_suspended_at) return false;
    if (row.visibility === 'public') return Number(row.track_count) > 0;
    return row.visibility === 'unlisted' && secretMatches(row, secret);
  }

  /**
   * The release page: its tracks in order (hidden ones only for the artist and admins, and an
   * unlisted release's to whoever opened it with its secret link, their audio URLs carrying it).
   */
  async get(id: string, viewer?: Actor, secret?: string): Promise<ReleaseDetail> {
    const row = await this.requireRelease(id);
    const canEdit = viewer !== undefined && ownsOrAdmin(viewer, row.artist_id);
    if (!this.canOpen(row, viewer, secret)) throw notFound();
    const ids = await this.deps.releases.trackIds(id);
    const rows = await this.deps.tracks.getMany(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const tracks = ids.flatMap((tid) => byId.get(tid) ?? []).filter((t) => canSeeTrack(t, viewer, secret));
    const summary = summaryFor(row, canEdit);
    // The counters are over publicly visible tracks; a hidden release's page counts what it shows.
    const shown = row.visibility === 'public' ? {} : { trackCount: tracks.length, durationSeconds: tracks.reduce((sum, t) => sum + (t.duration ?? 0), 0) };
    const echoed = !canEdit && row.visibility !== 'public' && secret ? { secret } : {};
    return {
      ...summary,
      ...shown,
      ...echoed,
      description: row.description,
      tracks: tracks.map((t) => toTrackFor(t, { owner: viewer !== undefined && ownsOrAdmin(viewer, t.artist_id), secret })),
      liked: viewer ? await this.deps.releases.isLiked(viewer.id, id) : false,
      canEdit,
    };
  }

  /** An artist's listed releases (all of them, empty ones too, for the artist and admins). */
  async listByArtist(artistId: string, viewer?: Actor): Promise<ReleaseList> {
    const all = viewer !== undefined && ownsOrAdmin(viewer, artistId);
    const rows = await this.deps.releases.listByArtist(artistId, all, ARTIST_RELEASES_LIMIT);
    // The counters are over publicly visible tracks (0 for a release not public yet): its artist sees them all.
    const hidden = all ? rows.filter((row) => row.visibility !== 'public').map((row) => row.id) : [];
    const totals = await this.deps.releases.allTrackTotals(hidden);
    return {
      items: rows.map((row) => {
        const summary = summaryFor(row, all);
        const total = totals.get(row.id);
        return hidden.includes(row.id) ? { ...summary, trackCount: total?.count ?? 0, durationSeconds: total?.seconds ?? 0 } : summary;
      }),
    };
  }

  async search(lowerText: string, limit: number): Promise<ReleaseSummary[]> {
    return (await this.deps.releases.search(lowerText, limit)).map(toReleaseSummary);
  }

  async setLiked(actor: Actor, id: string, liked: boolean): Promise<ReleaseLikeState> {
    const row = await this.requireRelease(id);
    if (!this.canOpen(row, actor, undefined)) throw notFound();
    const likes = await this.deps.releases.setLiked(id, actor.id, liked, nowIso());
    return { releaseId: id, liked, likes };
  }
}
