/**
 * Group commit: many callers' items written by one transaction. `submit()` queues an item and
 * resolves with that item's result once the batch holding it has committed; if the batch fails,
 * every item in it rejects with the batch's error, so no caller is told "done" for work that was
 * rolled back.
 *
 * Batches form by themselves, with no timer: a batch starts at the end of the event-loop turn in
 * which its first item arrived (so requests parsed together go together), and items arriving while
 * `maxConcurrent` batches are committing wait and go in the next one. At low load a batch is one
 * item and waits for nothing; under load it holds what arrived during the last commit.
 */
export interface GroupCommitOptions<Item, Result> {
  /**
   * Writes `items` in one transaction and returns one result per item, in order. It must have
   * committed when it resolves; throwing (or rejecting) fails the whole batch.
   */
  commit(items: Item[]): Promise<Result[]>;
  /** Items per batch at most (a bound on one statement's parameters). Default 256. */
  maxBatch?: number;
  /** Batches committing at the same time at most. Default 1. */
  maxConcurrent?: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export class GroupCommit<Item, Result> {
  private readonly maxBatch: number;
  private readonly maxConcurrent: number;
  private queue: Array<Waiting<Item, Result>> = [];
  private running = 0;
  private scheduled = false;
  private readonly idleWaiters: Array<() => void> = [];

  constructor(private readonly options: GroupCommitOptions<Item, Result>) {
    this.maxBatch = options.maxBatch ?? 256;
    this.maxConcurrent = options.maxConcurrent ?? 1;
    if (this.maxBatch < 1 || this.maxConcurrent < 1) throw new RangeError('maxBatch and maxConcurrent must be at least 1');
  }

  /** Resolves with the item's result after its batch has committed; rejects if the batch failed. */
  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting for a batch, and batches committing: for tests and diagnostics. */
  get pending(): { queued: number; committing: number } {
    return { queued: this.queue.length, committing: this.running };
  }

  /** Resolves once nothing is queued or committing (every submitted item has settled). */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.maxConcurrent) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.running < this.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.running++;
      void this.run(batch);
    }
  }

  private async run(batch: Array<Waiting<Item, Result>>): Promise<void> {
    try {
      const results = await this.options.commit(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(results[i] as Result));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.running--;
      if (this.queue.length > 0) this.schedule();
      else if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }
}
