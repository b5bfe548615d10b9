import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { JobRun } from '../jobs/job-queue.js';
import type { Fts5Table, SearchIndexRepository } from '../repositories/search-index.repository.js';

export interface SearchIndexDeps {
  index: SearchIndexRepository;
  log: (message: string) => void;
  /** Leaf pages written per merge step (default MERGE_STEP_PAGES). */
  stepPages?: number;
  /** Segments a table may keep once its small ones are folded (default MAX_SEGMENTS); more, and it is merged into one. */
  maxSegments?: number;
}

/**
 * Leaf pages per merge step: at a million tracks a step of 100 pages takes ~5 ms (p50, p90 under
 * 10) and a whole merge of the seed's 16 segments 271 steps (bench/catalogue.md, sixth session;
 * 200 pages put the p90 at 16 ms). Each step is a write transaction of its own, run on the event
 * loop (better-sqlite3 is synchronous), so the step's length is both the write lock's hold and the
 * longest wait it adds to a request.
 */
export const MERGE_STEP_PAGES = 100;
/**
 * Folded, an index written a track at a time keeps at most one segment per level: 1–6 of them at a
 * million tracks over 60 runs after 100 writes each, now and then folded into the big one by FTS5
 * itself (bench/catalogue.md, sixth session). A lookup pays ~0.03 ms per small segment. More than
 * this is a bulk load's or a long-neglected index's shape, merged into one (~3.5 s of steps at a
 * million tracks, the whole index rewritten), which a lower bound would do at almost every run.
 */
export const MAX_SEGMENTS = 8;
/** How often `search-index-merge` runs. */
const SEARCH_INDEX_EVERY_MINUTES = 5;
/** A bound on the steps of one merge in one run: a writer that never stops cannot keep the job going. */
const MAX_STEPS = 5_000;

export interface CompactReport {
  table: Fts5Table;
  segmentsBefore: number;
  segmentsAfter: number;
  /** Merge statements run, the last of each merge the one that found no work. */
  steps: number;
  /** Whether a merge of every segment into one was started (more than maxSegments were left). */
  merged: boolean;
}

/**
 * Keeps SQLite's FTS5 search indexes compact: a lookup reads every segment, and at a
 * million tracks the seed's 16 segments made a rare word's lookup 4.2 ms instead of 1.2
 * (bench/catalogue.md). The `search-index-merge` job, every few minutes, for each FTS5 table of
 * more than one segment:
 * 1. when the largest segment holds at least half of the index, folds what was written beside it:
 *    FTS5 'merge' steps of a positive budget, which merge segments of one level (two are enough:
 *    `usermerge` 2), so the small segments the writes left become one without rewriting the big one;
 * 2. when more than maxSegments remain (after folding; or unfolded when no segment holds half of
 *    the index, as after a bulk load), merges all of them into one: a first step of a negative budget puts every segment on one level and starts
 *    the merge, the next steps carry it on.
 * Each step is a short transaction of its own; between steps the job rests as long as the step
 * took, so requests and other writers go first. A run stopped halfway leaves a merge FTS5 carries
 * on at the next run. Nothing to do on PostgreSQL (the repository lists no tables there).
 */
export class SearchIndexService {
  constructor(private readonly deps: SearchIndexDeps) {}

  /**
   * `search-index-merge`, every five minutes where there are indexes to keep (a run after a hundred
   * uploads takes milliseconds); not at start, so a start's first requests do not meet it.
   */
  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: 'search-index-merge',
          run: async (_data, run) => {
            for (const report of await this.compact(run)) {
              this.deps.log(`Search index: ${report.table} ${report.segmentsBefore} → ${report.segmentsAfter} segments in ${report.steps} merge steps`);
            }
          },
          policy: { retryLimit: 1, retryDelaySeconds: 60, timeoutSeconds: 15 * 60 },
          everyMinutes: this.hasWork() ? SEARCH_INDEX_EVERY_MINUTES : undefined,
        }),
      ],
    };
  }

  /** Whether this database has indexes to keep compact (SQLite's FTS5 tables; none on PostgreSQL). */
  hasWork(): boolean {
    return this.deps.index.tables().length > 0;
  }

  /** Compacts every FTS5 table of more than one segment; reports the tables it merged. */
  async compact(run?: Pick<JobRun, 'signal'>): Promise<CompactReport[]> {
    const { index } = this.deps;
    const reports: CompactReport[] = [];
    for (const table of index.tables()) {
      const sizes = await index.segments(table);
      if (sizes.length <= 1 || run?.signal.aborted) continue;
      // Fold only when the other segments together are smaller than the largest (what writes leave
      // beside a merged index); segments of like sizes (a bulk load) are merged into one at once,
      // not folded first into a few (which rewrote the seed's index twice).
      const largest = Math.max(...sizes);
      const total = sizes.reduce((a, b) => a + b, 0);
      let steps = largest * 2 >= total ? await this.merge(table, false, run) : 0;
      const merged = (await index.segments(table)).length > (this.deps.maxSegments ?? MAX_SEGMENTS) && !run?.signal.aborted;
      if (merged) steps += await this.merge(table, true, run);
      reports.push({ table, segmentsBefore: sizes.length, segmentsAfter: (await index.segments(table)).length, steps, merged });
    }
    return reports;
  }

  /** Merge steps until one finds no work; `whole` starts a merge of every segment into one. Returns the steps run. */
  private async merge(table: Fts5Table, whole: boolean, run?: Pick<JobRun, 'signal'>): Promise<number> {
    const pages = this.deps.stepPages ?? MERGE_STEP_PAGES;
    let steps = 0;
    while (steps < MAX_STEPS && !run?.signal.aborted) {
      const started = performance.now();
      const worked = await this.deps.index.mergeStep(table, pages, whole && steps === 0);
      steps += 1;
      if (!worked) break;
      // Requests go first: the job rests as long as its step took (radio-similar does the same).
      const rest = Math.min(250, performance.now() - started);
      await new Promise((resolve) => (rest > 1 ? setTimeout(resolve, rest) : setImmediate(resolve)));
    }
    return steps;
  }
}
