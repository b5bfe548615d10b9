import type { RepostPage, RepostState } from '@platter/shared';
import { repostsQuerySchema } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import type { Actor } from '../lib/actor.js';
import { NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { RepostRepository } from '../repositories/repost.repository.js';
import type { TrackRepository } from '../repositories/track.repository.js';
import { orderByIds } from './engagement.service.js';
import type { NotificationSink } from './notification.service.js';
import type { ProfileService } from './profile.service.js';
import { toTrack } from './track.mapper.js';

export interface RepostServiceDeps {
  db: Kysely<Database>;
  reposts: RepostRepository;
  tracks: TrackRepository;
  profiles: ProfileService;
  events: EventBus;
  notifications?: NotificationSink;
}

const trackNotFound = () => new NotFoundError('This track does not exist or was removed.', 'track_not_found');

/** Reposting tracks (issue 13): a repost shows in the reposter's followers' News as "reposted by" and on their artist page. */
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

  /** An artist's reposts of visible tracks, newest first; 404 for an unknown artist. */
  async byArtist(artistId: string, input: { before?: string; limit?: number }): Promise<RepostPage> {
    const { before, limit } = repostsQuerySchema.parse(input);
    await this.deps.profiles.get(artistId);
    const rows = await this.deps.reposts.byAuthor(artistId, before, limit + 1);
    const page = rows.slice(0, limit);
    const tracks = new Map(orderByIds(page.map((r) => r.track_id), await this.deps.tracks.getManyVisible(page.map((r) => r.track_id))).map((t) => [t.id, toTrack(t)]));
    const last = page.at(-1);
    return {
      items: page.flatMap((r) => {
        const track = tracks.get(r.track_id);
        return track ? [{ repostedAt: r.created_at, track }] : [];
      }),
      nextCursor: rows.length > limit && last ? last.created_at : null,
    };
  }
}
