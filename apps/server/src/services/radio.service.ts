import { GENRES, type DailyMix, type Genre, type RadioItem, type RadioPage, type RadioQuery, type RadioReason, type SimilarTracks, RADIO_EXCLUDE_MAX, SIMILAR_TRACKS_LIMIT, DAILY_MIX_SIZE } from '@platter/shared';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { JobRun } from '../jobs/job-queue.js';
import { type Actor, canSeeTrack } from '../lib/actor.js';
import { BadRequestError, NotFoundError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { RadioRepository, SimilarRow } from '../repositories/radio.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import { type TrackWithArtist, parseTags } from '../repositories/track-query.js';
import { toTrack } from './track.mapper.js';

export interface RadioDeps {
  radio: RadioRepository;
  tracks: Pick<TrackRowsRepository, 'getById' | 'getMany' | 'getManyVisible'>;
  profiles: ProfileRepository;
  log: (message: string, error?: unknown) => void;
  /**
   * Tracks per refresh statement (default REFRESH_BATCH), given where a statement runs on the
   * event loop (SQLite's better-sqlite3 is synchronous: DialectSettings.radioStatementTracks): a
   * few tracks at a time, and the job yields to waiting requests between statements.
   */
  statementTracks?: number;
}

/** How often `radio-similar` runs. */
const RADIO_EVERY_MINUTES = 10;
/** Tracks refreshed per batch, plays read per batch of the activity walk, and batches per job run. */
export const REFRESH_BATCH = 25;
const PLAYS_PER_BATCH = 1_000;
const BATCHES_PER_RUN = 20;
/** Also seeds of a radio: this many of the most recently played tracks it sent. */
const RECENT_SEEDS = 3;
/** When everything near the seed was played, only these last plays stay excluded (so the radio never ends). */
const REPEAT_GUARD = 3;

const REASON_KIND = { 'co-listened': 'co-listened', 'co-liked': 'co-liked', 'same tags': 'same-tags', 'same genre': 'same-genre' } as const;

interface Pick_ {
  id: string;
  reason: Omit<RadioReason, 'seedTitle' | 'detail'> & { detail?: string | null };
}

/**
 * Radio, similar tracks and the daily mix. The `radio-similar` job keeps track_similar
 * (RadioRepository.refresh, in SQL) for the tracks played since its last run, then walks the
 * catalogue for tracks never computed, REFRESH_BATCH tracks at a time; requests only read it.
 */
export class RadioService {
  constructor(private readonly deps: RadioDeps) {}

  /** `radio-similar`: every ten minutes and once at start, one instance at a time. */
  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'radio-similar',
          run: async (_data, run) => void (await this.refreshSome(run)),
          policy: { retryLimit: 1, retryDelaySeconds: 60, timeoutSeconds: 15 * 60 },
          everyMinutes: RADIO_EVERY_MINUTES,
          atStart: true,
        }),
      ],
    };
  }

  /**
   * Up to BATCHES_PER_RUN batches: first the tracks played since the `activity` cursor, then the
   * next tracks of the catalogue walk. Returns how many tracks were refreshed.
   */
  async refreshSome(run?: Pick<JobRun, 'signal'>): Promise<number> {
    const { radio } = this.deps;
    const step = this.deps.statementTracks ?? REFRESH_BATCH;
    const refresh = async (ids: string[]) => {
      for (let i = 0; i < ids.length; i += step) {
        const started = performance.now();
        await radio.refresh(ids.slice(i, i + step), nowIso());
        // Requests go first: where statementTracks is set (SQLite) the job rests as long as its statement
        // took, so it holds the event loop at most half the time (bench/radio-job.md).
        const rest = this.deps.statementTracks ? Math.min(250, performance.now() - started) : 0;
        await new Promise((resolve) => (rest > 1 ? setTimeout(resolve, rest) : setImmediate(resolve)));
      }
    };
    let refreshed = 0;
    for (let batch = 0; batch < BATCHES_PER_RUN && !run?.signal.aborted; batch++) {
      const played = await radio.playedAfter(await radio.getCursor('activity'), PLAYS_PER_BATCH);
      if (played.ids.length > 0) {
        await refresh(played.ids);
        await radio.setCursor('activity', played.cursor!);
        refreshed += played.ids.length;
        continue;
      }
      const walked = await radio.tracksAfter(await radio.getCursor('catalogue'), REFRESH_BATCH);
      if (walked.ids.length === 0) break;
      await refresh(walked.ids);
      await radio.setCursor('catalogue', walked.cursor!);
      refreshed += walked.ids.length;
    }
    return refreshed;
  }

  /** The next tracks of an endless radio from a track, an artist or a genre. */
  async radio(query: RadioQuery, viewer: Actor | undefined): Promise<RadioPage> {
    const { radio, tracks } = this.deps;
    const split = query.seed.indexOf(':');
    const kind = query.seed.slice(0, split) as RadioPage['seed']['kind'];
    const value = query.seed.slice(split + 1);
    const exclude = (query.exclude ? query.exclude.split(',') : []).slice(0, RADIO_EXCLUDE_MAX);
    // The last plays also seed the radio, when the public may see them (the client sends any ids).
    const recentIds = exclude.slice(0, RECENT_SEEDS);
    const visibleRecent = new Set((await tracks.getManyVisible(recentIds)).map((r) => r.id));
    const recent = recentIds.filter((id) => visibleRecent.has(id));
    let seeds: string[];
    let genre: string | undefined;
    let label: string;
    let own: Pick_[] = [];
    if (kind === 'track') {
      const row = await tracks.getById(value);
      if (!row || !canSeeTrack(row, viewer)) throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
      seeds = [value, ...recent];
      genre = row.genre;
      label = row.title;
    } else if (kind === 'artist') {
      const profile = await this.deps.profiles.getById(value);
      if (!profile) throw new NotFoundError('This artist does not exist.', 'artist_not_found');
      const top = await radio.artistTop(value, 5);
      if (top.length === 0) throw new NotFoundError('This artist has no public tracks yet.', 'artist_without_tracks');
      seeds = [...top.slice(0, 3), ...recent];
      genre = (await tracks.getById(top[0]!))?.genre;
      label = profile.display_name;
      own = top.map((id) => ({ id, reason: { kind: 'artist', seedId: null, detail: profile.display_name } }));
    } else {
      if (!(GENRES as readonly string[]).includes(value)) throw new BadRequestError(`There is no genre "${value}". Genres: ${GENRES.join(', ')}.`, 'unknown_genre');
      seeds = recent;
      genre = value;
      label = value;
    }
    const pickFrom = async (excluded: string[]): Promise<Pick_[]> => {
      const chosen = new Map<string, Pick_>();
      const take = (p: Pick_) => {
        if (chosen.size < query.limit && !excluded.includes(p.id) && !chosen.has(p.id)) chosen.set(p.id, p);
      };
      // An artist's radio opens with one of their own tracks for every two similar ones.
      const similar = await this.similarOfSeeds(seeds, excluded, query.limit * 2);
      const inGenre = kind === 'genre' ? await this.genreOf(similar.map((s) => s.similar_id)) : undefined;
      const candidates = similar.filter((s) => !inGenre || inGenre.get(s.similar_id) === genre).map(toPick);
      for (let i = 0; chosen.size < query.limit && (i < candidates.length || i < own.length); i++) {
        if (own[i]) take(own[i]!);
        if (candidates[2 * i]) take(candidates[2 * i]!);
        if (candidates[2 * i + 1]) take(candidates[2 * i + 1]!);
      }
      if (chosen.size < query.limit && genre) {
        for (const id of await radio.genreFill(genre, [...excluded, ...seeds, ...chosen.keys()], query.limit - chosen.size)) {
          take({ id, reason: { kind: 'same-genre', seedId: kind === 'track' ? value : null, detail: genre } });
        }
      }
      // A small catalogue: the newest public tracks of any genre (not for a genre's own radio).
      if (chosen.size < query.limit && kind !== 'genre') {
        for (const id of await radio.newestFill([...excluded, ...seeds, ...chosen.keys()], query.limit - chosen.size)) take({ id, reason: { kind: 'fresh', seedId: null, detail: null } });
      }
      return [...chosen.values()];
    };
    let picks = await pickFrom(kind === 'track' ? [value, ...exclude] : exclude);
    // Everything near the seed was played: start over, keeping out only the last few plays.
    if (picks.length === 0) picks = await pickFrom(exclude.slice(0, REPEAT_GUARD));
    return { seed: { kind, id: value, label }, items: await this.items(picks, kind === 'track' ? value : undefined) };
  }

  /** A track's similar tracks for its page: visible ones, best first. */
  async similar(trackId: string, viewer: Actor | undefined, secret?: string): Promise<SimilarTracks> {
    const row = await this.deps.tracks.getById(trackId);
    if (!row || !canSeeTrack(row, viewer, secret)) throw new NotFoundError('This track does not exist or was removed.', 'track_not_found');
    const rows = await this.deps.radio.similarTo(trackId, [], SIMILAR_TRACKS_LIMIT);
    return { items: await this.items(rows.map(toPick), trackId) };
  }

  /**
   * The listener's mix of the day: neighbours of their most recent plays and likes, made at the
   * first request of the UTC day and kept (daily_mixes), so it is the same all day. Empty for a
   * listener who has played and liked nothing.
   */
  async dailyMix(userId: string, now = new Date()): Promise<DailyMix> {
    const { radio } = this.deps;
    const day = now.toISOString().slice(0, 10);
    let stored = await radio.getDailyMix(userId, day);
    if (stored === undefined) {
      const seeds = await radio.listenerSeeds(userId, now.toISOString(), 10);
      if (seeds.length === 0) return { day, items: [] };
      const similar = await this.similarOfSeeds(seeds, seeds, DAILY_MIX_SIZE);
      let picks = similar.map(toPick);
      if (picks.length < DAILY_MIX_SIZE) {
        const genres = await this.genreOf(seeds);
        const genre = genres.get(seeds[0]!);
        if (genre) {
          const fill = await radio.genreFill(genre, [...seeds, ...picks.map((p) => p.id)], DAILY_MIX_SIZE - picks.length);
          picks = [...picks, ...fill.map((id): Pick_ => ({ id, reason: { kind: 'same-genre', seedId: seeds[0]!, detail: genre } }))];
        }
      }
      if (picks.length === 0) return { day, items: [] };
      stored = await radio.saveDailyMix(userId, day, JSON.stringify(picks.slice(0, DAILY_MIX_SIZE)));
    }
    return { day, items: await this.items(JSON.parse(stored) as Pick_[]) };
  }

  /** The seeds' similar tracks, taken in turns (the first seed first), each once. */
  private async similarOfSeeds(seeds: string[], exclude: string[], limit: number): Promise<SimilarRow[]> {
    const lists = await Promise.all([...new Set(seeds)].map((seed) => this.deps.radio.similarTo(seed, exclude, limit)));
    const out = new Map<string, SimilarRow>();
    for (let i = 0; out.size < limit && lists.some((l) => i < l.length); i++) {
      for (const list of lists) {
        const row = list[i];
        if (row && !out.has(row.similar_id) && !seeds.includes(row.similar_id) && out.size < limit) out.set(row.similar_id, row);
      }
    }
    return [...out.values()];
  }

  private async genreOf(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.deps.tracks.getManyVisible(ids);
    return new Map(rows.map((r) => [r.id, r.genre]));
  }

  /** The picks as visible tracks with their worded reasons, in the picks' order (a track hidden meanwhile drops out). */
  private async items(picks: Pick_[], shownSeed?: string): Promise<RadioItem[]> {
    const ids = [...new Set([...picks.map((p) => p.id), ...picks.flatMap((p) => (p.reason.seedId ? [p.reason.seedId] : []))])];
    const rows = new Map((await this.deps.tracks.getMany(ids)).map((r) => [r.id, r]));
    const items: RadioItem[] = [];
    for (const pick of picks) {
      const row = rows.get(pick.id);
      if (!row || row.hidden) continue;
      // A seed's title is told when the public may see it, or the viewer opened it (shownSeed).
      const seedRow = pick.reason.seedId ? rows.get(pick.reason.seedId) : undefined;
      const seed = seedRow && (!seedRow.hidden || seedRow.id === shownSeed) ? seedRow : undefined;
      items.push({ track: toTrack(row), reason: { ...pick.reason, seedTitle: seed?.title ?? null, detail: pick.reason.detail ?? detailOf(pick.reason.kind, row, seed) } });
    }
    return items;
  }
}

function toPick(row: SimilarRow): Pick_ {
  return { id: row.similar_id, reason: { kind: REASON_KIND[row.reason], seedId: row.track_id } };
}

/** The shared tag of a same-tags pick, the genre of a same-genre one. */
function detailOf(kind: RadioReason['kind'], track: TrackWithArtist, seed: TrackWithArtist | undefined): string | null {
  if (kind === 'same-genre') return track.genre as Genre;
  if (kind === 'same-tags' && seed) {
    const seedTags = new Set(parseTags(seed.tags));
    return parseTags(track.tags).find((t) => seedTags.has(t)) ?? null;
  }
  return null;
}
