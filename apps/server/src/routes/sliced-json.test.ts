import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { slicedJson } from './sliced-json.js';

const item = z.object({ n: z.number().int(), label: z.string(), note: z.string().optional() });
const answer = z.object({
  title: z.string(),
  missing: z.string().optional(),
  items: z.array(item),
  count: z.number(),
  last: z.string().nullable().optional(),
});
type Answer = z.output<typeof answer>;

async function chunksOf(stream: Readable): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(String(chunk));
  return chunks;
}

async function* fromArrays<T>(slices: T[][], reads: string[] = []): AsyncGenerator<T[]> {
  for (const [i, slice] of slices.entries()) {
    reads.push(`slice ${i}`);
    yield slice;
  }
}

describe('slicedJson', () => {
  const items = Array.from({ length: 7 }, (_, n) => ({ n, label: `"${n}"\n`, ...(n % 2 ? { note: 'é', extra: 'stripped' } : {}) }));
  const cases: Array<[string, Answer]> = [
    ['fields before and after the list', { title: 'A "title"', items, count: 7, last: null }],
    ['an optional field left out', { title: 't', missing: undefined, items, count: 7 }],
    ['an empty list', { title: 't', items: [], count: 0, last: 'x' }],
  ];

  it.each(cases)('writes what the serializer writes at once: %s', async (_name, whole) => {
    const expected = JSON.stringify(z.encode(answer, whole));
    for (const cut of [[whole.items], [whole.items.slice(0, 3), [], whole.items.slice(3)], whole.items.map((i) => [i])]) {
      const text = (await chunksOf(slicedJson(answer, 'items', { ...whole, items: [] }, fromArrays(cut)))).join('');
      expect(text).toBe(expected);
    }
  });

  it('writes the list first or last in its object as well', async () => {
    const first = z.object({ items: z.array(item), after: z.number() });
    const last = z.object({ before: z.number(), items: z.array(item) });
    const slices = () => fromArrays([items.slice(0, 2), items.slice(2)]);
    expect((await chunksOf(slicedJson(first, 'items', { items: [], after: 1 }, slices()))).join('')).toBe(JSON.stringify(z.encode(first, { items, after: 1 })));
    expect((await chunksOf(slicedJson(last, 'items', { before: 1, items: [] }, slices()))).join('')).toBe(JSON.stringify(z.encode(last, { before: 1, items })));
  });

  it('writes a slice at a time, reading the next only after the event loop has turned', async () => {
    const events: string[] = [];
    async function* watched(): AsyncGenerator<Answer['items']> {
      for (const [i, slice] of [items.slice(0, 3), items.slice(3, 6), items.slice(6)].entries()) {
        events.push(`read ${i}`);
        // Runs at the loop's next turn: before the next slice's read only if the writer let the loop turn.
        setImmediate(() => events.push(`turn after ${i}`));
        yield slice;
      }
    }
    const chunks = await chunksOf(slicedJson(answer, 'items', { title: 't', items: [], count: 7 }, watched()));
    // The head, a chunk per slice, the tail.
    expect(chunks).toHaveLength(5);
    expect(events.slice(0, 5)).toEqual(['read 0', 'turn after 0', 'read 1', 'turn after 1', 'read 2']);
  });

  it('ends the stream with an error when an item fails its schema', async () => {
    const stream = slicedJson(answer, 'items', { title: 't', items: [], count: 2 }, fromArrays([[items[0]], [{ n: 1.5, label: 'x' }]] as Answer['items'][]));
    await expect(chunksOf(stream)).rejects.toThrow();
  });

  it('refuses a head that fails its schema before anything is written', () => {
    expect(() => slicedJson(answer, 'items', { title: 't', items: [], count: 'many' } as unknown as Answer, fromArrays([items]))).toThrow();
  });
});
