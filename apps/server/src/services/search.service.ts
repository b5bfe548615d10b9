import type { ArtistSummary, Genre, LyricsHit, SearchResult } from '@platter/shared';
import { GENRES, searchQuerySchema } from '@platter/shared';
import type { ProfileRow } from '../db/schema.js';
import { lyricsQueryWords, lyricsSnippet } from '../lib/lyrics-search.js';
import { allowedEdits, editDistance, suggestQuery } from '../lib/spelling.js';
import type { LyricsRepository } from '../repositories/lyrics.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { ReleaseRepository } from '../repositories/release.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { TrackCatalogueRepository } from '../repositories/track-catalogue.repository.js';
import { toReleaseSummary } from './release.service.js';
import { toTrack } from './track.mapper.js';

const ARTIST_LIMIT = 10;
/** A genre is named by a prefix of at least this many letters ('pho'). */
const GENRE_PREFIX_MIN = 3;
/** …or with one typo once the query is this long ('phnk'): shorter ones are too close to everything. */
const GENRE_TYPO_MIN = 4;

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The genres a whole query names: exactly or by a prefix of three letters or more, else with one
 * typo, ignoring case, spaces and dashes ('Phonk', 'pho', 'phnk', 'hip hop').
 */
export function genresNamedBy(query: string): Genre[] {
  const q = letters(query);
  if (q.length < GENRE_PREFIX_MIN) return [];
  const named = GENRES.filter((genre) => letters(genre).startsWith(q));
  if (named.length > 0 || q.length < GENRE_TYPO_MIN) return named;
  // A typo only when nothing is named outright: 'trap' is Trap, not also Rap one letter away.
  return GENRES.filter((genre) => editDistance(q, letters(genre), 1) <= 1);
}

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

/** Whether `a` sorts before `b` as SQLite's BINARY collation sorts them (UTF-8 bytes, i.e. code points): a tie's pick does not depend on the order candidates come in. */
const inByteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;

const isEmpty = (found: Omit<SearchResult, 'query' | 'suggestion'>) =>
  found.tracks.length === 0 &&
  found.artists.length === 0 &&
  found.genres.length === 0 &&
  (found.albums ?? []).length === 0 &&
  (found.lyrics ?? []).length === 0;
/** Releases a search lists. */
const ALBUM_LIMIT = 10;
/** Tracks a search lists by their lyrics. */
const LYRICS_LIMIT = 5;
/** Lyrics matches read from the index (in its order) to pick the most listened LYRICS_LIMIT from. */
const LYRICS_CANDIDATES = 100;

export interface SearchServiceDeps {
  tracks: Pick<TrackRowsRepository, 'getManyVisible'> & Pick<TrackCatalogueRepository, 'list' | 'nearWords' | 'newestMatches'>;
  profiles: ProfileRepository;
  releases?: ReleaseRepository;
  lyrics?: LyricsRepository;
}

/**
 * Search of SPEC section 5 (tracks by title or artist, artists by name), genres named by the query
 * (with their tracks), plus one tolerated typo: when a query finds nothing, each unknown word is
 * corrected against the catalogue's words and, if that changes the query and the corrected query
 * finds something, its results come back with it as `suggestion`.
 *
 * The catalogue's words are in the database (search_words, written with each track), so a title
 * written by any instance is known at once and nothing is rebuilt in a request: each unknown word
 * reads the known words near it (TrackCatalogueRepository.nearWords) and takes the closest, the most
 * frequent on a tie.
 */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  async search(input: unknown): Promise<SearchResult> {
    const { q, limit } = searchQuerySchema.parse(input);
    if (q === '') return { query: q, tracks: [], artists: [], genres: [], albums: [], suggestion: null };
    const found = await this.find(q, limit);
    if (!isEmpty(found)) return { query: q, ...found, suggestion: null };
    const suggestion = await this.suggest(q);
    if (!suggestion) return { query: q, ...found, suggestion: null };
    // Words are corrected one by one, so the corrected query may match nothing ('dric koma' → 'drip koma'): then no suggestion.
    const corrected = await this.find(suggestion, limit);
    if (isEmpty(corrected)) return { query: q, ...found, suggestion: null };
    return { query: q, ...corrected, suggestion };
  }

  /**
   * Tracks whose title or artist contains the query (search_text holds both, so an artist's name
   * finds their tracks), then the newest tracks of the genres it names; each list is one indexed
   * query (the search index; the genre + created_at index).
   */
  private async find(q: string, limit: number): Promise<Omit<SearchResult, 'query' | 'suggestion'>> {
    const lower = q.toLowerCase();
    const genres = genresNamedBy(q);
    const [lyrics, albums, matches, artists, ...byGenre] = await Promise.all([
      this.inLyrics(q),
      this.deps.releases ? this.deps.releases.search(lower, ALBUM_LIMIT) : Promise.resolve([]),
      this.deps.tracks.newestMatches({ search: lower }, limit),
      this.deps.profiles.searchArtists(lower, ARTIST_LIMIT),
      ...genres.map((genre) => this.deps.tracks.list({ genre }, 0, limit)),
    ]);
    const seen = new Set<string>();
    const tracks = [...matches, ...byGenre.flat()].filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, limit);
    return {
      tracks: tracks.map(toTrack),
      artists: artists.map(toArtistSummary),
      genres,
      albums: albums.map(toReleaseSummary),
      lyrics: lyrics.filter((hit) => !tracks.some((track) => track.id === hit.track.id)),
    };
  }

  /**
   * Tracks whose lyrics hold the query as a phrase: up to LYRICS_CANDIDATES matches in the
   * index's order (no ranking of every match of a common phrase), the most listened of them,
   * then their highlighted lyrics cut to the matching line.
   */
  private async inLyrics(q: string): Promise<LyricsHit[]> {
    const words = lyricsQueryWords(q);
    if (!this.deps.lyrics || words.length === 0) return [];
    const matches = await this.deps.lyrics.matches(words, LYRICS_CANDIDATES);
    const tracks = await this.deps.tracks.getManyVisible(matches.map((m) => m.track_id));
    tracks.sort((a, b) => b.listens_count - a.listens_count || (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    const picked = tracks.slice(0, LYRICS_LIMIT);
    const byTrack = new Map(matches.map((m) => [m.track_id, m]));
    const texts = await this.deps.lyrics.highlighted(
      words,
      picked.map((track) => byTrack.get(track.id)!),
    );
    return picked.flatMap((track) => {
      const lines = lyricsSnippet(texts.get(track.id) ?? '', words.length);
      return lines.length > 0 ? [{ track: toTrack(track), lines }] : [];
    });
  }

  /**
   * The query with unknown words corrected. A word is looked up with one edit first (its halves:
   * narrow ranges of the word indexes), and with two only when that finds nothing and the word is
   * long enough for two (its thirds: wider ranges).
   */
  private async suggest(q: string): Promise<string | null> {
    return suggestQuery(q, async (word) => {
      for (let edits = 1; edits <= allowedEdits(word); edits++) {
        const candidates = await this.deps.tracks.nearWords(word, edits);
        if (candidates.some((c) => c.word === word)) return undefined;
        let best: { word: string; distance: number; tracks: number } | undefined;
        for (const candidate of candidates) {
          const distance = editDistance(word, candidate.word, edits);
          if (distance > edits) continue;
          if (!best || distance < best.distance || (distance === best.distance && (candidate.tracks > best.tracks || (candidate.tracks === best.tracks && inByteOrder(candidate.word, best.word))))) {
            best = { ...candidate, distance };
          }
        }
        if (best) return best.word;
      }
      return undefined;
    });
  }
}
