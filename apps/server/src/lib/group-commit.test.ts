import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A commit function that records its batches and finishes each when the test says so. */
function controlled<Item>() {
  const batches: Item[][] = [];
  const finishers: Array<{ ok(): void; fail(error: Error): void }> = [];
  const commit = (items: Item[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      finishers.push({ ok: () => resolve(items.map((i) => `done ${String(i)}`)), fail: reject });
    });
  return { batches, finishers, commit };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('puts the items submitted in one event-loop turn into one batch and resolves each with its own result', async () => {
    const c = controlled<number>();
    const group = new GroupCommit({ commit: c.commit });
    const results = [1, 2, 3].map((i) => group.submit(i));
    await turn();
    expect(c.batches).toEqual([[1, 2, 3]]);
    c.finishers[0]?.ok();
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'done 3']);
  });

  it('collects what arrives while a batch commits into the next batch, which starts after the commit', async () => {
    const c = controlled<number>();
    const group = new GroupCommit({ commit: c.commit });
    const first = group.submit(1);
    await turn();
    const later = [2, 3, 4].map((i) => group.submit(i));
    await turn();
    expect(c.batches, 'nothing starts while the first batch commits').toEqual([[1]]);
    c.finishers[0]?.ok();
    await first;
    await turn();
    expect(c.batches).toEqual([[1], [2, 3, 4]]);
    c.finishers[1]?.ok();
    expect(await Promise.all(later)).toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('rejects every item of a failed batch with its error, and later batches still commit', async () => {
    const c = controlled<number>();
    const group = new GroupCommit({ commit: c.commit });
    const settled = Promise.allSettled([1, 2, 3].map((i) => group.submit(i)));
    await turn();
    const failure = new Error('disk full');
    c.finishers[0]?.fail(failure);
    expect((await settled).map((s) => (s.status === 'rejected' ? s.reason : 'resolved'))).toEqual([failure, failure, failure]);
    const next = group.submit(4);
    await turn();
    c.finishers[1]?.ok();
    expect(await next).toBe('done 4');
  });

  it('rejects every item when commit throws synchronously or returns the wrong number of results', async () => {
    const throwing = new GroupCommit<number, string>({
      commit: () => {
        throw new Error('no connection');
      },
    });
    await expect(Promise.all([throwing.submit(1), throwing.submit(2)])).rejects.toThrow('no connection');
    const short = new GroupCommit<number, string>({ commit: async () => ['only one'] });
    const results = await Promise.allSettled([short.submit(1), short.submit(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('splits a queue longer than maxBatch and runs up to maxConcurrent batches at once', async () => {
    const c = controlled<number>();
    const group = new GroupCommit({ commit: c.commit, maxBatch: 2, maxConcurrent: 2 });
    const all = [1, 2, 3, 4, 5].map((i) => group.submit(i));
    await turn();
    expect(c.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(group.pending).toEqual({ queued: 1, committing: 2 });
    c.finishers[1]?.ok();
    await turn();
    await turn();
    expect(c.batches.at(-1)).toEqual([5]);
    c.finishers[0]?.ok();
    c.finishers[2]?.ok();
    expect(await Promise.all(all)).toHaveLength(5);
    await group.idle();
    expect(group.pending).toEqual({ queued: 0, committing: 0 });
  });
});
