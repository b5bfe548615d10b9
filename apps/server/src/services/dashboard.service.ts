import type { Dashboard, DailyCount } from '@platter/shared';
import type { Actor } from '../lib/actor.js';
import type { CommentRepository } from '../repositories/comment.repository.js';
import type { DashboardRepository } from '../repositories/dashboard.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackCatalogueRepository } from '../repositories/track-catalogue.repository.js';
import { toStudioComment } from './comment.service.js';
import type { ProfileService } from './profile.service.js';
import { toTrack } from './track.mapper.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP = 5;

/** The UTC days from `days - 1` days before `now` through today, as YYYY-MM-DD. */
export function dayRange(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Every day of the range with its count (zero where nothing happened). */
function fill(range: string[], counts: Array<{ date: string; count: number }>): DailyCount[] {
  const byDate = new Map(counts.map((c) => [c.date, c.count]));
  return range.map((date) => ({ date, count: byDate.get(date) ?? 0 }));
}

export interface DashboardServiceDeps {
  dashboard: DashboardRepository;
  tracks: Pick<TrackRowsRepository, 'getMany'> & Pick<TrackCatalogueRepository, 'topByLikesOfArtist'>;
  comments: CommentRepository;
  profiles: ProfileService;
}

/** The artist's own numbers, SoundCloud-Insights style, from the listens and follows tables. */
export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  async forArtist(actor: Actor, days: number, now = new Date()): Promise<Dashboard> {
    const range = dayRange(now, days);
    const since = `${range[0]}T00:00:00.000Z`;
    const { dashboard } = this.deps;
    const [profile, totals, listensPerDay, subscribersPerDay, byTrack, topByLikes, recent, comments] = await Promise.all([
      this.deps.profiles.requireForUser(actor.id),
      dashboard.trackTotals(actor.id),
      dashboard.listensPerDay(actor.id, since),
      dashboard.subscribersPerDay(actor.id, since),
      dashboard.listensByTrack(actor.id, since, TOP),
      this.deps.tracks.topByLikesOfArtist(actor.id, TOP),
      this.deps.comments.listForArtist(actor.id, 10),
      this.deps.comments.countForArtist(actor.id),
    ]);
    const tracks = new Map((await this.deps.tracks.getMany(byTrack.map((t) => t.trackId))).map((row) => [row.id, toTrack(row)]));

    // Running subscriber total: today's count minus what was gained after each day.
    const gained = fill(range, subscribersPerDay);
    let total = profile.subscribers - gained.reduce((sum, d) => sum + d.count, 0);
    const growth = gained.map((d) => ({ ...d, total: (total += d.count) }));

    return {
      days,
      totals: { listens: totals.listens, likes: totals.likes, subscribers: profile.subscribers, tracks: totals.tracks, comments },
      listensPerDay: fill(range, listensPerDay),
      subscribersPerDay: growth,
      topByListens: byTrack.flatMap(({ trackId, count }) => {
        const track = tracks.get(trackId);
        return track ? [{ track, listens: count }] : [];
      }),
      topByLikes: topByLikes.map(toTrack),
      recentComments: recent.map(toStudioComment),
    };
  }
}
