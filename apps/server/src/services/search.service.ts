import type { ArtistSummary, SearchResult } from '@platter/shared';
import { searchQuerySchema } from '@platter/shared';
import type { ProfileRow } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { SpellingIndex } from '../lib/spelling.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { TrackRepository } from '../repositories/track.repository.js';
import { toTrack } from './track.mapper.js';

const ARTIST_LIMIT = 10;
/** The vocabulary is rebuilt at most this often, so renames and removals are forgotten eventually. */
const VOCABULARY_TTL_MS = 10 * 60 * 1000;

function toArtistSummary(row: ProfileRow): ArtistSummary {
  return {
    id: row.id,
    displayName: row.display_name,
    photoURL: row.photo_url,
    status: row.status,
    tracks: row.tracks_count,
    subscribers: row.subscribers_count,
  };
}

export interface SearchServiceDeps {
  tracks: TrackRepository;
  profiles: ProfileRepository;
  events: EventBus;
}

/**
 * Search of SPEC section 5 (tracks by title or artist, artists by name) plus one tolerated typo:
 * when a query finds nothing, each unknown word is corrected against the catalogue's words and,
 * if that changes the query, the corrected query's results come back with it as `suggestion`.
 */
export class SearchService {
  private vocabulary: { index: SpellingIndex; builtAt: number } | undefined;

  constructor(private readonly deps: SearchServiceDeps) {
    deps.events.on('track.created', ({ track }) => {
      this.vocabulary?.index.add(`${track.title} ${track.artist}`);
    });
  }

  async search(input: unknown): Promise<SearchResult> {
    const { q, limit } = searchQuerySchema.parse(input);
    if (q === '') return { query: q, tracks: [], artists: [], genres: [], suggestion: null };
    const found = await this.find(q, limit);
    if (found.tracks.length > 0 || found.artists.length > 0) return { query: q, ...found, genres: [], suggestion: null };
    const suggestion = (await this.index()).suggest(q);
    if (!suggestion) return { query: q, ...found, genres: [], suggestion: null };
    return { query: q, ...(await this.find(suggestion, limit)), genres: [], suggestion };
  }

  private async find(q: string, limit: number): Promise<Pick<SearchResult, 'tracks' | 'artists'>> {
    const lower = q.toLowerCase();
    const [tracks, artists] = await Promise.all([
      this.deps.tracks.list({ search: lower }, 0, limit),
      this.deps.profiles.searchArtists(lower, ARTIST_LIMIT),
    ]);
    return { tracks: tracks.map(toTrack), artists: artists.map(toArtistSummary) };
  }

  private async index(): Promise<SpellingIndex> {
    if (this.vocabulary && Date.now() - this.vocabulary.builtAt < VOCABULARY_TTL_MS) return this.vocabulary.index;
    const index = new SpellingIndex();
    const [titles, names] = await Promise.all([this.deps.tracks.visibleTitles(), this.deps.profiles.artistNames()]);
    for (const text of [...titles, ...names]) index.add(text);
    this.vocabulary = { index, builtAt: Date.now() };
    return index;
  }
}
