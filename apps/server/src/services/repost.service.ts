import type { ReleaseRepostState, ReleaseSummary, Repost, RepostPage, RepostState } from '@platter/shared';
import { repostsQuerySchema } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import type { Actor } from '../lib/actor.js';
import { NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { ReleaseRepository } from '../repositories/release.repository.js';
import type { RepostRepository } from '../repositories/repost.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import { orderByIds } from './engagement.service.js';
import type { NotificationSink } from './notification.service.js';
import type { ProfileService } from './profile.service.js';
import { toReleaseSummary } from './release.service.js';
import { toTrack } from './track.mapper.js';

export interface RepostServiceDeps {
  db: Kysely<Database>;
  reposts: RepostRepository;
  tracks: Pick<TrackRowsRepository, 'getById' | 'getManyVisible'>;
  profiles: ProfileService;
  events: EventBus;
  notifications?: NotificationSink;
  /** Reposts of releases (migration release-reposts); without it only tracks are reposted. */
  releases?: ReleaseRepository;
}

const trackNotFound = () => new NotFoundError('This track does not exist or was removed.', 'track_not_found');
const releaseNotFound = () => new NotFoundError('This release does not exist, was removed, or is not public.', 'release_not_found');

/** Reposting tracks: a repost shows in the reposter's followers' News as "reposted by" and on their artist page. */
export class RepostService {
  constructor(private readonly deps: RepostServiceDeps) {}

  /** Visible tracks only: a hidden track cannot be reposted, nor unreposted through the API. */
  private async visibleTrack(trackId: string) {
    const row = await this.deps.tracks.getById(trackId);
    if (!row || row.hidden) throw trackNotFound();
    return row;
  }

  async state(viewer: Actor | undefined, trackId: string): Promise<RepostState> {
    const track = await this.visibleTrack(trackId);
    const reposted = viewer ? await this.deps.reposts.isReposted(viewer.id, trackId) : false;
    return { trackId, reposted, reposts: track.reposts_count };
  }

  async repost(actor: Actor, trackId: string): Promise<RepostState> {
    return this.set(actor, trackId, true);
  }

  async unrepost(actor: Actor, trackId: string): Promise<RepostState> {
    return this.set(actor, trackId, false);
  }

  private async set(actor: Actor, trackId: string, on: boolean): Promise<RepostState> {
    const track = await this.visibleTrack(trackId);
    await this.deps.profiles.requireForUser(actor.id);
    const postId = newId();
    const { changed, reposts } = await this.deps.db.transaction().execute(async (trx) => {
      const changed = on
        ? await this.deps.reposts.repost(trx, { id: postId, userId: actor.id, trackId, at: nowIso() })
        : await this.deps.reposts.unrepost(trx, actor.id, trackId);
      return { changed, reposts: (await this.deps.reposts.count(trackId, trx)) ?? 0 };
    });
    if (changed) {
      const author = await this.deps.profiles.get(actor.id);
      // News pages refetch on post.changed when the author is one they read.
      this.deps.events.emit('post.changed', { postId, authorId: actor.id, authorStatus: author.status, change: on ? 'created' : 'deleted' });
      this.deps.events.emit('track.updated', { trackId });
      if (on) await this.deps.notifications?.notify(track.artist_id, actor.id, 'repost', { trackId });
      else await this.deps.notifications?.retract(track.artist_id, actor.id, 'repost', { trackId });
    }
    return { trackId, reposted: on, reposts };
  }

  /**
   * Public releases only (visibility 'public' with a visible track): an unlisted, private or empty
   * release cannot be reposted, nor its repost read or undone through the API.
   */
  private async publicRelease(releaseId: string) {
    const [row] = this.deps.releases ? await this.deps.releases.getManyPublic([releaseId]) : [];
    if (!row) throw releaseNotFound();
    return row;
  }

  async releaseState(viewer: Actor | undefined, releaseId: string): Promise<ReleaseRepostState> {
    const release = await this.publicRelease(releaseId);
    const reposted = viewer ? await this.deps.reposts.isReleaseReposted(viewer.id, releaseId) : false;
    return { releaseId, reposted, reposts: Number(release.reposts_count) };
  }

  /** Reposts (or undoes the repost of) a public release, its counter moving in the same transaction; the release's artist is told. */
  async setReleaseReposted(actor: Actor, releaseId: string, on: boolean): Promise<ReleaseRepostState> {
    const release = await this.publicRelease(releaseId);
    await this.deps.profiles.requireForUser(actor.id);
    const postId = newId();
    const { changed, reposts } = await this.deps.db.transaction().execute(async (trx) => {
      const changed = on
        ? await this.deps.reposts.repostRelease(trx, { id: postId, userId: actor.id, releaseId, at: nowIso() })
        : await this.deps.reposts.unrepostRelease(trx, actor.id, releaseId);
      return { changed, reposts: (await this.deps.reposts.releaseCount(releaseId, trx)) ?? 0 };
    });
    if (changed) {
      const author = await this.deps.profiles.get(actor.id);
      this.deps.events.emit('post.changed', { postId, authorId: actor.id, authorStatus: author.status, change: on ? 'created' : 'deleted' });
      if (on) await this.deps.notifications?.notify(release.artist_id, actor.id, 'repost', { releaseId });
      else await this.deps.notifications?.retract(release.artist_id, actor.id, 'repost', { releaseId });
    }
    return { releaseId, reposted: on, reposts };
  }

  /** An artist's reposts of visible tracks and public releases, newest first; 404 for an unknown artist. */
  async byArtist(artistId: string, input: { before?: string; limit?: number }): Promise<RepostPage> {
    const { before, limit } = repostsQuerySchema.parse(input);
    await this.deps.profiles.get(artistId);
    const rows = await this.deps.reposts.byAuthor(artistId, before, limit + 1);
    const page = rows.slice(0, limit);
    const trackIds = page.flatMap((r) => (r.track_id ? [r.track_id] : []));
    const releaseIds = page.flatMap((r) => (r.release_id ? [r.release_id] : []));
    const tracks = new Map(orderByIds(trackIds, await this.deps.tracks.getManyVisible(trackIds)).map((t) => [t.id, toTrack(t)]));
    const releases = new Map<string, ReleaseSummary>(
      releaseIds.length > 0 && this.deps.releases ? (await this.deps.releases.getManyPublic(releaseIds)).map((r) => [r.id, toReleaseSummary(r)]) : [],
    );
    const last = page.at(-1);
    return {
      items: page.flatMap((r): Repost[] => {
        const track = r.track_id ? tracks.get(r.track_id) : undefined;
        if (track) return [{ repostedAt: r.created_at, track }];
        const release = r.release_id ? releases.get(r.release_id) : undefined;
        return release ? [{ repostedAt: r.created_at, release }] : [];
      }),
      nextCursor: rows.length > limit && last ? last.created_at : null,
    };
  }
}
