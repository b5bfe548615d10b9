import type { JobQueue, JobRun } from '../jobs/job-queue.js';
import type { Fts5Table, SearchIndexRepository } from '../repositories/search-index.repository.js';

export interface SearchIndexDeps {
  index: SearchIndexRepository;
  jobs: Pick<JobQueue, 'register'>;
  log: (message: string) => void;
  /** Leaf pages written per merge step (default MERGE_STEP_PAGES). */
  stepPages?: number;
  /** Segments a table may keep once its small ones are folded (default MAX_SEGMENTS); more, and it is merged into one. */
  maxSegments?: number;
}

/**
 * Leaf pages per merge step: at a million tracks a step of 100 pages takes ~4.5 ms (p50) and a
 * whole merge of the 16-segment index ~270 steps (bench/catalogue.md, sixth session). Each step is
 * a write transaction of its own, run on the event loop (better-sqlite3 is synchronous), so the
 * step's length is both the write lock's hold and the longest wait it adds to a request.
 */
export const MERGE_STEP_PAGES = 100;
/** The usual shape between merges: the big segment and one of what was written since. */
export const MAX_SEGMENTS = 2;
/** A bound on the steps of one merge in one run: a writer that never stops cannot keep the job going. */
const MAX_STEPS = 5_000;

export interface CompactReport {
  table: Fts5Table;
  segmentsBefore: number;
  segmentsAfter: number;
  /** Merge statements run, the last of each merge the one that found no work. */
  steps: number;
  /** Whether the index was merged into one segment (after folding left more than maxSegments). */
  merged: boolean;
}

/**
 * Keeps SQLite's FTS5 search indexes compact (issue 11): a lookup reads every segment, and at a
 * million tracks the seed's 16 segments made a rare word's lookup 4.2 ms instead of 1.2
 * (bench/catalogue.md). The `search-index-merge` job, every few minutes, for each FTS5 table of
 * more than one segment:
 * 1. folds what was written since the last run: FTS5 'merge' steps of a positive budget, which
 *    merge segments of one level (two are enough: `usermerge` 2), so the small segments the
 *    writes left become one, without rewriting the big one;
 * 2. when more than maxSegments remain (a bulk load, or levels a long time filled), merges all of
 *    them into one: a first step of a negative budget puts every segment on one level and starts
 *    the merge, the next steps carry it on.
 * Each step is a short transaction of its own; between steps the job rests as long as the step
 * took, so requests and other writers go first. A run stopped halfway leaves a merge FTS5 carries
 * on at the next run. Nothing to do on PostgreSQL (the repository lists no tables there).
 */
export class SearchIndexService {
  constructor(private readonly deps: SearchIndexDeps) {}

  async listen(): Promise<void> {
    await this.deps.jobs.register(
      'search-index-merge',
      async (_data, run) => {
        for (const report of await this.compact(run)) {
          this.deps.log(`Search index: ${report.table} ${report.segmentsBefore} → ${report.segmentsAfter} segments in ${report.steps} merge steps`);
        }
      },
      { retryLimit: 1, retryDelaySeconds: 60, timeoutSeconds: 15 * 60 },
    );
  }

  /** Compacts every FTS5 table of more than one segment; reports the tables it merged. */
  async compact(run?: Pick<JobRun, 'signal'>): Promise<CompactReport[]> {
    const { index } = this.deps;
    const reports: CompactReport[] = [];
    for (const table of index.tables()) {
      const segmentsBefore = await index.segments(table);
      if (segmentsBefore <= 1 || run?.signal.aborted) continue;
      let steps = await this.merge(table, false, run);
      const merged = (await index.segments(table)) > (this.deps.maxSegments ?? MAX_SEGMENTS) && !run?.signal.aborted;
      if (merged) steps += await this.merge(table, true, run);
      reports.push({ table, segmentsBefore, segmentsAfter: await index.segments(table), steps, merged });
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
