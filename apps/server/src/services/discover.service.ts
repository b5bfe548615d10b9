import { ARTIST_SUGGESTIONS_LIMIT, type ArtistSuggestions, NEW_RELEASES_LIMIT, type NewReleases, TRENDING_DAYS, TRENDING_LIMIT, type Trending } from '@platter/shared';
import type { Actor } from '../lib/actor.js';
import type { DiscoverRepository, SuggestedArtist } from '../repositories/discover.repository.js';
import { toReleaseSummary } from './release.service.js';
import { toTrack } from './track.mapper.js';

/** How long one process keeps the trending list before counting again (it counts a week of listens). */
const TRENDING_CACHE_MS = 60_000;
/** How many of the week's most listened ids are read: some may be hidden since. */
const TRENDING_READ = TRENDING_LIMIT * 3;

export interface DiscoverServiceDeps {
  discover: DiscoverRepository;
  /** The clock (tests move it). */
  now?: () => number;
}

function toSuggestion(row: SuggestedArtist) {
  return {
    id: row.id,
    displayName: row.display_name,
    photoURL: row.photo_url,
    coverURL: row.cover_url,
    bio: row.bio,
    status: row.status,
    isArtist: row.is_artist === 1,
    subscribers: Number(row.subscribers_count),
    subscriptions: Number(row.subscriptions_count),
    tracks: Number(row.tracks_count),
    createdAt: row.created_at,
  };
}

/** Home's "New releases" and "Trending" rows and News's artists to follow (issue 29). */
export class DiscoverService {
  private trendingCache: { at: number; value: Trending } | undefined;

  constructor(private readonly deps: DiscoverServiceDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  async newReleases(): Promise<NewReleases> {
    return { items: (await this.deps.discover.newReleases(NEW_RELEASES_LIMIT)).map(toReleaseSummary) };
  }

  /**
   * The tracks listened to most in the last TRENDING_DAYS days, most first, filled up with the most
   * listened of all time; counted at most once a minute per process.
   */
  async trending(): Promise<Trending> {
    const now = this.now();
    if (this.trendingCache && now - this.trendingCache.at < TRENDING_CACHE_MS) return this.trendingCache.value;
    const since = new Date(now - TRENDING_DAYS * 24 * 3600_000).toISOString();
    const counted = await this.deps.discover.listenedMostSince(since, TRENDING_READ);
    const rows = new Map((await this.deps.discover.visibleTracks(counted.map((c) => c.track_id))).map((r) => [r.id, r]));
    const items = counted.flatMap((c) => rows.get(c.track_id) ?? []).slice(0, TRENDING_LIMIT);
    if (items.length < TRENDING_LIMIT) {
      const have = new Set(items.map((r) => r.id));
      for (const row of await this.deps.discover.mostListened(TRENDING_LIMIT * 2)) {
        if (items.length >= TRENDING_LIMIT) break;
        if (!have.has(row.id)) items.push(row);
      }
    }
    const value = { items: items.map(toTrack) };
    this.trendingCache = { at: now, value };
    return value;
  }

  /** Artists with tracks the viewer does not follow yet (everyone's most followed when signed out). */
  async artistSuggestions(viewer: Actor | undefined): Promise<ArtistSuggestions> {
    return { items: (await this.deps.discover.suggestedArtists(viewer?.id, ARTIST_SUGGESTIONS_LIMIT)).map(toSuggestion) };
  }
}
